import { JOB_TYPES } from '@ewrt/contract';
import type { Clock } from '../../context/Clock.js';
import type { Database } from '../../db/Database.js';
import type { AiProvider } from '../../platform/ai/AiProvider.js';
import {
  JobCancelledError,
  type JobContext,
  type JobQueue,
  type JobStepDeclaration,
} from '../jobs/JobQueue.js';
import {
  describeChronologyEvents,
  readChronologyEvents,
  saveChronology,
  type BuildReporter,
  type DescribedEvents,
  type ReadEvents,
} from './buildChronology.js';
import { createChronologyRepository } from './chronologyRepository.js';

/** The steps of a chronology job, in order. */
export const CHRONOLOGY_JOB_STEPS: JobStepDeclaration[] = [
  { name: 'read', description: 'Reading the indexed pages for dated events', weight: 2 },
  { name: 'describe', description: 'Describing the events', weight: 2 },
  { name: 'save', description: 'Saving the chronology', weight: 0.5 },
];

export interface ChronologyJobDeps {
  db: Database;
  clock: Clock;
  /** The configured language model, or null: the events are then described by rules. */
  ai: AiProvider | null;
}

const reporterOf = (job: JobContext): BuildReporter => ({
  progress: (percentage, description) => job.progress(percentage, description),
  log: (level, message) => job.log(level, message),
  throwIfCancelled: () => job.throwIfCancelled(),
  signal: job.signal,
});

/**
 * The chronology job: reads the patient's indexed pages for dated events, describes them (model or rules) and
 * replaces the patient's chronology in one transaction, so the previous one is shown until this one is saved. Each
 * step's result is stored, so a resumed job does not read or ask the model again.
 */
export function registerChronologyJobHandler(jobs: JobQueue, deps: ChronologyJobDeps): void {
  const { db } = deps;
  jobs.registerHandler(JOB_TYPES.CHRONOLOGY, async (job) => {
    const patientId = job.patientId;
    if (patientId === null) throw new Error('A chronology job needs a patient');
    const repository = createChronologyRepository(db);
    const surname = await repository.patientSurname(patientId);
    if (surname === null) throw new JobCancelledError('The patient was deleted');
    const reporter = reporterOf(job);
    const read = await job.step<ReadEvents>('read', () =>
      readChronologyEvents(
        db,
        { id: patientId, groupId: job.groupId },
        deps.clock().getUTCFullYear(),
        reporter,
        surname,
      ),
    );
    const described = await job.step<DescribedEvents>('describe', () =>
      describeChronologyEvents(read.events, deps.ai, surname, reporter),
    );
    const saved = await job.step('save', async () => {
      await job.throwIfCancelled();
      await saveChronology(db, patientId, {
        ...described,
        jobId: job.id,
        builtAt: deps.clock(),
        documentsFingerprint: read.documentsFingerprint,
        unreadDates: read.unreadDates ?? [],
      });
      await job.log(
        'info',
        `Saved ${described.events.length} event(s), described by ${described.modelInfo.label}`,
      );
      return { events: described.events.length, pages: read.pages, described_by: described.describedBy };
    });
    return { chronology_result: saved };
  });
}
