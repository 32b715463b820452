import {
  JOB_TYPES,
  PATIENT_ACCESS,
  type BundleDocument,
  type BundleStateResponse,
  type DownloadLinkResponse,
  type GenerateBundleResponse,
  type OmittedDuplicate,
  type RecordBundle,
  type SaveBundleDescriptionRequest,
} from '@ewrt/contract';
import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import { badRequest, forbidden, HttpError, notFound } from '../../http/HttpError.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import type { DownloadLinks } from '../../platform/files/createDownloadLinks.js';
import type { JobQueue, JobStepDeclaration } from '../jobs/JobQueue.js';
import { PATIENT_MESSAGES } from '../patients/createPatientService.js';
import { hasUserFeature } from '../patients/patientPermissions.js';
import { findPatientInGroup } from '../patients/findPatientInGroup.js';
import type { StoredPatient } from '../patients/StoredPatient.js';
import { bundleFilename } from './bundleFilename.js';
import {
  createBundleRepository,
  type BundleSourceDocument,
  type SetAsideCopy,
  type StoredBundle,
  type StoredBundleEntry,
} from './bundleRepository.js';
import { describeBundleDocument, descriptionText } from './describeBundleDocument.js';
import { findDocumentDate } from './findDocumentDate.js';
import type { OmittedDuplicateInput } from './omittedDuplicateInput.js';
import { orderBundleDocuments } from './orderBundleDocuments.js';

export const BUNDLE_MESSAGES = {
  noDocumentsFeature: 'Your access level does not allow working with patient documents',
  noPaginationAccess: 'Pagination is available only for patients you have full or pagination access to',
  noDocuments: 'This patient has no processed documents to put in a bundle. Process documents first.',
  alreadyRunning: (jobId: number) =>
    `A bundle is already being generated for this patient (job ${jobId}). Wait for it to finish, or cancel it from the job list.`,
  queued: 'The bundle is being generated in the background',
  noBundle: 'No bundle has been generated for this patient yet',
  documentNotFound: 'Document not found',
  orderMismatch: (problems: string[]) =>
    `The order must name every processed document of this patient exactly once: ${problems.join('; ')}.`,
} as const;

/** The steps of a bundle job, in order. */
export const BUNDLE_JOB_STEPS: JobStepDeclaration[] = [
  { name: 'render', description: 'Rendering documents to PDF pages', weight: 3 },
  { name: 'assemble', description: 'Assembling and numbering pages', weight: 2 },
  { name: 'index', description: 'Writing the index', weight: 0.5 },
  { name: 'save', description: 'Saving the bundle', weight: 0.5 },
];

type Described = Pick<BundleDocument, 'description' | 'description_source'>;

/** The document date is looked for on the first pages only: a letter's own date is at its head. */
const DATE_PAGES = 2;

const listed = (names: string[]) =>
  names.length > 3 ? `${names.slice(0, 3).join(', ')} and ${names.length - 3} more` : names.join(', ');

export interface BundleServiceDeps {
  db: Database;
  clock: Clock;
  links: DownloadLinks;
  jobs: JobQueue;
}

/**
 * The record bundle calls. The patient is found in the caller's group (another group's patient answers 404); the
 * user's level needs the documents feature; the patient's access must be full or pagination only, unless the user
 * is an Administrator.
 */
