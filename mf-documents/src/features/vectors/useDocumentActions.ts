import { useState } from 'react';
import { App } from 'antd';
import type {
  DocumentDeleteResponse,
  DownloadLinkResponse,
  PatientDocument,
  RebuildVectorsResponse,
} from '@ewrt/contract';
import { getErrorMessage } from '@ewrt/shared';
import { downloadFromLink } from '@ewrt/shared/kit';
import { deletionOutcome } from './deletionOutcome';

/** The calls behind a document list's actions: a patient's documents and opinion documents have their own. */
export interface DocumentActionCalls {
  getDownload: (s3Key: string) => Promise<DownloadLinkResponse>;
  deleteDocument: (s3Key: string) => Promise<DocumentDeleteResponse>;
  rebuild: () => Promise<RebuildVectorsResponse>;
  downloadFileList: (documents: readonly PatientDocument[]) => Promise<void>;
}

/** The fallbacks shown when an action fails without a message from the server. */
export interface DocumentActionMessages {
  downloadFailed: string;
  deleteFailed: string;
  rebuildFailed: string;
  fileListFailed: string;
  noDocumentsToDownload: string;
}

/** A result that stays on screen until the next action: a rebuild started, or a deletion with a failed rebuild. */
export type DocumentNotice = { kind: 'rebuild-started'; jobId: number } | { kind: 'warning'; text: string };

export interface DocumentActions {
  /** The document whose deletion is being confirmed, and whether the deletion is under way. */
  deleting: { document: PatientDocument; busy: boolean } | null;
  /** The document whose download is being prepared. */
  downloadingKey: string | null;
  rebuilding: boolean;
  listing: boolean;
  notice: DocumentNotice | null;
  dismissNotice: () => void;
  download: (document: PatientDocument) => Promise<void>;
  askDelete: (document: PatientDocument) => void;
  cancelDelete: () => void;
  confirmDelete: () => Promise<void>;
  rebuild: () => Promise<void>;
  downloadFileList: (documents: readonly PatientDocument[]) => Promise<void>;
}

interface DocumentActionsOptions {
  /** Null while the list is not known (no patient named): every action then does nothing. */
  calls: DocumentActionCalls | null;
  messages: DocumentActionMessages;
  /** Called after a document was deleted, to load the listing again. */
  onDeleted: () => void;
}

/**
 * Download, delete (after a confirmation), rebuild and file list of a document listing, with their busy states and
 * their messages: the server's message when it gives one, else the screen's fallback.
 */
export function useDocumentActions({ calls, messages, onDeleted }: DocumentActionsOptions): DocumentActions {
  const { message } = App.useApp();
  const [deleting, setDeleting] = useState<DocumentActions['deleting']>(null);
  const [downloadingKey, setDownloadingKey] = useState<string | null>(null);
  const [rebuilding, setRebuilding] = useState(false);
  const [listing, setListing] = useState(false);
  const [notice, setNotice] = useState<DocumentNotice | null>(null);

  const download = async (document: PatientDocument) => {
    if (!calls) return;
    setDownloadingKey(document.s3_key);
    try {
      const link = await calls.getDownload(document.s3_key);
      downloadFromLink(link.download_url, link.filename || document.filename);
    } catch (error) {
      void message.error(getErrorMessage(error, messages.downloadFailed));
    } finally {
      setDownloadingKey(null);
    }
  };

  const confirmDelete = async () => {
    if (!calls || !deleting) return;
    const { document } = deleting;
    setDeleting({ document, busy: true });
    try {
      const answer = await calls.deleteDocument(document.s3_key);
      setDeleting(null);
      const outcome = deletionOutcome(document.filename, answer);
      if (outcome.kind === 'warning') setNotice({ kind: 'warning', text: outcome.text });
      else void message.success(outcome.text);
      onDeleted();
    } catch (error) {
      setDeleting({ document, busy: false });
      void message.error(getErrorMessage(error, messages.deleteFailed));
    }
  };

  const rebuild = async () => {
    if (!calls) return;
    setRebuilding(true);
    setNotice(null);
    try {
      const answer = await calls.rebuild();
      setNotice({ kind: 'rebuild-started', jobId: answer.job_id });
    } catch (error) {
      void message.error(getErrorMessage(error, messages.rebuildFailed));
    } finally {
      setRebuilding(false);
    }
  };

  const downloadFileList = async (documents: readonly PatientDocument[]) => {
    if (!calls) return;
    if (documents.length === 0) {
      void message.warning(messages.noDocumentsToDownload);
      return;
    }
    setListing(true);
    try {
      await calls.downloadFileList(documents);
    } catch (error) {
      void message.error(getErrorMessage(error, messages.fileListFailed));
    } finally {
      setListing(false);
    }
  };

  return {
    deleting,
    downloadingKey,
    rebuilding,
    listing,
    notice,
    dismissNotice: () => setNotice(null),
    download,
    askDelete: (document) => setDeleting({ document, busy: false }),
    cancelDelete: () => setDeleting(null),
    confirmDelete,
    rebuild,
    downloadFileList,
  };
}
