import { App, ConfigProvider } from 'antd';
import enGB from 'antd/locale/en_GB';
import dayjs from 'dayjs';
import 'dayjs/locale/en-gb';
import { useEffect, useMemo, type ReactNode } from 'react';
import { ACCESSIBILITY_CSS } from './accessibilityStyles';
import { suiteTheme } from './theme';
import { usePrefersReducedMotion } from './usePrefersReducedMotion';
import { wrapFocusInModals } from './wrapFocusInModals';

// Date pickers format and start weeks the British way, like every date the suite shows.
dayjs.locale('en-gb');

/**
 * antd theme, en-GB locale and the antd App context (message, notification, modal) for every root. It
 * also keeps Tab inside open modals and turns antd's animations off when the user prefers less motion.
 */
export function AppProviders({ children }: { children: ReactNode }) {
  const reducedMotion = usePrefersReducedMotion();
  const theme = useMemo(
    () => (reducedMotion ? { ...suiteTheme, token: { ...suiteTheme.token, motion: false } } : suiteTheme),
    [reducedMotion],
  );
  useEffect(() => wrapFocusInModals(), []);
  return (
    <ConfigProvider locale={enGB} theme={theme}>
      <style href="ewrt-accessibility" precedence="default">
        {ACCESSIBILITY_CSS}
      </style>
      <App>{children}</App>
    </ConfigProvider>
  );
}
