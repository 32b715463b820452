import { downloadFromLink } from '@ewrt/shared/kit';
import type { DownloadLinkResponse, PatientDocument } from '@ewrt/contract';
import { generateFileList } from './documentsApi';

/** The name the spec gives a patient's generated file list. */
export const fileListName = (patientId: number) => `patient_${patientId}_document_list.txt`;

/** Has the server write the list of these documents' names through `generate`, then downloads it as `filename`. */
export async function downloadFileList(
  documents: readonly PatientDocument[],
  generate: (filenames: readonly string[]) => Promise<DownloadLinkResponse>,
  filename: string,
): Promise<void> {
  const link = await generate(documents.map((document) => document.filename));
  downloadFromLink(link.download_url, filename);
}

/** Has the server write the list of these patient documents' names, then downloads it. */
export async function downloadDocumentFileList(
  patientId: number,
  documents: readonly PatientDocument[],
): Promise<void> {
  await downloadFileList(
    documents,
    (filenames) => generateFileList(patientId, filenames),
    fileListName(patientId),
  );
}
