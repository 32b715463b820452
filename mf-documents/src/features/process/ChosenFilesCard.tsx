import type { ReactNode, Ref } from 'react';
import { Alert, Empty, Flex } from 'antd';
import { OcrUnavailableNotice } from '../ocr/OcrUnavailableNotice';
import { DocumentFilePicker } from './DocumentFilePicker';
import { PROCESSING_MESSAGES } from './processingMessages';
import type { UploadItem } from './uploadItem';
import { UploadItemCard } from './UploadItemCard';
import type { UploadProcessing } from './useUploadProcessing';
import { SectionCard } from '@ewrt/shared/kit';

interface ChosenFilesCardProps {
  title: string;
  /** The drop area's name; the picker's own when absent. */
  pickerTitle?: string;
  /** Wraps the picker, for a screen that moves the keyboard focus back to it. */
  pickerRef?: Ref<HTMLDivElement>;
  /** The screen's files: added by the picker, removed from their cards; "taking longer" while any still runs. */
  uploads: Pick<UploadProcessing, 'items' | 'addFile' | 'removeFile' | 'takingLonger'>;
  /** The screen's other progress notices, announced as they appear. */
  notices: ReactNode;
}

/** A file can be taken off the list until it has been sent: once it has a job, the job decides. */
const removable = (item: UploadItem) =>
  item.status === 'pending' || (item.status === 'error' && item.jobId === undefined);

/**
 * The file area of a processing screen: the server's OCR warning, the picker, the screen's notices and the chosen
 * files with their progress.
 */
export function ChosenFilesCard({ title, pickerTitle, pickerRef, uploads, notices }: ChosenFilesCardProps) {
  const { items, addFile, removeFile, takingLonger } = uploads;
  const stillRunning = items.some((item) => item.status === 'processing');
  return (
    <SectionCard title={title}>
      <Flex vertical gap="middle">
        <OcrUnavailableNotice />
        <div ref={pickerRef}>
          <DocumentFilePicker title={pickerTitle} onFile={addFile} />
        </div>
        <div aria-live="polite">
          {takingLonger && stillRunning && (
            <Alert type="info" showIcon title={PROCESSING_MESSAGES.takingLonger} />
          )}
          {notices}
        </div>
        {items.length === 0 ? (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No files chosen yet" />
        ) : (
          <div role="list" aria-label="Chosen files">
            <Flex vertical gap="small">
              {items.map((item) => (
                <UploadItemCard
                  key={item.uid}
                  item={item}
                  onRemove={removable(item) ? () => removeFile(item.uid) : undefined}
                />
              ))}
            </Flex>
          </div>
        )}
      </Flex>
    </SectionCard>
  );
}
