import { useEffect, useState } from 'react';
import { Skeleton, Typography } from 'antd';
import { getPatientPageImage } from '@ewrt/shared/kit';
import { RECORD_REVIEW_MESSAGES } from './recordReviewMessages';

/** Small enough for two pages side by side. */
const THUMBNAIL_DPI = 100;

/** The first page of a document as it looks, for comparing copies side by side. */
export function FirstPageImage({
  patientId,
  s3Key,
  filename,
}: {
  patientId: number;
  s3Key: string;
  filename: string;
}) {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    setUrl(null);
    setFailed(false);
    getPatientPageImage(patientId, s3Key, 1, { dpi: THUMBNAIL_DPI })
      .then((image) => {
        if (!controller.signal.aborted) setUrl(image.image_url);
      })
      .catch(() => {
        if (!controller.signal.aborted) setFailed(true);
      });
    return () => controller.abort();
  }, [patientId, s3Key]);

  if (failed)
    return <Typography.Text type="secondary">{RECORD_REVIEW_MESSAGES.pageImageFailed}</Typography.Text>;
  if (url === null) return <Skeleton.Image active />;
  return (
    <img
      src={url}
      alt={`First page of ${filename}`}
      style={{ width: '100%', maxWidth: 320, border: '1px solid #d9d9d9' }}
    />
  );
}
