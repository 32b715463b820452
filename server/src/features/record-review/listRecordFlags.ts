import type { RecordFlag } from '@ewrt/contract';
import type { Queryable } from '../../db/Database.js';
import { bundlePagesFor } from '../answers/bundlePagesFor.js';
import { readChronologyEvidence } from '../chronology/readChronologyEvidence.js';
import { findRecordFlags, type FlagPlace } from './findRecordFlags.js';
import { createRecordReviewRepository } from './recordReviewRepository.js';

/**
 * The patient's flags of missing records and gaps over `gapDays`, each with its pages named (file, page, bundle
 * page), over the documents in the records: the record review's list, and the one a draft report prints.
 */
export async function listRecordFlags(
  db: Queryable,
  patient: { id: number; groupId: number },
  gapDays: number,
): Promise<RecordFlag[]> {
  const { events, pagesByDocument } = await readChronologyEvidence(db, patient);
  const named = new Map(
    (await createRecordReviewRepository(db).processedDocuments(patient.id, patient.groupId)).map(
      (document) => [document.id, document],
    ),
  );
  const found = findRecordFlags({ events, pagesByDocument, gapDays });
  const bundlePages = await bundlePagesFor(
    db,
    patient.id,
    found.flatMap((flag) => flag.places.map((place) => place.documentId)),
  );
  const toPlace = (place: FlagPlace) => {
    const document = named.get(place.documentId)!;
    return {
      filename: document.filename,
      s3_key: document.storageKey,
      page: place.page,
      bundle_page: bundlePages.get(place.documentId)?.[place.page - 1] ?? null,
      chunk_id: place.chunkId,
    };
  };
  return found.map((flag) => ({
    kind: flag.kind,
    title: flag.title,
    passage: flag.passage,
    date: flag.date,
    end_date: flag.endDate,
    days: flag.days,
    places: flag.places.map(toPlace),
  }));
}
