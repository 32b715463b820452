import type { ChronologyEvent, ChronologyPlace, SourceLocation } from '@ewrt/contract';
import { sourcePlace } from '../conversation/sourceLabel';
import { formatEventDate } from './formatEventDate';

/** A page that states something: a chronology event's place, or the page that raises a record-review flag. */
export type CitedPlace = Pick<ChronologyPlace, 'filename' | 's3_key' | 'page' | 'bundle_page' | 'chunk_id'> &
  Partial<Pick<ChronologyPlace, 'source' | 'ocr_confidence'>>;

/** No indexed passage has this id (ids start at 1): the page view then shows the event's passage as its preview. */
const NO_PASSAGE = 0;

/**
 * A place where an event is stated, in the shape the citation view opens: the page, its bundle page, how it was
 * read, and the event's passage (highlighted on the page by its chunk, or shown as the preview when the page has
 * been re-indexed since the chronology was built).
 */
export function placeCitation(place: CitedPlace, event: Pick<ChronologyEvent, 'passage'>): SourceLocation {
  return {
    source_number: 1,
    filename: place.filename,
    s3_key: place.s3_key,
    page: place.page,
    bundle_page: place.bundle_page,
    chunk_id: place.chunk_id ?? NO_PASSAGE,
    source: place.source ?? 'text',
    ocr_confidence: place.ocr_confidence ?? null,
    score: 0,
    location_details: {
      files: [place.filename],
      pages: [place.page],
      bundle_pages: place.bundle_page === null ? [] : [place.bundle_page],
      content_preview: event.passage,
    },
  };
}

/** The citation view's title for a place: "Event of 03/04/2023: letter.pdf, page 2 (bundle page 14)". */
export function placeCitationTitle(
  place: ChronologyPlace,
  event: Pick<ChronologyEvent, 'date' | 'precision'>,
): string {
  return `Event of ${formatEventDate(event.date, event.precision)}: ${sourcePlace(place)}`;
}

/** A place as its button shows it: "letter.pdf, p. 2 (bundle p. 14)". */
export function placeLabel(place: Pick<ChronologyPlace, 'filename' | 'page' | 'bundle_page'>): string {
  const bundle = place.bundle_page === null ? '' : ` (bundle p. ${place.bundle_page})`;
  return `${place.filename}, p. ${place.page}${bundle}`;
}