export function createBundleService(deps: BundleServiceDeps) {
  const { db, clock, links, jobs } = deps;
  const bundles = createBundleRepository(db);

  async function patientForBundle(
    user: AuthenticatedUser,
    patientId: number,
    audit: RequestAudit,
  ): Promise<StoredPatient> {
    audit.describe({ patientId });
    if (user.groupId === null) throw forbidden(PATIENT_MESSAGES.noGroup);
    const patient = await findPatientInGroup(db, { userId: user.id, groupId: user.groupId }, patientId);
    if (!patient) throw notFound(PATIENT_MESSAGES.notFound);
    if (!hasUserFeature(user, 'documents')) throw forbidden(BUNDLE_MESSAGES.noDocumentsFeature);
    const allowed =
      user.isAdministrator ||
      patient.access_level === PATIENT_ACCESS.FULL ||
      patient.access_level === PATIENT_ACCESS.PAGINATION_ONLY;
    if (!allowed) throw forbidden(BUNDLE_MESSAGES.noPaginationAccess);
    return patient;
  }

  /** Dates each undated document from its first pages, the first time it is needed (the date is kept). */
  async function dated<T extends BundleSourceDocument>(documents: T[]): Promise<T[]> {
    const undated = documents.filter((document) => document.documentDate === null);
    const texts = await bundles.openingText(
      undated.map((document) => document.id),
      DATE_PAGES,
    );
    const found = new Map<number, string>();
    const referenceYear = clock().getUTCFullYear();
    for (const document of undated) {
      const date = findDocumentDate(texts.get(document.id) ?? '', referenceYear);
      if (date) {
        found.set(document.id, date);
        document.documentDate = date;
      }
    }
    await bundles.setDocumentDates(found);
    return documents;
  }

  /** The processed documents in bundle order. */
  async function orderedDocuments(patient: StoredPatient): Promise<BundleSourceDocument[]> {
    return orderBundleDocuments(
      await dated(await bundles.processedDocuments(patient.ID_Patient, patient.ID_Group)),
    );
  }

  /**
   * How the index names each document: the expert's description, else the author and kind read from its opening
   * pages, else its file name.
   */
  async function descriptionsOf(
    patient: StoredPatient,
    documents: readonly BundleSourceDocument[],
  ): Promise<Map<number, Described>> {
    const ids = documents.map((document) => document.id);
    const expert = await bundles.expertDescriptions(ids);
    const texts = await bundles.openingText(
      ids.filter((id) => !expert.has(id)),
      DATE_PAGES,
    );
    return new Map(
      documents.map((document): [number, Described] => {
        const given = expert.get(document.id);
        if (given !== undefined) return [document.id, { description: given, description_source: 'expert' }];
        const read = describeBundleDocument(texts.get(document.id) ?? '', patient.Surname);
        const description = descriptionText(read, document.filename);
        return [
          document.id,
          { description, description_source: description === document.filename ? 'filename' : 'document' },
        ];
      }),
    );
  }

  /**
   * The copies set aside in record review, as the index lists them: each named by the same rules as a bundled
   * document, with the document kept in its place and that document's number in `ordered`; in the kept documents'
   * order.
   */
  async function omittedDuplicates(
    patient: StoredPatient,
    ordered: readonly BundleSourceDocument[],
    described: ReadonlyMap<number, Described>,
  ): Promise<OmittedDuplicateInput[]> {
    const copies = await dated(await bundles.setAsideCopies(patient.ID_Patient, patient.ID_Group));
    if (copies.length === 0) return [];
    const copyDescriptions = await descriptionsOf(patient, copies);
    const positions = new Map(ordered.map((document, index) => [document.id, index + 1]));
    const keptPosition = (copy: SetAsideCopy) => positions.get(copy.copyOf) ?? Number.MAX_SAFE_INTEGER;
    return copies
      .sort((a, b) => keptPosition(a) - keptPosition(b) || a.id - b.id)
      .map((copy) => ({
        filename: copy.filename,
        description: copyDescriptions.get(copy.id)!.description,
        document_date: copy.documentDate,
        duplicate_of: {
          filename: copy.copyOfFilename,
          description: described.get(copy.copyOf)?.description ?? copy.copyOfFilename,
          position: positions.get(copy.copyOf) ?? null,
        },
        duplicate_of_document_id: copy.copyOf,
      }));
  }

  function toBundleDocument(
    document: BundleSourceDocument,
    index: number,
    described: Described,
  ): BundleDocument {
    return {
      ...described,
      s3_key: document.storageKey,
      filename: document.filename,
      file_type: document.fileType,
      document_date: document.documentDate,
      uploaded_at: document.createdAt,
      page_count: document.pageCount,
      position: index + 1,
    };
  }

  function toRecordBundle(
    bundle: StoredBundle,
    entries: StoredBundleEntry[],
    ordered: BundleSourceDocument[],
  ): RecordBundle {
    // Out of date once the bundle's documents, in its order, are no longer the current order.
    const outOfDate =
      bundle.status === 'completed' &&
      (entries.length !== ordered.length ||
        entries.some((entry, index) => entry.documentId !== ordered[index]!.id));
    return {
      id: bundle.id,
      status: bundle.status,
      job_id: bundle.jobId,
      page_count: bundle.pageCount,
      index_pages: bundle.indexPages,
      filename: bundle.filename,
      created_at: bundle.createdAt,
      completed_at: bundle.completedAt,
      error_message: bundle.errorMessage,
      out_of_date: outOfDate,
      omitted_duplicates: bundle.omittedDuplicates,
      entries: entries.map((entry) => ({
        s3_key: entry.storageKey ?? '',
        filename: entry.filename,
        description: entry.description,
        document_date: entry.documentDate,
        first_page: entry.firstPage,
        last_page: entry.lastPage,
      })),
    };
  }

  async function stateOf(patient: StoredPatient): Promise<BundleStateResponse> {
    await bundles.settleAbandoned(patient.ID_Patient);
    const ordered = await orderedDocuments(patient);
    const bundle = await bundles.current(patient.ID_Patient);
    const entries = bundle?.status === 'completed' ? await bundles.entries(bundle.id) : [];
    const activeJobId = await bundles.activeJobId(patient.ID_Patient, JOB_TYPES.RECORD_BUNDLE);
    const described = await descriptionsOf(patient, ordered);
    const omitted = await omittedDuplicates(patient, ordered, described);
    return {
      documents: ordered.map((document, index) =>
        toBundleDocument(document, index, described.get(document.id)!),
      ),
      order_saved: ordered.some((document) => document.savedPosition !== null),
      omitted_duplicates: omitted.map(
        ({ duplicate_of_document_id: _kept, ...copy }): OmittedDuplicate => copy,
      ),
      bundle: bundle ? toRecordBundle(bundle, entries, ordered) : null,
      active_job: activeJobId === null ? null : await jobs.get(activeJobId),
    };
  }

  return {
    /** The bundle's state for a patient already checked by another tool (the case overview). */
    stateOfPatient: stateOf,

    async state(
      user: AuthenticatedUser,
      patientId: number,
      audit: RequestAudit,
    ): Promise<BundleStateResponse> {
      const patient = await patientForBundle(user, patientId, audit);
      return stateOf(patient);
    },

    /** Saves the order; it must name every processed document of the patient exactly once. */
    async saveOrder(
      user: AuthenticatedUser,
      patientId: number,
      storageKeys: readonly string[],
      audit: RequestAudit,
    ): Promise<BundleStateResponse> {
      const patient = await patientForBundle(user, patientId, audit);
      const documents = await bundles.processedDocuments(patient.ID_Patient, patient.ID_Group);
      const byKey = new Map(documents.map((document) => [document.storageKey, document]));
      const seen = new Set<string>();
      const repeated = new Set<string>();
      let unknown = 0;
      for (const key of storageKeys) {
        if (!byKey.has(key)) unknown += 1;
        else if (seen.has(key)) repeated.add(byKey.get(key)!.filename);
        seen.add(key);
      }
      const missing = documents.filter((document) => !seen.has(document.storageKey));
      const problems = [
        ...(missing.length > 0 ? [`${listed(missing.map((document) => document.filename))} missing`] : []),
        ...(repeated.size > 0 ? [`${listed([...repeated])} named more than once`] : []),
        ...(unknown > 0
          ? [`${unknown} ${unknown === 1 ? 'key is not' : 'keys are not'} among its processed documents`]
          : []),
      ];
      if (problems.length > 0) throw badRequest(BUNDLE_MESSAGES.orderMismatch(problems));
      const documentIds = storageKeys.map((key) => byKey.get(key)!.id);
      await db.transaction(async (tx) => {
        await createBundleRepository(tx).saveOrder(patient.ID_Patient, documentIds);
        audit.describe({ details: { document_ids: documentIds } });
        await audit.recordWithin(tx);
      });
      return stateOf(patient);
    },

    /** Sets how the index describes one of the patient's processed documents; empty goes back to the one read. */
    async saveDescription(
      user: AuthenticatedUser,
      patientId: number,
      request: SaveBundleDescriptionRequest,
      audit: RequestAudit,
    ): Promise<BundleStateResponse> {
      const patient = await patientForBundle(user, patientId, audit);
      const documents = await bundles.processedDocuments(patient.ID_Patient, patient.ID_Group);
      const document = documents.find((candidate) => candidate.storageKey === request.s3_key);
      if (!document) throw notFound(BUNDLE_MESSAGES.documentNotFound);
      const description = request.description.replace(/\s+/g, ' ').trim();
      await db.transaction(async (tx) => {
        await createBundleRepository(tx).setExpertDescription(
          document.id,
          description === '' ? null : description,
          user.id,
          clock(),
        );
        audit.describe({
          details: { document_id: document.id, description: description === '' ? null : description },
        });
        await audit.recordWithin(tx);
      });
      return stateOf(patient);
    },

    /** Queues the bundle job over the current order; one at a time per patient. */
    async generate(
      user: AuthenticatedUser,
      patientId: number,
      audit: RequestAudit,
    ): Promise<GenerateBundleResponse> {
      const patient = await patientForBundle(user, patientId, audit);
      const ordered = await orderedDocuments(patient);
      if (ordered.length === 0) throw badRequest(BUNDLE_MESSAGES.noDocuments);
      const documentIds = ordered.map((document) => document.id);
      const described = await descriptionsOf(patient, ordered);
      const descriptions = Object.fromEntries(
        ordered.map((document) => [String(document.id), described.get(document.id)!.description]),
      );
      const omitted = await omittedDuplicates(patient, ordered, described);
      const jobId = await db.transaction(async (tx) => {
        const repository = createBundleRepository(tx);
        // Two clicks at once must not both start a job: the second waits here, then sees the first's job.
        await repository.lockPatient(patient.ID_Patient);
        const running = await repository.activeJobId(patient.ID_Patient, JOB_TYPES.RECORD_BUNDLE);
        if (running !== null)
          throw new HttpError(409, BUNDLE_MESSAGES.alreadyRunning(running), { job_id: running });
        const now = clock();
        const job = await jobs.enqueue(
          {
            jobType: JOB_TYPES.RECORD_BUNDLE,
            userId: user.id,
            groupId: patient.ID_Group,
            patientId: patient.ID_Patient,
            title: `Record bundle of ${patient.FirstName} ${patient.Surname}`,
            inputData: {
              document_ids: documentIds,
              document_count: documentIds.length,
              descriptions,
              omitted_duplicates: omitted,
            },
            steps: BUNDLE_JOB_STEPS,
          },
          tx,
        );
        const bundleId = await repository.insertBundle({
          patientId: patient.ID_Patient,
          groupId: patient.ID_Group,
          jobId: job.id,
          filename: bundleFilename(patient, now),
          createdBy: user.id,
          at: now,
        });
        audit.describe({ details: { job_id: job.id, bundle_id: bundleId, document_ids: documentIds } });
        await audit.recordWithin(tx);
        return job.id;
      });
      jobs.notify();
      return { success: true, message: BUNDLE_MESSAGES.queued, job_id: jobId };
    },

    async downloadLink(
      user: AuthenticatedUser,
      patientId: number,
      origin: string,
      audit: RequestAudit,
    ): Promise<DownloadLinkResponse> {
      const patient = await patientForBundle(user, patientId, audit);
      const bundle = await bundles.latestCompleted(patient.ID_Patient);
      if (!bundle?.storageKey) throw notFound(BUNDLE_MESSAGES.noBundle);
      audit.describe({ details: { bundle_id: bundle.id, filename: bundle.filename } });
      const token = links.sign({ storageKey: bundle.storageKey, userId: user.id });
      return { download_url: `${origin}/api/files/${token}`, filename: bundle.filename };
    },
  };
}

export type BundleService = ReturnType<typeof createBundleService>;
