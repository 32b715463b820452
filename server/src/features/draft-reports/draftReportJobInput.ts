import type { JobStepDeclaration } from '../jobs/JobQueue.js';

/** A prompt as the job was given it: a snapshot, so editing the prompt later does not change a running job. */
export interface DraftPromptSnapshot {
  id: number;
  title: string;
  text: string;
}

/** A draft-report job's input_data: everything it was asked, named as when it was asked. */
export interface DraftReportJobInput {
  report_type: string;
  lookup_type_id: number;
  /** In the order the sections are drafted. */
  prompts: DraftPromptSnapshot[];
  template_id: number | null;
  template_name: string | null;
  structured_template_id: number | null;
  structured_template_name: string | null;
  /** "Surname, FirstName" when the job was started. */
  patient_name: string;
}

export const COMPLETE_STEP = 'complete';
export const WORD_STEP = 'word';

export const promptStepName = (promptId: number) => `prompt-${promptId}`;

/**
 * One step per prompt (so a resumed job keeps the sections already drafted), then the complete report, then the
 * Word document. Drafting a section is the long part; assembling is quick.
 */
export function draftReportJobSteps(prompts: readonly DraftPromptSnapshot[]): JobStepDeclaration[] {
  return [
    ...prompts.map((prompt) => ({ name: promptStepName(prompt.id), description: prompt.title, weight: 1 })),
    { name: COMPLETE_STEP, description: 'Assembling the complete report', weight: 0.1 },
    { name: WORD_STEP, description: 'Writing the Word document', weight: 0.5 },
  ];
}

/** The job's input_data as this server wrote it at generate; anything else is a corrupt job. */
export function readDraftReportJobInput(inputData: Record<string, unknown>): DraftReportJobInput {
  const input = inputData as Partial<DraftReportJobInput>;
  if (typeof input.report_type !== 'string' || !Array.isArray(input.prompts) || input.prompts.length === 0) {
    throw new Error('The draft-report job has no report type or prompts in its input');
  }
  return {
    report_type: input.report_type,
    lookup_type_id: Number(input.lookup_type_id),
    prompts: input.prompts,
    template_id: input.template_id ?? null,
    template_name: input.template_name ?? null,
    structured_template_id: input.structured_template_id ?? null,
    structured_template_name: input.structured_template_name ?? null,
    patient_name: input.patient_name ?? '',
  };
}
