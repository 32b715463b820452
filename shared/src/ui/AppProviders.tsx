import { App, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import type { ReactNode } from 'react';
import { suiteTheme } from './theme';

// Date pickers format and start weeks the British way, like every date the suite shows.
dayjs.locale('en-gb');

/** antd theme, en-GB locale and the antd App context (message, notification, modal) for every root. */
export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={enGB} theme={suiteTheme}>
      <App>{children}</App>
    </ConfigProvider>
  );
}
