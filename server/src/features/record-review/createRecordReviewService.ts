import {
  RECORD_GAP_DEFAULT_DAYS,
  type CaseOverview,
  type CopiedPage,
  type DuplicateGroup,
  type DuplicateGroupsResponse,
  type RecordGapsQuery,
  type RecordGapsResponse,
  type RecordReviewChangeResponse,
  type RestoreDuplicateRequest,
  type SetAsideDuplicatesRequest,
} from '@ewrt/contract';
import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import { badRequest, notFound } from '../../http/HttpError.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import type { BundleService } from '../bundles/createBundleService.js';
import type { ChronologyService } from '../chronology/createChronologyService.js';
import { findPatientForTools } from '../patients/findPatientForTools.js';
import type { StoredPatient } from '../patients/StoredPatient.js';
import { buildRecordReviewDocx } from './buildRecordReviewDocx.js';
import { findCopiedPages } from './findCopiedPages.js';
import { listRecordFlags } from './listRecordFlags.js';
import {
  groupNearDuplicates,
  jaccard,
  NEAR_DUPLICATE_THRESHOLD,
  shinglesOf,
  type NearDuplicateGroup,
} from './findNearDuplicates.js';
import { createRecordReviewRepository, type ReviewedDocument } from './recordReviewRepository.js';
import { recordReviewFileName } from './recordReviewFileName.js';

export const RECORD_REVIEW_MESSAGES = {
  documentNotFound: 'Document not found',
  keepNotCopy: 'The document you keep cannot also be set aside',
  notACopy: (copy: string, kept: string) =>
    `\u201c${copy}\u201d is not a copy of \u201c${kept}\u201d: only documents grouped as copies can be set aside`,
  keptIsSetAside: (kept: string) =>
    `\u201c${kept}\u201d is set aside itself: bring it back before keeping it`,
  setAside: (count: number) =>
    `${count === 1 ? '1 copy' : `${count} copies`} set aside: still listed, but left out of record answers, the chronology and the bundle`,
  notSetAside: (filename: string) => `\u201c${filename}\u201d is not set aside`,
  restored: (filename: string) => `\u201c${filename}\u201d is back in the records`,
} as const;

export interface RecordReviewServiceDeps {
  db: Database;
  clock: Clock;
  chronology: ChronologyService;
  bundles: BundleService;
}

interface ComparedDocuments {
  documents: ReviewedDocument[];
  groups: NearDuplicateGroup[];
  shingles: Map<number, Uint32Array>;
}

/**
 * The record review calls: near-duplicate documents (list, set aside, undo), the flags of missing records and gaps,
 * and both as a Word document. Scoped like the chronology (findPatientForTools).
 */
