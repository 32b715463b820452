import { Spin } from 'antd';

/** antd's large spinner, the moving part of FullPageSpinner. */
export function LargeSpin() {
  return <Spin size="large" />;
}
