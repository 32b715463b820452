// A small in-memory stand-in for the prompt and default-import calls (TPL-01, DRF-06),
// for the tests of the prompt editor and the import dialog. It answers as the server does
// for the signed-in user of the tests (Dr Asha Patel, user 3 of group 1), keeps what is added, changed, deleted and
// imported, and records every request.
import type {
  DefaultLookup,
  DefaultLookupType,
  DefaultsImportRequest,
  Lookup,
  LookupType,
} from '@ewrt/contract';
import { answerCall, HttpResponse } from '@ewrt/shared/testing';

export const SIGNED_IN_OWNER = { ID_User: 3, name: 'Dr Asha Patel', ID_Group: 1 } as const;

export const PERSONAL_INJURY: LookupType = { ID_LookupType: 11, LookupTypeText: 'Personal Injury' };
export const CLINICAL_NEGLIGENCE: LookupType = { ID_LookupType: 12, LookupTypeText: 'Clinical Negligence' };

/** A prompt of group 1 owned by the signed-in user; override any field. */
export function makePrompt(overrides: Partial<Lookup> = {}): Lookup {
  return {
    ID_Lookup: 101,
    LookupTitle: 'History of the index event',
    LookupText:
      'From the records, set out the index event in date order, citing file and page for each fact. Do not invent details.',
    LookupType: PERSONAL_INJURY.ID_LookupType,
    ID_User: SIGNED_IN_OWNER.ID_User,
    ID_Group: SIGNED_IN_OWNER.ID_Group,
    date_added: '2026-02-03T10:15:00.000Z',
    owner_name: SIGNED_IN_OWNER.name,
    can_edit: true,
    ...overrides,
  };
}

/** Seven prompts of two types: two pages of the table; Sam Hughes's two are not the signed-in user's to change. */
export function makeGroupPrompts(): Lookup[] {
  const longText = `Describe the claimant's present symptoms and their effect on work, sleep and daily life. ${'Quote the claimant where the records do. '.repeat(4)}`;
  return [
    makePrompt({ ID_Lookup: 101, LookupTitle: 'History of the index event' }),
    makePrompt({ ID_Lookup: 102, LookupTitle: 'Present condition', LookupText: longText }),
    makePrompt({
      ID_Lookup: 103,
      LookupTitle: 'Prognosis',
      LookupText: 'Give the likely course of recovery with a range of time, stating the uncertainty.',
      ID_User: 4,
      owner_name: 'Sam Hughes',
      can_edit: false,
    }),
    makePrompt({
      ID_Lookup: 104,
      LookupTitle: 'Breach of duty',
      LookupType: CLINICAL_NEGLIGENCE.ID_LookupType,
      LookupText: 'Assess the care given against the Bolam standard, with the Bolitho qualification.',
      date_added: '2026-01-20T09:00:00.000Z',
    }),
    makePrompt({
      ID_Lookup: 105,
      LookupTitle: 'Causation',
      LookupType: CLINICAL_NEGLIGENCE.ID_LookupType,
      LookupText: 'On the balance of probabilities, would the outcome have differed with proper care?',
      ID_User: 4,
      owner_name: 'Sam Hughes',
      can_edit: false,
    }),
    makePrompt({
      ID_Lookup: 106,
      LookupTitle: 'Examination findings',
      LookupText: 'Report the examination findings system by system, as recorded at the examination.',
    }),
    makePrompt({
      ID_Lookup: 107,
      LookupTitle: 'Appendix 10 documents reviewed',
      LookupText: 'List every document reviewed with its date and page range.',
      owner_name: null,
      ID_User: null,
    }),
  ];
}

export const DEFAULT_TYPES: DefaultLookupType[] = [
  {
    ID_LookupType: 1,
    LookupTypeText: 'Personal Injury',
    description: 'A report on injuries from a road traffic or workplace accident, for the court.',
  },
  {
    ID_LookupType: 2,
    LookupTypeText: 'Clinical Negligence',
    description: 'A report on breach of duty and causation in a claim about medical care.',
  },
];

