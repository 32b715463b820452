import { CHRONOLOGY_EVENT_KINDS, type ChronologyEventKind } from '@ewrt/contract';
import { LanguageModelError, type AiProvider, type ChatMessage } from '../../platform/ai/AiProvider.js';
import { checkSentenceSupport } from '../answers/checkSentenceSupport.js';
import { classifyEventKind } from './classifyEventKind.js';
import { findClinician } from './findClinician.js';

/** What an event is: its kind, a one-line summary (only from a model) and the clinician named. */
export interface EventDescription {
  kind: ChronologyEventKind;
  summary: string | null;
  /** Whether the passage supports the summary (its dates, numbers and key terms); null without a summary. */
  summarySupported: boolean | null;
  clinician: string | null;
}

/** An event as the describer needs it. */
export interface EventToDescribe {
  dateText: string;
  passage: string;
  /** The kind the extraction gave by the keyword nearest the date; by the passage's keywords when absent. */
  kind?: ChronologyEventKind;
  /** The clinician the extraction decided (its line, or the document's author); by the passage's titles when absent. */
  clinician?: string | null;
}

/** Events sent to the model in one call. */
export const EVENTS_PER_MODEL_CALL = 20;
const TOKENS_PER_EVENT = 90;
const SUMMARY_MAX_LENGTH = 300;
const CLINICIAN_MAX_LENGTH = 120;

/** The kind by keywords and the clinician by titles, with no summary: the description without a model. */
export function describeEventByRules(
  event: EventToDescribe,
  patientSurname: string | null,
): EventDescription {
  return {
    kind: event.kind ?? classifyEventKind(event.passage),
    summary: null,
    summarySupported: null,
    clinician: event.clinician !== undefined ? event.clinician : findClinician(event.passage, patientSurname),
  };
}

const SYSTEM_PROMPT = [
  'You describe the events of a medical chronology built from a patient\u2019s records.',
  'Each event below is numbered [E1], [E2], … and gives the date as written and the passage of the record that states it.',
  'Answer with a JSON array only, one object per event: {"id": "E1", "summary": "…", "kind": "…", "clinician": "…"}.',
  'summary: one plain sentence saying what happened, using only what the passage states (no diagnosis, no date or number it does not give).',
  `kind: one of ${CHRONOLOGY_EVENT_KINDS.map((kind) => `"${kind}"`).join(', ')}.`,
  'clinician: the clinician or provider the passage names, as written, or null when it names none.',
].join('\n');

/** The model's prompt for a batch of events. */
export function buildDescribePrompt(events: readonly EventToDescribe[]): ChatMessage[] {
  const listed = events
    .map((event, index) => `[E${index + 1}] ${event.dateText}\n${event.passage.replace(/\s+/g, ' ')}`)
    .join('\n\n');
  return [
    { role: 'system', content: SYSTEM_PROMPT },
    { role: 'user', content: `Events:\n\n${listed}` },
  ];
}

interface ModelItem {
  id?: unknown;
  summary?: unknown;
  kind?: unknown;
  clinician?: unknown;
}

/** The JSON array in the model's answer (it may come inside a code fence or after a sentence). */
function parseItems(text: string): ModelItem[] {
  const first = text.indexOf('[');
  const last = text.lastIndexOf(']');
  if (first === -1 || last <= first)
    throw new LanguageModelError('The language model did not answer with a JSON array');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text.slice(first, last + 1));
  } catch {
    throw new LanguageModelError('The language model answered with JSON that could not be read');
  }
  if (!Array.isArray(parsed))
    throw new LanguageModelError('The language model did not answer with a JSON array');
  return parsed.filter((item): item is ModelItem => typeof item === 'object' && item !== null);
}

const isKind = (value: unknown): value is ChronologyEventKind =>
  typeof value === 'string' && (CHRONOLOGY_EVENT_KINDS as readonly string[]).includes(value);

/** A clinician the model named is kept only when the passage names them too (every word of the name, titles aside). */
function clinicianInPassage(clinician: string, passage: string): boolean {
  const lower = passage.toLowerCase();
  const words = clinician
    .toLowerCase()
    .replace(/\b(?:dr|mr|mrs|ms|miss|prof|professor)\b\.?/g, ' ')
    .match(/[\p{L}\p{N}'’-]+/gu);
  return !!words && words.length > 0 && words.every((word) => lower.includes(word));
}

/**
 * Describes a batch of events with the language model: a summary checked against its passage as record answers are
 * (checkSentenceSupport: its dates, numbers and key terms must be there; else `summarySupported` is false and the
 * screen flags it), the kind it gives when it is one of the kinds (else by rules), and the clinician it names when
 * the passage names them (else by rules). An event the model left out is described by rules. A failed call, or an
 * answer that is not a JSON array, throws LanguageModelError: the caller describes that batch by rules.
 */
export async function describeEventsWithModel(
  ai: AiProvider,
  events: readonly EventToDescribe[],
  options: { signal: AbortSignal; patientSurname: string | null },
): Promise<{ descriptions: EventDescription[]; model: string }> {
  let completion;
  try {
    completion = await ai.complete(buildDescribePrompt(events), {
      signal: options.signal,
      maxTokens: 200 + TOKENS_PER_EVENT * events.length,
      temperature: 0,
    });
  } catch (error) {
    if (options.signal.aborted) throw error;
    if (error instanceof LanguageModelError) throw error;
    throw new LanguageModelError((error as Error).message, { cause: error });
  }
  const items = new Map<number, ModelItem>();
  for (const [position, item] of parseItems(completion.text).entries()) {
    const number = Number(String(item.id ?? `E${position + 1}`).replace(/^E/i, ''));
    if (Number.isInteger(number) && !items.has(number)) items.set(number, item);
  }
  const descriptions = events.map((event, index) => {
    const rules = describeEventByRules(event, options.patientSurname);
    const item = items.get(index + 1);
    if (!item) return rules;
    const summary =
      typeof item.summary === 'string' && item.summary.trim() !== ''
        ? item.summary.trim().replace(/\s+/g, ' ').slice(0, SUMMARY_MAX_LENGTH)
        : null;
    const clinician =
      typeof item.clinician === 'string' &&
      item.clinician.trim() !== '' &&
      clinicianInPassage(item.clinician, event.passage)
        ? item.clinician.trim().slice(0, CLINICIAN_MAX_LENGTH)
        : rules.clinician;
    return {
      kind: isKind(item.kind) ? item.kind : rules.kind,
      summary,
      summarySupported: summary === null ? null : checkSentenceSupport(summary, [event.passage]),
      clinician,
    };
  });
  return { descriptions, model: completion.model };
}
