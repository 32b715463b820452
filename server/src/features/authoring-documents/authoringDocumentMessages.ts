import {
  AUTHORING_DOCX_MAX_MEGABYTES,
  REPORT_TEMPLATE_DESCRIPTION_MAX_LENGTH,
  REPORT_TEMPLATE_NAME_MAX_LENGTH,
} from '@ewrt/contract';

/** Which of the user's Word documents a message is about, as the spec's messages name them. */
export type AuthoringDocumentKind = 'example documents' | 'report templates';

/** What the style document and report template calls answer; the spec's own wording where it gives one. */
export const AUTHORING_DOCUMENT_MESSAGES = {
  notYourDocuments: 'Example documents and report templates can only be used by their own user',
  onlyDocx: (kind: AuthoringDocumentKind) => `Only .docx files are allowed for ${kind}`,
  tooLarge: `File size exceeds ${AUTHORING_DOCX_MAX_MEGABYTES}MB limit`,
  noFile: 'Choose a .docx file to upload',
  notMultipart: 'Send the file as multipart/form-data',
  exampleUploaded: 'Example document uploaded successfully',
  exampleReplaced: 'Example document replaced successfully',
  exampleDeleted: 'Example document deleted successfully',
  noExampleDocument: 'You have no example document',
  templateNameRequired: 'Template name is required',
  templateNameTooLong: `Template name is too long (at most ${REPORT_TEMPLATE_NAME_MAX_LENGTH} characters)`,
  descriptionTooLong: `Description is too long (at most ${REPORT_TEMPLATE_DESCRIPTION_MAX_LENGTH} characters)`,
  unstorableText: 'The text contains characters that cannot be stored',
  templateUploaded: 'Template uploaded successfully',
  templateUpdated: 'Template updated successfully',
  templateDeleted: 'Template deleted successfully',
  templateNotFound: 'Template not found',
} as const;
