// What each app bundles for itself rather than takes from the `@ewrt/shared` singleton: screen layout (antd Card,
// Spin, Flex, Typography), file downloads and the patient a patient-scoped tool works on. The singleton loads with
// the landing page, so everything in it reaches every visitor before sign-in; these are needed only on the screens
// that use them.
export { downloadFromLink } from './downloadFromLink';
export { followDownloadLink } from './followDownloadLink';
export { ScreenLoading } from './ScreenLoading';
export { SectionCard } from './SectionCard';
export { ConfirmDeletionModal } from './ConfirmDeletionModal';
export { CreateNamedItemModal } from './CreateNamedItemModal';
export { getPatient } from './getPatient';
export { searchPatients } from './searchPatients';
export { useRequestedPatient, type RequestedPatient } from './useRequestedPatient';
export { usePatientListing, type PatientListingState } from './usePatientListing';
export {
  filenameFromContentDisposition,
  requestCallFile,
  requestFile,
  saveExportedFile,
  type ExportedFile,
} from './exportedFile';
export { DateOfEventField, type DateOfEventFieldProps } from './DateOfEventField';
export { splitCitations, type AnswerPart } from './splitCitations';
export { PageViewer, PAGE_VIEWER_MESSAGES, type PageLocation } from './PageViewer';
export { PageImageView, PAGE_IMAGE_MESSAGES, PAGE_ZOOMS } from './PageImageView';
export { pageImageParams, type PageImageRequest, type PageSource } from './PageSource';
export {
  getBundleDownload,
  getDocumentDownload,
  getPatientDocumentPage,
  getPatientPageImage,
  openBundleAtPage,
  patientPageSource,
} from './patientPageSource';
export { CHECK_ORIGINAL_ADVICE, OcrPassageNote, ocrReadingText } from './OcrPassageNote';
export { MUTED_TEXT } from './mutedText';
