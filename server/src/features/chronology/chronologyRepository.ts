import { JOB_TYPES, type ChronologyEventKind, type ModelInfo } from '@ewrt/contract';
import type { Queryable } from '../../db/Database.js';
import { toIsoDateTime } from '../../db/toIsoDateTime.js';
import { notSetAside, SET_ASIDE_FINGERPRINT_SQL } from '../record-review/setAsideSql.js';
import type { DatePrecision } from '../../platform/dates/readUkDates.js';
import { rebuildPageText, type IndexedPassage } from '../conversations/rebuildPageText.js';
import type { IndexedPage, UnreadPageDate } from './extractDatedMentions.js';

export type ChronologyDescriber = 'language-model' | 'rules';

/** A processed document whose pages the chronology reads, in reading order. */
export interface ChronologySourceDocument {
  id: number;
  filename: string;
  pageCount: number | null;
}

/** The patient's latest chronology build. */
export interface StoredChronology {
  jobId: number | null;
  builtAt: string | null;
  documentsFingerprint: string | null;
  describedBy: ChronologyDescriber | null;
  modelInfo: ModelInfo | null;
}

/** What an event says, stored and shown alike. */
interface ChronologyEventContent {
  precision: DatePrecision;
  dateText: string;
  kind: ChronologyEventKind;
  passage: string;
  summary: string | null;
  summarySupported: boolean | null;
  clinician: string | null;
  /** Care planned, not given. */
  planned: boolean;
  /** The other reading (month first) of a date whose document cannot tell day from month; null otherwise. */
  alternativeIso: string | null;
}

/** A numeric date no reading makes a real day, with its place, as the chronology lists it. */
export interface StoredUnreadDate {
  documentId: number;
  filename: string;
  storageKey: string;
  page: number;
  dateText: string;
  passage: string;
}

/** One page that states an event. */
interface ChronologyEventPlace {
  documentId: number;
  page: number;
  chunkId: number | null;
  source: 'text' | 'ocr';
  ocrConfidence: number | null;
}

/** An event to store, with its places in order. */
export interface NewChronologyEvent extends ChronologyEventContent {
  iso: string;
  places: ChronologyEventPlace[];
}

/** A stored event with its places, as the chronology shows it. */
export interface StoredChronologyEvent extends ChronologyEventContent {
  id: number;
  date: string;
  places: (ChronologyEventPlace & { filename: string; storageKey: string })[];
}

interface EventRow {
  id: number;
  event_date: string;
  precision: DatePrecision;
  date_text: string;
  kind: ChronologyEventKind;
  passage: string;
  summary: string | null;
  summary_supported: boolean | null;
  clinician: string | null;
  planned: boolean;
  alternative_date: string | null;
}

interface PlaceRow {
  event_id: number;
  document_id: number;
  filename: string;
  storage_key: string;
  page: number;
  chunk_id: string | number | null;
  source: 'text' | 'ocr';
  ocr_confidence: number | null;
}

/** Rows per INSERT when the events of a build are stored. */
const ROWS_PER_INSERT = 500;

