import { Typography } from 'antd';

/** Part 3 §2: built by the transcription issue (ground only). */
export function LiveTranscriptionPage() {
  return <Typography.Title level={2}>Live Transcription</Typography.Title>;
}
