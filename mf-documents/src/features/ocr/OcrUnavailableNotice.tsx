import { Alert, Typography } from 'antd';
import { useProcessingCapabilities } from './useProcessingCapabilities';

export const OCR_UNAVAILABLE_TITLE = 'Scanned pages will not be readable';

/**
 * Warns before an upload when the server cannot OCR: pages without a text layer (scans, faxes) would then be
 * reported as unreadable rather than indexed. Shows nothing while OCR is available or the server does not say.
 */
export function OcrUnavailableNotice() {
  const capabilities = useProcessingCapabilities();
  if (!capabilities || capabilities.ocr.available) return null;
  const { message, install_command: installCommand } = capabilities.ocr;
  return (
    <Alert
      type="warning"
      showIcon
      title={OCR_UNAVAILABLE_TITLE}
      description={
        <>
          <Typography.Paragraph style={{ marginBottom: installCommand ? 8 : 0 }}>
            {message ? `${message.replace(/\.$/, '')}. ` : ''}
            Pages without a text layer (scans, faxes) are kept but cannot be searched or cited until OCR is
            installed on the server; processing names them.
          </Typography.Paragraph>
          {installCommand ? (
            <Typography.Paragraph style={{ marginBottom: 0 }}>
              An administrator can install it with{' '}
              <Typography.Text code copyable={{ tooltips: ['Copy the command', 'Copied'] }}>
                {installCommand}
              </Typography.Text>
            </Typography.Paragraph>
          ) : null}
        </>
      }
    />
  );
}
