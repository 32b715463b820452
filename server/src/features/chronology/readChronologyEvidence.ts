import type { Queryable } from '../../db/Database.js';
import { createChronologyRepository, type StoredChronologyEvent } from './chronologyRepository.js';
import type { IndexedPage } from './extractDatedMentions.js';

/** A patient's chronology events over the documents in the records, with those documents' indexed pages. */
export interface ChronologyEvidence {
  events: StoredChronologyEvent[];
  pagesByDocument: Map<number, IndexedPage[]>;
}

/**
 * The chronology as the record review reads it. A chronology built before a copy was set aside still cites it:
 * only places on pages in the records are kept, and events left with none are dropped.
 */
export async function readChronologyEvidence(
  db: Queryable,
  patient: { id: number; groupId: number },
): Promise<ChronologyEvidence> {
  const chronologies = createChronologyRepository(db);
  const pagesByDocument = new Map<number, IndexedPage[]>();
  for (const document of await chronologies.sourceDocuments(patient.id, patient.groupId))
    pagesByDocument.set(document.id, await chronologies.indexedPages(document.id));
  const events = (await chronologies.events(patient.id))
    .map((event) => ({
      ...event,
      places: event.places.filter((place) => pagesByDocument.has(place.documentId)),
    }))
    .filter((event) => event.places.length > 0);
  return { events, pagesByDocument };
}