export const DEFAULT_PROMPTS: DefaultLookup[] = [
  {
    ID_Lookup: 1,
    LookupType: 1,
    LookupTitle: 'Instructions and material facts',
    LookupText: 'State who instructed you and the facts you were asked to assume.',
  },
  {
    ID_Lookup: 2,
    LookupType: 1,
    LookupTitle: 'History of the accident',
    LookupText: `Set out the accident as the records and the claimant describe it, in date order, citing file and page. ${'Never add a detail the records do not give. '.repeat(5)}`,
  },
  {
    ID_Lookup: 3,
    LookupType: 1,
    LookupTitle: 'Prognosis',
    LookupText: 'Give the expected course of recovery with ranges.',
  },
  {
    ID_Lookup: 4,
    LookupType: 2,
    LookupTitle: 'Breach of duty',
    LookupText: 'Apply the Bolam test, with Bolitho.',
  },
  {
    ID_Lookup: 5,
    LookupType: 2,
    LookupTitle: 'Causation',
    LookupText: 'Would proper care have changed the outcome?',
  },
];

export interface RecordedRequest {
  method: string;
  path: string;
  body: unknown;
}

export interface PromptBackend {
  prompts: Lookup[];
  types: LookupType[];
  defaultsAvailable: boolean;
  defaultTypes: DefaultLookupType[];
  defaultPrompts: DefaultLookup[];
  requests: RecordedRequest[];
}

/** A group with two types and seven prompts, and a default set of two types and five prompts on offer. */
export function createPromptBackend(): PromptBackend {
  return {
    prompts: makeGroupPrompts(),
    types: [CLINICAL_NEGLIGENCE, PERSONAL_INJURY],
    defaultsAvailable: true,
    defaultTypes: DEFAULT_TYPES,
    defaultPrompts: DEFAULT_PROMPTS,
    requests: [],
  };
}

/** Puts the backend back to its initial state (between tests). */
export function resetPromptBackend(backend: PromptBackend): void {
  Object.assign(backend, createPromptBackend());
}

/** The requests of one method and path, in order. */
export function requestsTo(backend: PromptBackend, method: string, path: string): RecordedRequest[] {
  return backend.requests.filter((request) => request.method === method && request.path === path);
}

/** An error answer as the server sends it (clients show its `message`). */
export function promptApiError(status: number, message: string) {
  return HttpResponse.json({ message }, { status });
}

function record(backend: PromptBackend, { request, body }: { request: Request; body: unknown }): void {
  backend.requests.push({ method: request.method, path: new URL(request.url).pathname, body: body ?? null });
}

