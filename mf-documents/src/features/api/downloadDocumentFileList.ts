import type { PatientDocument } from '@ewrt/contract';
import { generateFileList } from './documentsApi';
import { downloadFromLink } from './downloadFromLink';

/** The name the spec gives a patient's generated file list. */
export const fileListName = (patientId: number) => `patient_${patientId}_document_list.txt`;

/** Has the server write the list of these documents' names, then downloads it. */
export async function downloadDocumentFileList(
  patientId: number,
  documents: readonly PatientDocument[],
): Promise<void> {
  const link = await generateFileList(
    patientId,
    documents.map((document) => document.filename),
  );
  downloadFromLink(link.download_url, fileListName(patientId));
}
