import type { ThemeConfig } from 'antd';

/**
 * The suite theme: calm clinical blues, generous but not loose spacing, system fonts. Every text colour
 * reaches 4.5:1 on white and on the page background (#f4f7f9), and control borders 3:1 (WCAG 2.2 AA):
 * antd derives secondary, description, placeholder and disabled text as translucent base colour, which
 * lands between 1.6:1 and 2.7:1, so they are set as solid colours here and no page overrides them.
 */
export const suiteTheme: ThemeConfig = {
  token: {
    colorPrimary: '#1d6a8c',
    colorInfo: '#1d6a8c',
    colorSuccess: '#2e7d4f',
    colorWarning: '#b7791f',
    colorError: '#b42318',
    // Hovered and pressed primary and danger controls turn darker, not lighter: white text on them and
    // a hovered link keep 4.5:1 (antd's lighter hover of #1d6a8c gives 4.49:1).
    colorPrimaryHover: '#175a78',
    colorPrimaryActive: '#134d66',
    colorLinkHover: '#175a78',
    colorLinkActive: '#134d66',
    colorErrorHover: '#9a1d14',
    colorErrorActive: '#801710',
    // Warning text (a search hint, a failed QR code) is darker than the warning icon colour: 6.3:1.
    colorWarningText: '#8a5310',
    // antd tints the info colour into a grey-blue that a link inside an info notice falls short of 4.5:1 on.
    colorInfoBg: '#e8f2f7',
    colorInfoBorder: '#9cc3d5',
    colorBgLayout: '#f4f7f9',
    colorTextBase: '#1f2a33',
    // 6.2:1 on white, 5.7:1 on the page background.
    colorTextSecondary: '#56636e',
    // 5.7:1 and 5.3:1: field hints, MRN and dates in lists, card descriptions, empty states.
    colorTextTertiary: '#5b6873',
    colorTextDescription: '#5b6873',
    // 4.9:1 on white: a placeholder or a disabled value still carries information.
    colorTextPlaceholder: '#66727c',
    colorTextDisabled: '#66727c',
    // 3.3:1: the edge of an input or a default button is how one finds the control.
    colorBorder: '#868e96',
    borderRadius: 6,
    fontFamily:
      "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif",
  },
  components: {
    Layout: { headerBg: '#12394d', bodyBg: '#f4f7f9' },
    Modal: { titleFontSize: 18 },
  },
};
