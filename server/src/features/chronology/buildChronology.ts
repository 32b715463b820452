import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises';
import type { ModelInfo } from '@ewrt/contract';
import type { Database } from '../../db/Database.js';
import { LanguageModelError, type AiProvider } from '../../platform/ai/AiProvider.js';
import type { ChronologyDescriber, NewChronologyEvent } from './chronologyRepository.js';
import { createChronologyRepository } from './chronologyRepository.js';
import {
  describeEventByRules,
  describeEventsWithModel,
  EVENTS_PER_MODEL_CALL,
  type EventDescription,
} from './describeEvents.js';
import { decideDateOrder } from '../../platform/dates/decideDateOrder.js';
import { isTherapyServiceDocument, kindInDocument } from './classifyEventKind.js';
import {
  extractDatedMentions,
  findUnreadPageDates,
  type DatedMention,
  type UnreadPageDate,
} from './extractDatedMentions.js';
import { findAddressee, findDocumentAuthor } from './findDocumentAuthor.js';
import { findClinician } from './findClinician.js';
import { mergeDuplicateMentions, type MergedEvent } from './mergeDuplicateMentions.js';

/** What a build reports as it goes, and how it is stopped: a job's context, or a plain stand-in in a benchmark. */
export interface BuildReporter {
  progress(percentage: number, description: string): Promise<void>;
  log(level: 'info' | 'warning', message: string): Promise<void>;
  throwIfCancelled(): Promise<void>;
  signal: AbortSignal;
}

/** The events read from the pages, with the fingerprint of the documents they were read from. */
export interface ReadEvents {
  documentsFingerprint: string;
  pages: number;
  events: MergedEvent[];
  /** Numeric dates no reading makes a real day, listed so that none is dropped silently. */
  unreadDates: UnreadPageDate[];
}

/** The events described, and by what. */
export interface DescribedEvents {
  describedBy: ChronologyDescriber;
  modelInfo: ModelInfo;
  events: NewChronologyEvent[];
}

export const RULES_MODEL_INFO: ModelInfo = {
  mode: 'retrieval-only',
  model: null,
  provider: null,
  label: 'No language model configured: events described by rules',
};

/** Pages read between turns of the event loop, so the API keeps answering during a long build. */
const PAGES_PER_TURN = 20;

/**
 * Reads every indexed page of the patient's processed documents (in bundle order when there is a bundle), finds the
 * dated statements on them and merges copies of one statement. The fingerprint is taken first: a document processed
 * while the build runs leaves the chronology out of date.
 */
export async function readChronologyEvents(
  db: Database,
  patient: { id: number; groupId: number },
  referenceYear: number,
  reporter: BuildReporter,
  patientSurname: string | null = null,
): Promise<ReadEvents> {
  const repository = createChronologyRepository(db);
  const documentsFingerprint = await repository.documentsFingerprint(patient.id);
  const documents = await repository.sourceDocuments(patient.id, patient.groupId);
  const totalPages = Math.max(
    1,
    documents.reduce((sum, document) => sum + (document.pageCount ?? 1), 0),
  );
  const mentions: DatedMention[] = [];
  const unreadDates: UnreadPageDate[] = [];
  let read = 0;
  for (const document of documents) {
    await reporter.throwIfCancelled();
    const pages = await repository.indexedPages(document.id);
    // Each document writes its numeric dates one way, has one author and one service: decided from all its pages.
    const wholeText = pages.map((page) => page.text).join('\n');
    const order = decideDateOrder(wholeText);
    const author = findDocumentAuthor(wholeText);
    const addressee = findAddressee(wholeText);
    const therapyService = isTherapyServiceDocument(wholeText);
    for (let first = 0; first < pages.length; first += PAGES_PER_TURN) {
      const part = pages.slice(first, first + PAGES_PER_TURN);
      for (const mention of extractDatedMentions(part, referenceYear, order)) {
        mentions.push({
          ...mention,
          kind: kindInDocument(mention.kind, therapyService),
          clinician: clinicianOf(mention, author, addressee, patientSurname),
        });
      }
      unreadDates.push(...findUnreadPageDates(part, referenceYear, order));
      read += part.length;
      await reporter.progress(
        Math.min(100, (read / totalPages) * 100),
        `Reading page ${Math.min(read, totalPages)} of ${totalPages}`,
      );
      await nextTurnOfEventLoop();
    }
  }
  const events = mergeDuplicateMentions(mentions);
  await reporter.log(
    'info',
    `Read ${read} page(s) of ${documents.length} document(s): ${mentions.length} dated statement(s), ${events.length} event(s), ${unreadDates.length} unread date(s)`,
  );
  return { documentsFingerprint, pages: read, events, unreadDates };
}

