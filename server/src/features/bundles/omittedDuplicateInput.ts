import type { OmittedDuplicate } from '@ewrt/contract';

/**
 * A set-aside copy as the bundle job receives it: the kept document's id lets the job number it as the index does,
 * after any document deleted meanwhile has been left out.
 */
export interface OmittedDuplicateInput extends OmittedDuplicate {
  duplicate_of_document_id: number;
}
