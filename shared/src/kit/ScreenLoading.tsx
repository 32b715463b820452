import { Flex, Spin } from 'antd';

/** Shown while a screen's code arrives the first time it is opened. */
export function ScreenLoading() {
  return (
    <Flex justify="center" style={{ padding: 48 }} role="status">
      <Spin size="large" description="Loading..." />
    </Flex>
  );
}