/**
 * The clinician of a dated statement: the one its line names (an entry heading, "… by Dr Alvarez"), else the
 * document's author, else a clinician its passage names who is not the letter's addressee.
 */
function clinicianOf(
  mention: DatedMention,
  author: string | null,
  addressee: string | null,
  patientSurname: string | null,
): string | null {
  if (mention.clinician !== undefined) return mention.clinician;
  if (author) return author;
  const surnameOf = (name: string) => name.split(/\s+/).pop()!.toLowerCase();
  const named = findClinician(mention.passage, patientSurname);
  return named && addressee && surnameOf(named) === surnameOf(addressee) ? null : named;
}

const withDescription = (event: MergedEvent, description: EventDescription): NewChronologyEvent => ({
  iso: event.iso,
  precision: event.precision,
  dateText: event.dateText,
  passage: event.passage,
  places: event.places,
  planned: event.planned,
  alternativeIso: event.alternativeIso,
  ...description,
});

/**
 * Describes the events: by the language model in batches when one is configured (a batch it fails is described by
 * rules, and the job's log says so), else by rules. The chronology is "described by the language model" when the
 * model described any of it.
 */
export async function describeChronologyEvents(
  events: readonly MergedEvent[],
  ai: AiProvider | null,
  patientSurname: string | null,
  reporter: BuildReporter,
): Promise<DescribedEvents> {
  if (!ai || events.length === 0) {
    return {
      describedBy: 'rules',
      modelInfo: RULES_MODEL_INFO,
      events: events.map((event) => withDescription(event, describeEventByRules(event, patientSurname))),
    };
  }
  const described: NewChronologyEvent[] = [];
  let answeredBy: string | null = null;
  for (let first = 0; first < events.length; first += EVENTS_PER_MODEL_CALL) {
    await reporter.throwIfCancelled();
    const batch = events.slice(first, first + EVENTS_PER_MODEL_CALL);
    const last = first + batch.length;
    await reporter.progress(
      (first / events.length) * 100,
      `Describing events ${first + 1}–${last} of ${events.length}`,
    );
    try {
      const { descriptions, model } = await describeEventsWithModel(ai, batch, {
        signal: reporter.signal,
        patientSurname,
      });
      answeredBy ??= model;
      described.push(...batch.map((event, index) => withDescription(event, descriptions[index]!)));
    } catch (error) {
      if (reporter.signal.aborted || !(error instanceof LanguageModelError)) throw error;
      await reporter.log(
        'warning',
        `The language model could not describe events ${first + 1}–${last} (${error.message}): described by rules`,
      );
      described.push(
        ...batch.map((event) => withDescription(event, describeEventByRules(event, patientSurname))),
      );
    }
  }
  if (answeredBy === null) return { describedBy: 'rules', modelInfo: RULES_MODEL_INFO, events: described };
  return {
    describedBy: 'language-model',
    modelInfo: {
      mode: 'language-model',
      model: answeredBy,
      provider: ai.provider,
      label: `${answeredBy} (${ai.provider})`,
    },
    events: described,
  };
}

/** Stores the build in one transaction: the previous chronology stays whole until this one replaces it. */
export async function saveChronology(
  db: Database,
  patientId: number,
  build: DescribedEvents & {
    jobId: number | null;
    builtAt: Date;
    documentsFingerprint: string;
    unreadDates?: readonly UnreadPageDate[];
  },
): Promise<void> {
  await db.transaction((tx) => createChronologyRepository(tx).replace(patientId, build));
}