export function createRecordReviewService(deps: RecordReviewServiceDeps) {
  const { db, clock, chronology, bundles } = deps;
  const reviews = createRecordReviewRepository(db);

  /** Every processed document compared with every other, set-aside copies kept in their kept document's group. */
  async function compare(patient: StoredPatient): Promise<ComparedDocuments> {
    const documents = await reviews.processedDocuments(patient.ID_Patient, patient.ID_Group);
    const texts = await reviews.texts(documents.map((document) => document.id));
    const candidates = documents.map((document) => ({ id: document.id, text: texts.get(document.id) ?? '' }));
    const setAside = documents.flatMap((document) =>
      document.setAsideAsCopyOf === null
        ? []
        : [
            {
              first: document.setAsideAsCopyOf,
              second: document.id,
              similarity: document.setAsideSimilarity ?? 0,
            },
          ],
    );
    const groups = groupNearDuplicates(candidates, NEAR_DUPLICATE_THRESHOLD, setAside);
    const shingles = new Map(
      groups.flatMap((group) => group.documentIds).map((id) => [id, shinglesOf(texts.get(id) ?? '')]),
    );
    return { documents, groups, shingles };
  }

  function toContractGroups({ documents, groups, shingles }: ComparedDocuments): DuplicateGroup[] {
    const byId = new Map(documents.map((document) => [document.id, document]));
    return groups.map((group) => {
      const members = group.documentIds.map((id) => byId.get(id)!);
      // The document the others were set aside as copies of leads its group; else the first in the records.
      const kept = members.find((member) => members.some((other) => other.setAsideAsCopyOf === member.id));
      const first = kept ?? members[0]!;
      const ordered = [first, ...members.filter((member) => member !== first)];
      return {
        similarity: group.similarity,
        documents: ordered.map((member) => ({
          filename: member.filename,
          s3_key: member.storageKey,
          page_count: member.pageCount,
          ocr_page_count: member.ocrPageCount,
          processed_date: member.processedDate,
          similarity: member === first ? 1 : jaccard(shingles.get(first.id)!, shingles.get(member.id)!),
          set_aside: member.setAsideAsCopyOf !== null,
          copy_of_s3_key:
            member.setAsideAsCopyOf === null ? null : (byId.get(member.setAsideAsCopyOf)?.storageKey ?? null),
          set_aside_at: member.setAsideAt,
          set_aside_by: member.setAsideBy,
        })),
      };
    });
  }

  /** Pages of the documents in the records found again in another of them, where the two are not copies as a whole. */
  async function copiedPages({ documents, groups }: ComparedDocuments): Promise<CopiedPage[]> {
    const inRecords = documents.filter((document) => document.setAsideAsCopyOf === null);
    const byId = new Map(inRecords.map((document) => [document.id, document]));
    const groupOf = new Map(
      groups.flatMap((group, index) => group.documentIds.map((id): [number, number] => [id, index])),
    );
    const pages = await reviews.pageTexts(inRecords.map((document) => document.id));
    const pageCounts = new Map(inRecords.map((document) => [document.id, document.pageCount ?? 1]));
    const sameGroup = (a: number, b: number) => groupOf.has(a) && groupOf.get(a) === groupOf.get(b);
    const named = ({ documentId, page }: { documentId: number; page: number }) => ({
      filename: byId.get(documentId)!.filename,
      s3_key: byId.get(documentId)!.storageKey,
      page,
    });
    return findCopiedPages(pages, pageCounts, sameGroup).map((copy) => ({
      page: named(copy.page),
      found_in: named(copy.foundIn),
      similarity: copy.similarity,
    }));
  }

  async function duplicateGroups(patient: StoredPatient): Promise<DuplicateGroupsResponse> {
    const compared = await compare(patient);
    return {
      threshold: NEAR_DUPLICATE_THRESHOLD,
      documents_compared: compared.documents.length,
      groups: toContractGroups(compared),
      copied_pages: await copiedPages(compared),
      set_aside_count: compared.documents.filter((document) => document.setAsideAsCopyOf !== null).length,
    };
  }

  /** The flags with their pages named (file, page, bundle page), over the documents in the records. */
  async function recordGaps(patient: StoredPatient, query: RecordGapsQuery): Promise<RecordGapsResponse> {
    const gapDays = query.gap_days ?? RECORD_GAP_DEFAULT_DAYS;
    const state = await chronology.state(patient);
    const flags = await listRecordFlags(db, { id: patient.ID_Patient, groupId: patient.ID_Group }, gapDays);
    return {
      chronology_state: state.state,
      chronology_out_of_date: state.out_of_date,
      gap_days: gapDays,
      missed_appointments: flags.filter((flag) => flag.kind === 'missed appointment').length,
      flags,
    };
  }

  function documentByKey(documents: readonly ReviewedDocument[], key: string): ReviewedDocument {
    const document = documents.find((candidate) => candidate.storageKey === key);
    if (!document) throw notFound(RECORD_REVIEW_MESSAGES.documentNotFound);
    return document;
  }

  return {
    async duplicates(
      user: AuthenticatedUser,
      patientId: number,
      audit: RequestAudit,
    ): Promise<DuplicateGroupsResponse> {
      const patient = await findPatientForTools(db, user, patientId, audit);
      const answer = await duplicateGroups(patient);
      audit.describe({ details: { groups: answer.groups.length, set_aside: answer.set_aside_count } });
      return answer;
    },

    /** Keeps one document and sets aside the copies named, each of which must be in the kept document's group. */
    async setAside(
      user: AuthenticatedUser,
      patientId: number,
      request: SetAsideDuplicatesRequest,
      audit: RequestAudit,
    ): Promise<RecordReviewChangeResponse> {
      const patient = await findPatientForTools(db, user, patientId, audit);
      const compared = await compare(patient);
      const kept = documentByKey(compared.documents, request.keep);
      if (kept.setAsideAsCopyOf !== null)
        throw badRequest(RECORD_REVIEW_MESSAGES.keptIsSetAside(kept.filename));
      const group = compared.groups.find((candidate) => candidate.documentIds.includes(kept.id));
      const copies: { id: number; similarity: number }[] = [];
      for (const key of new Set(request.set_aside)) {
        const copy = documentByKey(compared.documents, key);
        if (copy.id === kept.id) throw badRequest(RECORD_REVIEW_MESSAGES.keepNotCopy);
        if (!group?.documentIds.includes(copy.id))
          throw badRequest(RECORD_REVIEW_MESSAGES.notACopy(copy.filename, kept.filename));
        copies.push({
          id: copy.id,
          similarity: jaccard(compared.shingles.get(kept.id)!, compared.shingles.get(copy.id)!),
        });
      }
      const changed = await db.transaction(async (tx) => {
        const count = await createRecordReviewRepository(tx).setAside(
          patient.ID_Patient,
          kept.id,
          copies,
          user.id,
          clock(),
        );
        audit.describe({ details: { kept: kept.storageKey, set_aside: request.set_aside } });
        await audit.recordWithin(tx);
        return count;
      });
      return {
        success: true,
        message: RECORD_REVIEW_MESSAGES.setAside(changed),
        set_aside_count: await reviews.setAsideCount(patient.ID_Patient),
      };
    },

    /** Undo: the copy is back in the records (answers, chronology and bundle, once rebuilt). */
    async restore(
      user: AuthenticatedUser,
      patientId: number,
      request: RestoreDuplicateRequest,
      audit: RequestAudit,
    ): Promise<RecordReviewChangeResponse> {
      const patient = await findPatientForTools(db, user, patientId, audit);
      const documents = await reviews.processedDocuments(patient.ID_Patient, patient.ID_Group);
      const document = documentByKey(documents, request.s3_key);
      audit.describe({ details: { s3_key: document.storageKey } });
      if (!(await reviews.restore(patient.ID_Patient, document.id)))
        throw badRequest(RECORD_REVIEW_MESSAGES.notSetAside(document.filename));
      return {
        success: true,
        message: RECORD_REVIEW_MESSAGES.restored(document.filename),
        set_aside_count: await reviews.setAsideCount(patient.ID_Patient),
      };
    },

    async gaps(
      user: AuthenticatedUser,
      patientId: number,
      query: RecordGapsQuery,
      audit: RequestAudit,
    ): Promise<RecordGapsResponse> {
      const patient = await findPatientForTools(db, user, patientId, audit);
      const answer = await recordGaps(patient, query);
      audit.describe({ details: { flags: answer.flags.length, gap_days: answer.gap_days } });
      return answer;
    },

    /** What the records hold and where each tool stands, for the patient dashboard. */
    async overview(user: AuthenticatedUser, patientId: number, audit: RequestAudit): Promise<CaseOverview> {
      const patient = await findPatientForTools(db, user, patientId, audit);
      const counts = await reviews.overviewCounts(patient.ID_Patient, patient.ID_Group);
      const chronologyState = await chronology.state(patient);
      const bundle = (await bundles.stateOfPatient(patient)).bundle;
      return {
        documents: {
          total: counts.total,
          processed: counts.processed,
          processing: counts.processing,
          failed: counts.failed,
          set_aside: counts.set_aside,
        },
        pages: {
          total: counts.pages,
          scanned: counts.scanned,
          read_by_ocr: counts.read_by_ocr,
          low_confidence: counts.low_confidence,
          unreadable: counts.unreadable,
        },
        chronology: {
          state: chronologyState.state,
          out_of_date: chronologyState.out_of_date,
          built_at: chronologyState.built_at,
        },
        bundle: {
          status: bundle?.status ?? null,
          out_of_date: bundle?.out_of_date ?? false,
          page_count: bundle?.page_count ?? null,
          completed_at: bundle?.completed_at ?? null,
        },
        open_jobs: counts.open_jobs,
      };
    },

    /** The copies and the flags as a Word document named by the patient and the day. */
    async export(
      user: AuthenticatedUser,
      patientId: number,
      query: RecordGapsQuery,
      audit: RequestAudit,
    ): Promise<{ filename: string; content: Buffer }> {
      const patient = await findPatientForTools(db, user, patientId, audit);
      const now = clock();
      const filename = recordReviewFileName(patient.FirstName, patient.Surname, now);
      const content = await buildRecordReviewDocx({
        patientName: `${patient.FirstName} ${patient.Surname}`,
        mrn: patient.MRN,
        madeAt: now,
        duplicates: await duplicateGroups(patient),
        gaps: await recordGaps(patient, query),
      });
      audit.describe({ details: { filename } });
      return { filename, content };
    },
  };
}

export type RecordReviewService = ReturnType<typeof createRecordReviewService>;
