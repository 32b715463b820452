import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DocumentUploadResponse, DocumentValidationResult, JobStatusResponse } from '@ewrt/contract';
import { UPLOAD_REDIRECT_JOB_LIST } from '@ewrt/contract/limits';
import { getErrorMessage, subscribeToJobUpdates } from '@ewrt/shared';
import type { UploadDocumentOptions } from '../api/documentsApi';
import { jobFailureMessage } from './jobFailureMessage';
import { PROCESSING_MESSAGES } from './processingMessages';
import { jobProgressPercent, UPLOAD_PROGRESS_SHARE, uploadProgressPercent } from './processingTimings';
import { isFinished, isReadyToSend, type UploadItem } from './uploadItem';
import { watchJob, type JobWatch, type ReadJobStatus } from './watchJob';

/** The calls one kind of upload is made with: patient documents and opinion documents have their own. */
export interface UploadCalls {
  validate: (filename: string, fileSize: number) => Promise<DocumentValidationResult>;
  /** Sends one file; null while nothing may be sent (no patient chosen yet). */
  upload: ((file: File, options: UploadDocumentOptions) => Promise<DocumentUploadResponse>) | null;
  readJobStatus: ReadJobStatus;
}

/** The screen's own words for a Process that sent nothing, and for an upload the server refused. */
export interface UploadRefusalMessages {
  /** No files chosen, or (patients) no patient. */
  nothingSelected: string;
  noValidFiles: string;
  uploadFailed: string;
}

export interface UploadProcessing {
  items: UploadItem[];
  addFile: (file: File) => void;
  removeFile: (uid: string) => void;
  /** Removes the files that have finished (completed or failed), to start another batch. */
  clearFinished: () => void;
  /** Sends every validated file; answers why nothing was sent, or null. */
  process: () => string | null;
  /** Files of the last Process are still being sent. */
  uploading: boolean;
  /** Some job of the last Process has been running for 2 minutes. */
  takingLonger: boolean;
  /** Some job of the last Process was given up after 10 minutes. */
  timedOut: boolean;
  /** Every file of the last Process has finished and at least one job succeeded: time to open the job list. */
  jobsSucceeded: boolean;
}

type Patch = Partial<UploadItem>;

function finishedJobPatch(status: JobStatusResponse): Patch {
  switch (status.status) {
    case 'completed':
      return {
        status: 'completed',
        progress: 100,
        message: PROCESSING_MESSAGES.completed,
        chunksCreated: status.output_data?.processing_result?.chunks_created ?? 0,
      };
    case 'cancelled':
      return { status: 'error', message: PROCESSING_MESSAGES.cancelled };
    default:
      return {
        status: 'error',
        message: jobFailureMessage(status.error_message),
        detail: status.error_message ?? undefined,
      };
  }
}

/**
 * The files of a processing screen: each validated with the server when added, uploaded on Process (upload
 * progress up to 10 %), then followed through its background job until it finishes, fails or times out.
 * `calls.upload` and `calls.readJobStatus` should keep their identity between renders (useMemo/useCallback).
 */
