import { Alert, Typography } from 'antd';

/** What "vectors" are, in plain words. */
export function VectorsInfoPanel() {
  return (
    <Alert
      type="info"
      showIcon
      title="About vectors"
      description={
        <>
          <Typography.Paragraph style={{ marginBottom: 8 }}>
            Vectors are the indexed passages of this patient&apos;s records that questions are answered from.
            When a document is processed, its text is split into short passages and each one is indexed; the
            vector count is how many passages there are.
          </Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            Deleting a document removes its passages. Rebuild Vectors indexes every stored document again, in
            the background, for instance after a failed update.
          </Typography.Paragraph>
        </>
      }
    />
  );
}
