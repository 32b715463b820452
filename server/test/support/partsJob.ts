import type { JobContext, JobHandler, JobStepDeclaration } from '../../src/features/jobs/JobQueue.js';

/** A job type only the tests register: it works through `inputData.parts` parts, saving a checkpoint after each. */
export const PARTS_JOB = 'test_parts';

export const PARTS_JOB_STEPS: JobStepDeclaration[] = [
  { name: 'prepare', description: 'Preparing the parts' },
  { name: 'work', description: 'Working through the parts' },
];

export interface PartsJobHooks {
  /** Called with each event the handler goes through ("prepare 7", "part 2 of 7", "finish 7"). */
  record(event: string): void;
  /** Awaited before each part's work (after the cancellation check): the test holds or fails a part here. */
  beforePart?(job: JobContext, part: number): Promise<void>;
}

/**
 * Step "prepare" runs once; step "work" resumes from the checkpoint, which is saved before a part is recorded, so a
 * part recorded is never done again.
 */
export function createPartsJobHandler(hooks: PartsJobHooks): JobHandler {
  return async (job) => {
    const { parts } = await job.step('prepare', async () => {
      hooks.record(`prepare ${job.id}`);
      return { parts: Number(job.inputData.parts ?? 3) };
    });
    await job.step('work', async () => {
      const resumeAt = (job.checkpoint as { next?: number } | null)?.next ?? 1;
      for (let part = resumeAt; part <= parts; part += 1) {
        await job.throwIfCancelled();
        await hooks.beforePart?.(job, part);
        await job.progress((part / parts) * 100, `Part ${part} of ${parts} done`);
        await job.log('info', `part ${part} done`);
        await job.saveCheckpoint({ next: part + 1 });
        hooks.record(`part ${part} of ${job.id}`);
      }
    });
    hooks.record(`finish ${job.id}`);
    return { processing_result: { chunks_created: parts } };
  };
}
