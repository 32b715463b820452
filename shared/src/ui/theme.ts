import type { ThemeConfig } from 'antd';

/** The suite theme: calm clinical blues, generous but not loose spacing, system fonts. */
export const suiteTheme: ThemeConfig = {
  token: {
    colorPrimary: '#1d6a8c',
    colorInfo: '#1d6a8c',
    colorSuccess: '#2e7d4f',
    colorWarning: '#b7791f',
    colorError: '#b42318',
    colorBgLayout: '#f4f7f9',
    colorTextBase: '#1f2a33',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#12394d', bodyBg: '#f4f7f9' },
    Modal: { titleFontSize: 18 },
  },
};
