import {
  JOB_TYPES,
  type BuildChronologyResponse,
  type ChronologyEvent,
  type ChronologyEventKind,
  type ChronologyFilter,
  type ChronologyResponse,
  type ChronologyUnreadDate,
  type Job,
} from '@ewrt/contract';
import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import { badRequest, HttpError } from '../../http/HttpError.js';
import { bundlePagesFor } from '../answers/bundlePagesFor.js';
import type { RequestAudit } from '../audit/RequestAudit.js';
import type { AuthenticatedUser } from '../auth/userDirectory.js';
import { isoDateToEnGb } from '../bundles/bundleDates.js';
import { formatEnGbDateTime } from '../conversations/conversationNames.js';
import type { JobQueue } from '../jobs/JobQueue.js';
import { findPatientForTools } from '../patients/findPatientForTools.js';
import type { StoredPatient } from '../patients/StoredPatient.js';
import { buildChronologyDocx } from './buildChronologyDocx.js';
import { chronologyFileName } from './chronologyNames.js';
import { createChronologyRepository, type StoredChronologyEvent } from './chronologyRepository.js';
import { filterChronologyEvents, hasFilters, kindsOfFilter, relationTo } from './filterChronologyEvents.js';
import { CHRONOLOGY_JOB_STEPS } from './registerChronologyJobHandler.js';

export const CHRONOLOGY_MESSAGES = {
  noDocuments: 'This patient has no processed documents to build a chronology from. Process documents first.',
  alreadyRunning: (jobId: number) =>
    `A chronology is already being built for this patient (job ${jobId}). Wait for it to finish, or cancel it from the job list.`,
  queued: 'The chronology is being built in the background',
  nothingToExport: 'There is no chronology to export yet: build it first',
  rulesNote:
    'No language model is configured: each event is shown as the passage of the record that states it, and its kind and clinician were found by simple rules.',
} as const;

export interface ChronologyExport {
  filename: string;
  content: Buffer;
}

export interface ChronologyServiceDeps {
  db: Database;
  clock: Clock;
  jobs: JobQueue;
}

const patientName = (patient: StoredPatient) => `${patient.FirstName} ${patient.Surname}`;

/**
 * The chronology calls. Scoped as the record questions are (findPatientForTools): the patient in the caller's
 * group (another group's answers 404), the documents feature, and full access to the patient unless the caller is
 * an Administrator.
 */
