import { Alert, Typography } from 'antd';

/** What the opinion corpus is and what its actions do, in plain words. */
export function OpinionDocumentsInfoPanel() {
  return (
    <Alert
      type="info"
      showIcon
      title="About opinion documents"
      description={
        <>
          <Typography.Paragraph style={{ marginBottom: 8 }}>
            These are your own documents, kept apart from patient records: nobody else can list, query or
            download them, an administrator neither. Each one is split into short passages that are indexed,
            so that Opinion Query can answer from them and cite them; the indexed passages count is how many
            there are.
          </Typography.Paragraph>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            Deleting a document removes its passages. Rebuild Vectors indexes every stored opinion document
            again, in the background, for instance after a failed update.
          </Typography.Paragraph>
        </>
      }
    />
  );
}