export function useUploadProcessing(calls: UploadCalls, messages: UploadRefusalMessages): UploadProcessing {
  const { validate, upload, readJobStatus } = calls;
  const [items, setItems] = useState<UploadItem[]>([]);
  const [sentUids, setSentUids] = useState<ReadonlySet<string>>(new Set());
  const [uploading, setUploading] = useState(false);
  const [takingLonger, setTakingLonger] = useState(false);
  const [timedOut, setTimedOut] = useState(false);
  const nextUid = useRef(0);
  /** The job watches under way, by job id. */
  const watches = useRef(new Map<number, JobWatch>());
  const mounted = useRef(true);

  useEffect(() => {
    mounted.current = true;
    const active = watches.current;
    return () => {
      mounted.current = false;
      active.forEach((watch) => watch.stop());
      active.clear();
    };
  }, []);

  const update = useCallback((uid: string, patch: Patch) => {
    if (!mounted.current) return;
    setItems((current) => current.map((item) => (item.uid === uid ? { ...item, ...patch } : item)));
  }, []);

  const addFile = useCallback(
    (file: File) => {
      nextUid.current += 1;
      const uid = `file-${nextUid.current}`;
      setItems((current) => [
        ...current,
        { uid, file, status: 'pending', valid: null, progress: 0, message: PROCESSING_MESSAGES.validating },
      ]);
      validate(file.name, file.size).then(
        (result) =>
          update(
            uid,
            result.valid
              ? { valid: true, message: PROCESSING_MESSAGES.ready }
              : {
                  valid: false,
                  status: 'error',
                  message: PROCESSING_MESSAGES.validationFailed(result.errors),
                },
          ),
        (error: unknown) =>
          update(uid, {
            valid: false,
            status: 'error',
            message: PROCESSING_MESSAGES.validationError,
            detail: getErrorMessage(error, PROCESSING_MESSAGES.validateFailed),
          }),
      );
    },
    [update, validate],
  );

  const removeFile = useCallback((uid: string) => {
    setItems((current) => current.filter((item) => item.uid !== uid || item.status === 'processing'));
  }, []);

  const clearFinished = useCallback(() => {
    setItems((current) => current.filter((item) => !isFinished(item)));
    setSentUids(new Set());
    setTakingLonger(false);
    setTimedOut(false);
  }, []);

  const follow = useCallback(
    (uid: string, jobId: number) => {
      const watch = watchJob(
        jobId,
        {
          onProgress: (status) =>
            update(uid, {
              progress: jobProgressPercent(status.progress_percentage),
              message: status.current_step_description ?? PROCESSING_MESSAGES.queued,
            }),
          onFinished: (status) => {
            watches.current.delete(jobId);
            update(uid, finishedJobPatch(status));
          },
          onTakingLonger: () => {
            if (mounted.current) setTakingLonger(true);
          },
          onTimedOut: () => {
            watches.current.delete(jobId);
            update(uid, { status: 'error', message: PROCESSING_MESSAGES.jobTimedOut });
            if (mounted.current) setTimedOut(true);
          },
          onLost: (error) => {
            watches.current.delete(jobId);
            update(uid, {
              status: 'error',
              message: PROCESSING_MESSAGES.checkStatusFailed,
              detail: getErrorMessage(error, PROCESSING_MESSAGES.checkStatusFailed),
            });
          },
        },
        { readStatus: readJobStatus },
      );
      watches.current.set(jobId, watch);
    },
    [readJobStatus, update],
  );

  const send = useCallback(
    async (sendFile: NonNullable<UploadCalls['upload']>, batch: UploadItem[], uploadFailed: string) => {
      setUploading(true);
      // One file at a time: the uploads share the connection, the jobs then run side by side on the server.
      for (const item of batch) {
        if (!mounted.current) return;
        update(item.uid, { status: 'processing', progress: 0, message: PROCESSING_MESSAGES.uploading });
        try {
          const answer = await sendFile(item.file, {
            onProgress: (fraction) => update(item.uid, { progress: uploadProgressPercent(fraction) }),
          });
          if (answer.job_id !== undefined) {
            update(item.uid, {
              progress: UPLOAD_PROGRESS_SHARE,
              message: PROCESSING_MESSAGES.queued,
              jobId: answer.job_id,
              opensJobList: answer.redirect_to === UPLOAD_REDIRECT_JOB_LIST,
            });
            if (mounted.current) follow(item.uid, answer.job_id);
          } else {
            update(item.uid, {
              status: 'completed',
              progress: 100,
              message: answer.message || PROCESSING_MESSAGES.completed,
              chunksCreated: answer.result?.chunks_created,
            });
          }
        } catch (error) {
          // A duplicate (409), a file too large (413) or of the wrong type (415): the server says which.
          update(item.uid, {
            status: 'error',
            message: uploadFailed,
            detail: getErrorMessage(error, PROCESSING_MESSAGES.unknownError),
          });
        }
      }
      if (mounted.current) setUploading(false);
    },
    [follow, update],
  );

  const { nothingSelected, noValidFiles, uploadFailed } = messages;
  const process = useCallback((): string | null => {
    if (upload === null || items.length === 0) return nothingSelected;
    const batch = items.filter(isReadyToSend);
    if (batch.length === 0) return noValidFiles;
    setSentUids(new Set(batch.map((item) => item.uid)));
    setTakingLonger(false);
    setTimedOut(false);
    void send(upload, batch, uploadFailed);
    return null;
  }, [items, noValidFiles, nothingSelected, send, upload, uploadFailed]);

  // A push about a followed job polls it at once rather than at its next turn; polling stays the schedule.
  const following = items.some((item) => item.status === 'processing' && item.jobId !== undefined);
  useEffect(() => {
    if (!following) return;
    return subscribeToJobUpdates((job) => watches.current.get(job.id)?.pollNow());
  }, [following]);

  const jobsSucceeded = useMemo(() => {
    if (uploading || sentUids.size === 0) return false;
    const sent = items.filter((item) => sentUids.has(item.uid));
    return (
      sent.every(isFinished) && sent.some((item) => item.status === 'completed' && item.opensJobList === true)
    );
  }, [items, sentUids, uploading]);

  return {
    items,
    addFile,
    removeFile,
    clearFinished,
    process,
    uploading,
    takingLonger,
    timedOut,
    jobsSucceeded,
  };
}
