import { Typography } from 'antd';

/** Part 3 §2: built by the transcription issue (ground only). */
export function ManageTranscriptionsPage() {
  return <Typography.Title level={2}>Manage Transcriptions</Typography.Title>;
}