export function createChronologyService(deps: ChronologyServiceDeps) {
  const { db, clock, jobs } = deps;
  const chronologies = createChronologyRepository(db);

  /** The stored events as the contract gives them: bundle pages from the current bundle, relation to the DoE. */
  async function toContractEvents(
    patient: StoredPatient,
    stored: readonly StoredChronologyEvent[],
  ): Promise<ChronologyEvent[]> {
    const documentIds = stored.flatMap((event) => event.places.map((place) => place.documentId));
    const bundlePages = await bundlePagesFor(db, patient.ID_Patient, documentIds);
    const dateOfEvent = patient.DateofEvent ?? null;
    return stored.map((event) => ({
      id: event.id,
      date: event.date,
      precision: event.precision,
      date_text: event.dateText,
      kind: event.kind,
      passage: event.passage,
      summary: event.summary,
      summary_supported: event.summarySupported,
      clinician: event.clinician,
      relation: dateOfEvent ? relationTo(dateOfEvent, event) : null,
      planned: event.planned,
      alternative_date: event.alternativeIso,
      places: event.places.map((place) => ({
        filename: place.filename,
        s3_key: place.storageKey,
        page: place.page,
        bundle_page: bundlePages.get(place.documentId)?.[place.page - 1] ?? null,
        chunk_id: place.chunkId,
        source: place.source,
        ocr_confidence: place.ocrConfidence,
      })),
    }));
  }

  /** The dates the build could not read, with their bundle pages. */
  async function toContractUnreadDates(patient: StoredPatient): Promise<ChronologyUnreadDate[]> {
    const unread = await chronologies.unreadDates(patient.ID_Patient);
    const bundlePages = await bundlePagesFor(
      db,
      patient.ID_Patient,
      unread.map((date) => date.documentId),
    );
    return unread.map((date) => ({
      date_text: date.dateText,
      passage: date.passage,
      filename: date.filename,
      s3_key: date.storageKey,
      page: date.page,
      bundle_page: bundlePages.get(date.documentId)?.[date.page - 1] ?? null,
    }));
  }

  async function stateOf(patient: StoredPatient, filter: ChronologyFilter) {
    const stored = await chronologies.find(patient.ID_Patient);
    const latestJobId = await chronologies.latestJobId(patient.ID_Patient);
    const job: Job | null = latestJobId === null ? null : await jobs.get(latestJobId);
    const events = stored
      ? await toContractEvents(patient, await chronologies.events(patient.ID_Patient))
      : [];
    const building = job !== null && (job.status === 'pending' || job.status === 'running');
    const failedSinceBuilt = job !== null && job.status === 'failed' && job.id !== stored?.jobId;
    const state: ChronologyResponse['state'] = building
      ? 'building'
      : failedSinceBuilt
        ? 'failed'
        : stored
          ? 'ready'
          : 'none';
    const outOfDate =
      stored !== null &&
      stored.documentsFingerprint !== (await chronologies.documentsFingerprint(patient.ID_Patient));
    const kindsPresent = new Set(events.map((event) => event.kind));
    return {
      stored,
      response: {
        state,
        built_at: stored?.builtAt ?? null,
        out_of_date: outOfDate,
        job,
        described_by: stored?.describedBy ?? null,
        model_info: stored?.modelInfo ?? null,
        date_of_event: patient.DateofEvent ?? null,
        total_events: events.length,
        years: [...new Set(events.map((event) => Number(event.date.slice(0, 4))))].sort((a, b) => a - b),
        kinds: [...kindsPresent] as ChronologyEventKind[],
        events: filterChronologyEvents(events, filter),
        unread_dates: stored ? await toContractUnreadDates(patient) : [],
      } satisfies ChronologyResponse,
    };
  }

  function filtersLine(filter: ChronologyFilter): string {
    if (!hasFilters(filter)) return 'All events (no filters applied)';
    const parts: string[] = [];
    if (filter.from) parts.push(`from ${isoDateToEnGb(filter.from)}`);
    if (filter.to) parts.push(`to ${isoDateToEnGb(filter.to)}`);
    const kinds = kindsOfFilter(filter.kind);
    if (kinds.length > 0) parts.push(`kind: ${kinds.join(', ')}`);
    if (filter.q?.trim()) parts.push(`text: \u201c${filter.q.trim()}\u201d`);
    return `Filters applied: ${parts.join('; ')}`;
  }

  return {
    /** The chronology's state (built, building, out of date) and events, for the tools that read it. */
    async state(patient: StoredPatient): Promise<ChronologyResponse> {
      return (await stateOf(patient, {})).response;
    },

    async get(
      user: AuthenticatedUser,
      patientId: number,
      filter: ChronologyFilter,
      audit: RequestAudit,
    ): Promise<ChronologyResponse> {
      const patient = await findPatientForTools(db, user, patientId, audit);
      const { response } = await stateOf(patient, filter);
      audit.describe({ details: { events: response.events.length, state: response.state } });
      return response;
    },

    /** Queues a build over the patient's processed documents; one at a time per patient (409 while one runs). */
    async build(
      user: AuthenticatedUser,
      patientId: number,
      audit: RequestAudit,
    ): Promise<BuildChronologyResponse> {
      const patient = await findPatientForTools(db, user, patientId, audit);
      const documents = await chronologies.sourceDocuments(patient.ID_Patient, patient.ID_Group);
      if (documents.length === 0) throw badRequest(CHRONOLOGY_MESSAGES.noDocuments);
      const jobId = await db.transaction(async (tx) => {
        const repository = createChronologyRepository(tx);
        // Two clicks at once must not both start a job: the second waits here, then sees the first's job.
        await repository.lockPatient(patient.ID_Patient);
        const running = await repository.activeJobId(patient.ID_Patient);
        if (running !== null)
          throw new HttpError(409, CHRONOLOGY_MESSAGES.alreadyRunning(running), { job_id: running });
        const job = await jobs.enqueue(
          {
            jobType: JOB_TYPES.CHRONOLOGY,
            userId: user.id,
            groupId: patient.ID_Group,
            patientId: patient.ID_Patient,
            title: `Medical chronology of ${patientName(patient)}`,
            inputData: { document_count: documents.length },
            steps: CHRONOLOGY_JOB_STEPS,
          },
          tx,
        );
        audit.describe({ details: { job_id: job.id, document_count: documents.length } });
        await audit.recordWithin(tx);
        return job.id;
      });
      jobs.notify();
      return { success: true, message: CHRONOLOGY_MESSAGES.queued, job_id: jobId };
    },

    /** The filtered chronology as a Word document named by the patient and the day. */
    async export(
      user: AuthenticatedUser,
      patientId: number,
      filter: ChronologyFilter,
      audit: RequestAudit,
    ): Promise<ChronologyExport> {
      const patient = await findPatientForTools(db, user, patientId, audit);
      const { stored, response } = await stateOf(patient, filter);
      if (!stored) throw badRequest(CHRONOLOGY_MESSAGES.nothingToExport);
      const now = clock();
      const filename = chronologyFileName(patient.FirstName, patient.Surname, now);
      const dateOfEvent = patient.DateofEvent ?? null;
      const content = await buildChronologyDocx({
        title: `Medical chronology \u2014 ${patientName(patient)}`,
        patientLine: [
          patientName(patient),
          `MRN ${patient.MRN}`,
          ...(patient.DateOfBirth ? [`date of birth ${isoDateToEnGb(patient.DateOfBirth)}`] : []),
        ].join(', '),
        dateOfEventLine: dateOfEvent
          ? `Date of Event: ${isoDateToEnGb(dateOfEvent)}`
          : 'Date of Event: not recorded',
        dateOfEvent,
        builtLine: [
          `Built on ${stored.builtAt ? formatEnGbDateTime(new Date(stored.builtAt)) : 'an unknown date'}`,
          ...(stored.describedBy === 'language-model' && stored.modelInfo
            ? [`events described by ${stored.modelInfo.label}`]
            : []),
          ...(response.out_of_date
            ? ['documents have changed since: rebuild it for the latest records']
            : []),
        ].join('; '),
        rulesNote: stored.describedBy === 'language-model' ? null : CHRONOLOGY_MESSAGES.rulesNote,
        filtersLine: `${filtersLine(filter)}: ${response.events.length} of ${response.total_events} events`,
        events: response.events,
      });
      audit.describe({ details: { filename, events: response.events.length } });
      return { filename, content };
    },
  };
}

export type ChronologyService = ReturnType<typeof createChronologyService>;
