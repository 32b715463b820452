import type { ConsultationType, MedicolegalResult, OpinionResult, OutpatientResult } from '@ewrt/contract';
import { LanguageModelError } from '../../platform/ai/AiProvider.js';

/** The result shape of each format. */
export interface ProcessedResultOf {
  outpatient: OutpatientResult;
  medicolegal: MedicolegalResult;
  opinion: OpinionResult;
}

type JsonObject = Record<string, unknown>;

/** The JSON object in the model's answer: it may come inside a code fence or after a sentence. */
function jsonObjectIn(text: string): JsonObject {
  const unfenced = text.replace(/```(?:json)?/gi, '');
  const first = unfenced.indexOf('{');
  const last = unfenced.lastIndexOf('}');
  if (first === -1 || last <= first)
    throw new LanguageModelError('The language model did not answer with a JSON object');
  let parsed: unknown;
  try {
    parsed = JSON.parse(unfenced.slice(first, last + 1));
  } catch {
    throw new LanguageModelError('The language model answered with JSON that could not be read');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed))
    throw new LanguageModelError('The language model did not answer with a JSON object');
  return parsed as JsonObject;
}

/** A section as text: a string as given, a list as one line per item, anything missing as ''. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value))
    return value
      .map(textOf)
      .filter((line) => line !== '')
      .join('\n');
  return '';
}

function listOf(value: unknown): string[] {
  const items = Array.isArray(value) ? value.map(textOf) : textOf(value).split('\n');
  return items
    .map((item) => item.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, '').trim())
    .filter((item) => item !== '');
}

function sectionsOf(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
  const sections: Record<string, string> = {};
  for (const [name, text] of Object.entries(value as JsonObject)) {
    const heading = name.trim();
    const body = textOf(text);
    if (heading !== '' && body !== '') sections[heading] = body;
  }
  return sections;
}

/**
 * The model's answer read as the format's result: every key of the shape is present (a section the model left out
 * is ''), so the screens and the Word document never meet a missing field. An answer with no readable JSON object
 * is the model's failure (LanguageModelError).
 */
export function parseProcessedResult<K extends ConsultationType>(
  kind: K,
  answer: string,
): ProcessedResultOf[K] {
  const json = jsonObjectIn(answer);
  const results: { [Kind in ConsultationType]: () => ProcessedResultOf[Kind] } = {
    outpatient: () => ({
      diagnosis: textOf(json.diagnosis),
      summaryOfConsultation: textOf(json.summaryOfConsultation),
      medicalHistory: textOf(json.medicalHistory),
      medicationsAndAllergies: textOf(json.medicationsAndAllergies),
      plan: textOf(json.plan),
    }),
    medicolegal: () => ({
      summary: textOf(json.summary),
      keyPoints: listOf(json.keyPoints),
      transcript: textOf(json.transcript),
      contextualSections: sectionsOf(json.contextualSections),
    }),
    opinion: () => ({ formattedOpinion: textOf(json.formattedOpinion) }),
  };
  return results[kind]();
}
