import { Typography } from 'antd';

/** Part 3 §2: built by the transcription issue (ground only). */
export function AudioUploadPage() {
  return <Typography.Title level={2}>Audio Upload Transcription</Typography.Title>;
}