/** The handlers of every prompt call, answering from the backend. */
export function promptHandlers(backend: PromptBackend) {
  const nextId = (ids: number[]) => Math.max(0, ...ids) + 1;
  return [
    answerCall('listLookups', (call) => {
      record(backend, call);
      return { lookups: backend.prompts };
    }),
    answerCall('listLookupTypes', (call) => {
      record(backend, call);
      return { lookupTypes: backend.types };
    }),
    answerCall('createLookup', (call) => {
      record(backend, call);
      const lookup = makePrompt({
        ...call.body,
        ID_Lookup: nextId(backend.prompts.map((prompt) => prompt.ID_Lookup)),
        date_added: '2026-03-01T12:00:00.000Z',
      });
      backend.prompts = [...backend.prompts, lookup];
      return HttpResponse.json({ message: 'Prompt added successfully', lookup }, { status: 201 });
    }),
    answerCall('updateLookup', (call) => {
      record(backend, call);
      const { body, params } = call;
      const id = Number(params.id);
      const existing = backend.prompts.find((prompt) => prompt.ID_Lookup === id);
      if (!existing) return promptApiError(404, 'Prompt not found');
      const lookup: Lookup = {
        ...existing,
        LookupTitle: body.LookupTitle,
        LookupText: body.LookupText,
        LookupType: body.LookupType,
      };
      backend.prompts = backend.prompts.map((prompt) => (prompt.ID_Lookup === id ? lookup : prompt));
      return { message: 'Prompt updated successfully', lookup };
    }),
    answerCall('deleteLookup', (call) => {
      record(backend, call);
      backend.prompts = backend.prompts.filter((prompt) => prompt.ID_Lookup !== Number(call.params.id));
      return { message: 'Prompt deleted successfully' };
    }),
    answerCall('createLookupType', (call) => {
      record(backend, call);
      const lookupType: LookupType = {
        ID_LookupType: nextId(backend.types.map((type) => type.ID_LookupType)),
        LookupTypeText: call.body.LookupTypeText,
      };
      backend.types = [...backend.types, lookupType];
      return HttpResponse.json({ message: 'Prompt type created successfully', lookupType }, { status: 201 });
    }),
    answerCall('invalidateUserCache', (call) => {
      record(backend, call);
      return {
        success: true,
        message: 'Nothing is cached: prompts and templates are read afresh',
      };
    }),
    answerCall('defaultsAvailable', (call) => {
      record(backend, call);
      return { available: backend.defaultsAvailable };
    }),
    answerCall('listDefaultLookupTypes', (call) => {
      record(backend, call);
      return { lookup_types: backend.defaultTypes };
    }),
    answerCall('listDefaultLookups', (call) => {
      record(backend, call);
      return { lookups: backend.defaultPrompts };
    }),
    answerCall('importDefaults', (call) => {
      record(backend, call);
      return importIntoGroup(backend, call.body);
    }),
  ];
}

/** Copies the chosen defaults into the group as the server does: a prompt brings its type; nothing twice. */
function importIntoGroup(backend: PromptBackend, { lookupTypeIds, lookupIds }: DefaultsImportRequest) {
  const chosenPrompts = backend.defaultPrompts.filter((prompt) => lookupIds.includes(prompt.ID_Lookup));
  const neededTypeIds = new Set([...lookupTypeIds, ...chosenPrompts.map((prompt) => prompt.LookupType)]);
  const counts = { imported_types: 0, imported_lookups: 0, skipped_types: 0, skipped_lookups: 0 };
  const groupTypeId = new Map<number, number>();
  for (const defaultType of backend.defaultTypes.filter((type) => neededTypeIds.has(type.ID_LookupType))) {
    let type = backend.types.find((existing) => existing.LookupTypeText === defaultType.LookupTypeText);
    if (type) {
      if (lookupTypeIds.includes(defaultType.ID_LookupType)) counts.skipped_types += 1;
    } else {
      type = {
        ID_LookupType: Math.max(0, ...backend.types.map((existing) => existing.ID_LookupType)) + 1,
        LookupTypeText: defaultType.LookupTypeText,
      };
      backend.types = [...backend.types, type];
      counts.imported_types += 1;
    }
    groupTypeId.set(defaultType.ID_LookupType, type.ID_LookupType);
  }
  for (const chosen of chosenPrompts) {
    const typeId = groupTypeId.get(chosen.LookupType) ?? 0;
    if (
      backend.prompts.some(
        (prompt) => prompt.LookupType === typeId && prompt.LookupTitle === chosen.LookupTitle,
      )
    ) {
      counts.skipped_lookups += 1;
      continue;
    }
    backend.prompts = [
      ...backend.prompts,
      makePrompt({
        ID_Lookup: Math.max(0, ...backend.prompts.map((prompt) => prompt.ID_Lookup)) + 1,
        LookupTitle: chosen.LookupTitle,
        LookupText: chosen.LookupText,
        LookupType: typeId,
      }),
    ];
    counts.imported_lookups += 1;
  }
  return {
    message: `Imported ${counts.imported_types} report types and ${counts.imported_lookups} prompts`,
    ...counts,
  };
}
