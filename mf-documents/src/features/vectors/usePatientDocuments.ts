import { useMemo } from 'react';
import { listPatientDocuments } from '../api/documentsApi';
import { useDocumentListing, type DocumentListing, type DocumentListingState } from './useDocumentListing';

export type PatientDocumentsState = DocumentListingState;
export type PatientDocuments = DocumentListing;

export function usePatientDocuments(patientId: number | null): PatientDocuments {
  const load = useMemo(
    () => (patientId === null ? null : () => listPatientDocuments(patientId)),
    [patientId],
  );
  return useDocumentListing(load);
}
