// Page-wide rules antd's theme tokens cannot express.
// - Target size (WCAG 2.5.8): antd draws a few icon-only controls smaller than 24×24 CSS px: the password
//   field's show/hide eye (14×14), an input's clear cross (12×12) and Typography's copy button. Their
//   clickable box grows to 24×24 around an unchanged icon; negative margins keep the field's height.
// - Motion (WCAG 2.3.3): with "reduce motion" set, CSS transitions and animations end at once (antd's
//   own motion is switched off through its theme token in AppProviders).

/** The style sheet, rendered once per page by AppProviders (React 19 deduplicates it by `href`). */
export const ACCESSIBILITY_CSS = `
.ant-input-password-icon,
.ant-input-clear-icon,
.ant-typography-copy {
  display: inline-flex;
  align-items: center;
  justify-content: center;
  min-width: 24px;
  min-height: 24px;
  margin-block: -4px;
}
.ant-typography-copy {
  vertical-align: middle;
}
@media (prefers-reduced-motion: reduce) {
  *, *::before, *::after {
    animation-duration: 0.01ms !important;
    animation-iteration-count: 1 !important;
    transition-duration: 0.01ms !important;
    scroll-behavior: auto !important;
  }
}
`;
