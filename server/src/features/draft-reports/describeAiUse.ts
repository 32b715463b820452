import type { AiUseRecord, ModelInfo, ReportSection } from '@ewrt/contract';

export interface AiUseFacts {
  /** The configured language model's endpoint host, or null when none is configured. */
  provider: string | null;
  generatedAt: Date;
  /** The file name of the style document the model imitated (null when none was given to it). */
  styleDocument: string | null;
  reportTemplate: string | null;
  structuredTemplate: string | null;
}

/** What the screens and the appendix show when no model wrote anything: said as plainly as the digests say it. */
export const NO_MODEL_INFO: ModelInfo = {
  mode: 'retrieval-only',
  model: null,
  provider: null,
  label: 'No language model configured: evidence digest only',
};

const MODEL_NOT_ASKED_INFO: ModelInfo = {
  mode: 'retrieval-only',
  model: null,
  provider: null,
  label: 'No passage matched any prompt: the language model was not asked',
};

/**
 * Who or what wrote each prompt section and from which documents (in order of first citation), for the expert's
 * disclosure of AI use. The model is the one the endpoint reported, never merely the configured name.
 */
export function describeAiUse(sections: readonly ReportSection[], facts: AiUseFacts): AiUseRecord {
  const drafted = sections.filter((section) => section.origin === 'language-model');
  const model = drafted.find((section) => section.bedrock_model_used !== null)?.bedrock_model_used ?? null;
  const modelInfo: ModelInfo =
    model !== null && facts.provider !== null
      ? { mode: 'language-model', model, provider: facts.provider, label: `${model} (${facts.provider})` }
      : facts.provider !== null
        ? MODEL_NOT_ASKED_INFO
        : NO_MODEL_INFO;
  return {
    model_info: modelInfo,
    drafted_sections: drafted.map((section) => section.title),
    digest_sections: sections
      .filter((section) => section.origin === 'evidence-digest')
      .map((section) => section.title),
    generated_at: facts.generatedAt.toISOString(),
    documents: [...new Set(sections.flatMap((section) => section.sources.map((source) => source.filename)))],
    style_document: drafted.length > 0 ? facts.styleDocument : null,
    report_template: facts.reportTemplate,
    structured_template: facts.structuredTemplate,
  };
}
