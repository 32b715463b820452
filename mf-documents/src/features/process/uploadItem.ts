// One file of the processing screen and the totals shown about them (DOC-04, Upload file item).

export type UploadItemStatus = 'pending' | 'processing' | 'completed' | 'error';

export interface UploadItem {
  /** Tells two files of the same name apart. */
  uid: string;
  file: File;
  status: UploadItemStatus;
  /** Whether the server accepted the file's name and size; null while that is being checked. */
  valid: boolean | null;
  /** 0-100: the upload fills the first 10, the job the rest. */
  progress: number;
  message: string;
  /** The server's own words about a failure, shown under the message. */
  detail?: string;
  chunksCreated?: number;
  jobId?: number;
  /** The upload's answer asked for the job list to be opened once the work is done. */
  opensJobList?: boolean;
}

export interface UploadTotals {
  total: number;
  valid: number;
  failed: number;
  /** Mean progress of the files that passed validation, 0-100. */
  overallProgress: number;
  successful: number;
  totalChunks: number;
}

export function summarizeUploads(items: readonly UploadItem[]): UploadTotals {
  const validItems = items.filter((item) => item.valid === true);
  const progressSum = validItems.reduce((sum, item) => sum + item.progress, 0);
  return {
    total: items.length,
    valid: validItems.length,
    failed: items.filter((item) => item.status === 'error').length,
    overallProgress: validItems.length === 0 ? 0 : Math.round(progressSum / validItems.length),
    successful: items.filter((item) => item.status === 'completed').length,
    totalChunks: items.reduce((sum, item) => sum + (item.chunksCreated ?? 0), 0),
  };
}

/** Ready to be sent: validated and not yet sent. */
export function isReadyToSend(item: UploadItem): boolean {
  return item.valid === true && item.status === 'pending';
}

export function isFinished(item: UploadItem): boolean {
  return item.status === 'completed' || item.status === 'error';
}
