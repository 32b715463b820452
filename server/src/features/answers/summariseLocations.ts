/** A passage's place, as far as the summary needs it. */
export interface PassagePlace {
  documentId: number;
  filename: string;
  page: number;
}

function pageList(pages: number[]): string {
  return pages.length === 1 ? `page ${pages[0]}` : `pages ${pages.join(', ')}`;
}

/**
 * One line naming where the passages come from, documents in order of their best passage and pages ascending:
 * "8 passages from 2 documents: mri.pdf (pages 2, 3); gp-letter.docx (page 1)".
 */
export function summariseLocations(passages: readonly PassagePlace[]): string {
  if (passages.length === 0) return 'No passages matched the question';
  const documents = new Map<number, { filename: string; pages: Set<number> }>();
  for (const passage of passages) {
    const entry = documents.get(passage.documentId) ?? {
      filename: passage.filename,
      pages: new Set<number>(),
    };
    entry.pages.add(passage.page);
    documents.set(passage.documentId, entry);
  }
  const parts = [...documents.values()].map(
    (document) => `${document.filename} (${pageList([...document.pages].sort((a, b) => a - b))})`,
  );
  const passageCount = `${passages.length} passage${passages.length === 1 ? '' : 's'}`;
  const documentCount = `${documents.size} document${documents.size === 1 ? '' : 's'}`;
  return `${passageCount} from ${documentCount}: ${parts.join('; ')}`;
}