export function createChronologyRepository(db: Queryable) {
  return {
    /** Serialises the starts of builds for one patient (the row lock is held to the end of the transaction). */
    async lockPatient(patientId: number): Promise<void> {
      await db.query(`SELECT id FROM patients WHERE id = $1 FOR UPDATE`, [patientId]);
    },

    async activeJobId(patientId: number): Promise<number | null> {
      const { rows } = await db.query<{ id: number }>(
        `SELECT id FROM jobs WHERE patient_id = $1 AND job_type = $2 AND status IN ('pending', 'running')
          ORDER BY id DESC LIMIT 1`,
        [patientId, JOB_TYPES.CHRONOLOGY],
      );
      return rows[0]?.id ?? null;
    },

    async latestJobId(patientId: number): Promise<number | null> {
      const { rows } = await db.query<{ id: number }>(
        `SELECT id FROM jobs WHERE patient_id = $1 AND job_type = $2 ORDER BY id DESC LIMIT 1`,
        [patientId, JOB_TYPES.CHRONOLOGY],
      );
      return rows[0]?.id ?? null;
    },

    /** The patient's surname (a titled name that is the patient's is not the clinician), or null once deleted. */
    async patientSurname(patientId: number): Promise<string | null> {
      const { rows } = await db.query<{ surname: string }>(`SELECT surname FROM patients WHERE id = $1`, [
        patientId,
      ]);
      return rows[0]?.surname ?? null;
    },

    async find(patientId: number): Promise<StoredChronology | null> {
      const { rows } = await db.query<{
        job_id: number | null;
        built_at: Date | string | null;
        documents_fingerprint: string | null;
        described_by: ChronologyDescriber | null;
        model_info: ModelInfo | null;
      }>(
        `SELECT job_id, built_at, documents_fingerprint, described_by, model_info FROM chronologies
          WHERE patient_id = $1`,
        [patientId],
      );
      const row = rows[0];
      if (!row) return null;
      return {
        jobId: row.job_id,
        builtAt: toIsoDateTime(row.built_at),
        documentsFingerprint: row.documents_fingerprint,
        describedBy: row.described_by,
        modelInfo: row.model_info,
      };
    },

    /**
     * A value that changes when the patient's indexed pages may have changed: the processed documents (count,
     * newest id, newest processing date) and the newest finished processing or index rebuild job. Chronology jobs
     * are left out: a finished build must not make itself out of date.
     */
    async documentsFingerprint(patientId: number): Promise<string> {
      const { rows } = await db.query<{
        documents: number;
        last_document: number | null;
        last_processed: string | null;
        last_job: number | null;
        set_aside: string;
      }>(
        `SELECT
           (SELECT count(*)::int FROM documents WHERE patient_id = $1 AND status = 'processed') AS documents,
           (SELECT max(id) FROM documents WHERE patient_id = $1 AND status = 'processed') AS last_document,
           (SELECT max(processed_date)::text FROM documents WHERE patient_id = $1 AND status = 'processed')
             AS last_processed,
           (SELECT max(id) FROM jobs WHERE patient_id = $1 AND job_type = ANY($2::text[])
              AND status IN ('completed', 'failed', 'cancelled')) AS last_job,
           ${SET_ASIDE_FINGERPRINT_SQL} AS set_aside`,
        [patientId, [JOB_TYPES.DOCUMENT_PROCESSING, JOB_TYPES.VECTOR_REBUILD]],
      );
      const row = rows[0]!;
      return `documents:${row.documents}/${row.last_document ?? 0}/${row.last_processed ?? '-'}|job:${row.last_job ?? 0}|set-aside:${row.set_aside}`;
    },

    /** The processed documents in reading order: the current bundle's order, then any added since, oldest first. */
    async sourceDocuments(patientId: number, groupId: number): Promise<ChronologySourceDocument[]> {
      const { rows } = await db.query<{ id: number; filename: string; page_count: number | null }>(
        `SELECT d.id, d.filename, d.page_count
           FROM documents d
           LEFT JOIN record_bundle_documents bd
             ON bd.document_id = d.id
            AND bd.bundle_id = (SELECT b.id FROM record_bundles b
                                 WHERE b.patient_id = $1 AND b.status = 'completed' ORDER BY b.id DESC LIMIT 1)
          WHERE d.patient_id = $1 AND d.group_id = $2 AND d.status = 'processed' AND ${notSetAside('d')}
          ORDER BY bd.position NULLS LAST, d.id`,
        [patientId, groupId],
      );
      return rows.map((row) => ({ id: row.id, filename: row.filename, pageCount: row.page_count }));
    },

    /** A document's indexed pages: each page's text put together from its passages, in page order. */
    async indexedPages(documentId: number): Promise<IndexedPage[]> {
      const { rows } = await db.query<{
        id: string | number;
        page: number;
        start_offset: number;
        end_offset: number;
        text: string;
        source: 'text' | 'ocr';
        ocr_confidence: number | null;
      }>(
        `SELECT id, page, start_offset, end_offset, text, source, ocr_confidence FROM document_chunks
          WHERE document_id = $1 ORDER BY page, start_offset, chunk_index`,
        [documentId],
      );
      const passagesByPage = new Map<number, IndexedPassage[]>();
      for (const row of rows) {
        const passages = passagesByPage.get(row.page) ?? [];
        passages.push({
          chunk_id: Number(row.id),
          start_offset: row.start_offset,
          end_offset: row.end_offset,
          text: row.text,
          source: row.source,
          ocr_confidence: row.ocr_confidence === null ? null : Number(row.ocr_confidence),
        });
        passagesByPage.set(row.page, passages);
      }
      return [...passagesByPage].map(([page, passages]) => {
        const rebuilt = rebuildPageText(passages);
        return {
          documentId,
          page,
          text: rebuilt.text,
          passages: rebuilt.passages.map((passage) => ({
            chunkId: passage.chunk_id,
            start: passage.start_offset,
            end: passage.end_offset,
            source: passage.source,
            ocrConfidence: passage.ocr_confidence,
          })),
        };
      });
    },

    /** Replaces the patient's chronology with this build's events (call inside a transaction). */
    async replace(
      patientId: number,
      build: {
        jobId: number | null;
        builtAt: Date;
        documentsFingerprint: string;
        describedBy: ChronologyDescriber;
        modelInfo: ModelInfo;
        events: readonly NewChronologyEvent[];
        unreadDates?: readonly UnreadPageDate[];
      },
    ): Promise<void> {
      await db.query(`DELETE FROM chronology_events WHERE patient_id = $1`, [patientId]);
      await db.query(`DELETE FROM chronology_unread_dates WHERE patient_id = $1`, [patientId]);
      const unread = build.unreadDates ?? [];
      if (unread.length > 0) {
        await db.query(
          `INSERT INTO chronology_unread_dates (patient_id, document_id, page, date_text, passage, position)
           SELECT $1, * FROM unnest($2::int[], $3::int[], $4::text[], $5::text[], $6::int[])`,
          [
            patientId,
            unread.map((date) => date.documentId),
            unread.map((date) => date.page),
            unread.map((date) => date.text),
            unread.map((date) => date.passage),
            unread.map((_, index) => index),
          ],
        );
      }
      await db.query(
        `INSERT INTO chronologies (patient_id, job_id, built_at, documents_fingerprint, described_by, model_info)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (patient_id) DO UPDATE SET job_id = EXCLUDED.job_id, built_at = EXCLUDED.built_at,
           documents_fingerprint = EXCLUDED.documents_fingerprint, described_by = EXCLUDED.described_by,
           model_info = EXCLUDED.model_info`,
        [
          patientId,
          build.jobId,
          build.builtAt,
          build.documentsFingerprint,
          build.describedBy,
          JSON.stringify(build.modelInfo),
        ],
      );
      for (let first = 0; first < build.events.length; first += ROWS_PER_INSERT) {
        const batch = build.events.slice(first, first + ROWS_PER_INSERT);
        const { rows } = await db.query<{ id: number; position: number }>(
          `INSERT INTO chronology_events (patient_id, event_date, precision, date_text, kind, passage, summary,
                                          summary_supported, clinician, position, planned, alternative_date)
           SELECT $1, t.event_date::date, t.precision, t.date_text, t.kind, t.passage, t.summary,
                  t.summary_supported, t.clinician, t.position, t.planned, t.alternative_date::date
             FROM unnest($2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::boolean[],
                         $9::text[], $10::int[], $11::boolean[], $12::text[])
                  AS t(event_date, precision, date_text, kind, passage, summary, summary_supported, clinician, position,
                       planned, alternative_date)
           RETURNING id, position`,
          [
            patientId,
            batch.map((event) => event.iso),
            batch.map((event) => event.precision),
            batch.map((event) => event.dateText),
            batch.map((event) => event.kind),
            batch.map((event) => event.passage),
            batch.map((event) => event.summary),
            batch.map((event) => event.summarySupported),
            batch.map((event) => event.clinician),
            batch.map((_, index) => first + index),
            batch.map((event) => event.planned),
            batch.map((event) => event.alternativeIso),
          ],
        );
        const idAt = new Map(rows.map((row) => [row.position, row.id]));
        const places = batch.flatMap((event, index) =>
          event.places.map((place, position) => ({ eventId: idAt.get(first + index)!, position, ...place })),
        );
        await db.query(
          `INSERT INTO chronology_event_places (event_id, document_id, page, chunk_id, source, ocr_confidence, position)
           SELECT * FROM unnest($1::int[], $2::int[], $3::int[], $4::bigint[], $5::text[], $6::real[], $7::int[])`,
          [
            places.map((place) => place.eventId),
            places.map((place) => place.documentId),
            places.map((place) => place.page),
            places.map((place) => place.chunkId),
            places.map((place) => place.source),
            places.map((place) => place.ocrConfidence),
            places.map((place) => place.position),
          ],
        );
      }
    },

    /** Removes the patient's chronology; answers how many events it held. */
    async deleteAllOfPatient(patientId: number): Promise<number> {
      const { rows } = await db.query<{ removed: number }>(
        `WITH removed AS (DELETE FROM chronology_events WHERE patient_id = $1 RETURNING 1)
         SELECT count(*)::int AS removed FROM removed`,
        [patientId],
      );
      await db.query(`DELETE FROM chronology_unread_dates WHERE patient_id = $1`, [patientId]);
      await db.query(`DELETE FROM chronologies WHERE patient_id = $1`, [patientId]);
      return rows[0]?.removed ?? 0;
    },

    /** The numeric dates the build could not read, in reading order, with their documents' names. */
    async unreadDates(patientId: number): Promise<StoredUnreadDate[]> {
      const { rows } = await db.query<{
        document_id: number;
        filename: string;
        storage_key: string;
        page: number;
        date_text: string;
        passage: string;
      }>(
        `SELECT u.document_id, d.filename, d.storage_key, u.page, u.date_text, u.passage
           FROM chronology_unread_dates u JOIN documents d ON d.id = u.document_id
          WHERE u.patient_id = $1 ORDER BY u.position`,
        [patientId],
      );
      return rows.map((row) => ({
        documentId: row.document_id,
        filename: row.filename,
        storageKey: row.storage_key,
        page: row.page,
        dateText: row.date_text,
        passage: row.passage,
      }));
    },

    /** The stored events in date order, each with its places (documents deleted since are gone from them). */
    async events(patientId: number): Promise<StoredChronologyEvent[]> {
      const { rows } = await db.query<EventRow>(
        `SELECT id, to_char(event_date, 'YYYY-MM-DD') AS event_date, precision, date_text, kind, passage, summary,
                summary_supported, clinician, planned,
                to_char(alternative_date, 'YYYY-MM-DD') AS alternative_date
           FROM chronology_events WHERE patient_id = $1 ORDER BY event_date, position`,
        [patientId],
      );
      const { rows: placeRows } = await db.query<PlaceRow>(
        `SELECT p.event_id, p.document_id, d.filename, d.storage_key, p.page, p.chunk_id, p.source, p.ocr_confidence
           FROM chronology_event_places p
           JOIN chronology_events e ON e.id = p.event_id
           JOIN documents d ON d.id = p.document_id
          WHERE e.patient_id = $1
          ORDER BY p.event_id, p.position`,
        [patientId],
      );
      const placesOf = new Map<number, StoredChronologyEvent['places']>();
      for (const row of placeRows) {
        const list = placesOf.get(row.event_id) ?? [];
        list.push({
          documentId: row.document_id,
          filename: row.filename,
          storageKey: row.storage_key,
          page: row.page,
          chunkId: row.chunk_id === null ? null : Number(row.chunk_id),
          source: row.source,
          ocrConfidence: row.ocr_confidence === null ? null : Number(row.ocr_confidence),
        });
        placesOf.set(row.event_id, list);
      }
      return rows
        .map((row) => ({
          id: row.id,
          date: row.event_date,
          precision: row.precision,
          dateText: row.date_text,
          kind: row.kind,
          passage: row.passage,
          summary: row.summary,
          summarySupported: row.summary_supported,
          clinician: row.clinician,
          planned: row.planned,
          alternativeIso: row.alternative_date,
          places: placesOf.get(row.id) ?? [],
        }))
        .filter((event) => event.places.length > 0);
    },
  };
}

export type ChronologyRepository = ReturnType<typeof createChronologyRepository>;
