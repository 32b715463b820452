// The spec's limits and enums that the server enforces and the clients need at run time. This module imports
// nothing (no TypeBox), so a browser bundle can import these values from '@ewrt/contract/limits' at no cost.

/** Per-user access to one patient (ACC-02): 1 full access, 2 pagination only, 3 view only; absent = full. */
export const PATIENT_ACCESS = {
  FULL: 1,
  PAGINATION_ONLY: 2,
  VIEW_ONLY: 3,
} as const;

export const PATIENT_ACCESS_LEVELS = [
  PATIENT_ACCESS.FULL,
  PATIENT_ACCESS.PAGINATION_ONLY,
  PATIENT_ACCESS.VIEW_ONLY,
] as const;

/** How the API writes a flag of the user (Administrator, group_admin). */
export const YES_NO = ['yes', 'no'] as const;

/** The user access levels the server seeds (ID_Access_level / txt_access_level); ACC-04 names the others. */
export const USER_ACCESS_LEVEL_LABELS = {
  FULL_ACCESS: 'Full Access',
  STANDARD: 'Standard',
  TRANSCRIPTION_ONLY: 'Transcription Only',
  READ_ONLY: 'Read Only',
} as const;

/** What a user's access level lets them use (the README's access-level table); administrators have everything. */
export const USER_FEATURES = [
  'documents',
  'transcription',
  'generative-ai',
  'tools',
  'advanced-tools',
] as const;
export type UserFeature = (typeof USER_FEATURES)[number];

export type AccessLevelLabel = (typeof USER_ACCESS_LEVEL_LABELS)[keyof typeof USER_ACCESS_LEVEL_LABELS];

/** The features of each access level, by its label. */
export const ACCESS_LEVEL_FEATURES: Readonly<Record<AccessLevelLabel, readonly UserFeature[]>> = {
  [USER_ACCESS_LEVEL_LABELS.FULL_ACCESS]: USER_FEATURES,
  [USER_ACCESS_LEVEL_LABELS.STANDARD]: ['documents', 'transcription', 'generative-ai', 'tools'],
  [USER_ACCESS_LEVEL_LABELS.TRANSCRIPTION_ONLY]: ['transcription'],
  [USER_ACCESS_LEVEL_LABELS.READ_ONLY]: [],
};

/** The features of the level with this label (case and surrounding spaces ignored); an unknown one has none. */
export function accessLevelFeatures(label: string | null | undefined): readonly UserFeature[] {
  const wanted = (label ?? '').trim().toLowerCase();
  const known = Object.values(USER_ACCESS_LEVEL_LABELS).find((each) => each.toLowerCase() === wanted);
  return known ? ACCESS_LEVEL_FEATURES[known] : [];
}

/** Digits of a two-factor code. */
export const TOTP_CODE_LENGTH = 6;

/** Patients per page of the simple search, and in the recent list. */
export const SEARCH_PAGE_SIZE = 5;
export const RECENT_PATIENTS_LIMIT = 5;
/** The advanced search answers at most this many patients. */
export const ADVANCED_SEARCH_RESULTS_LIMIT = 500;
/** Highest page number the simple search takes. */
export const SEARCH_MAX_PAGE = 999_999;

/** Longest text of any patient field, and of a search term or filter. */
export const PATIENT_TEXT_MAX_LENGTH = 200;
export const SEARCH_TERM_MAX_LENGTH = 200;

export const USERNAME_MAX_LENGTH = 200;
export const PASSWORD_MAX_LENGTH = 1024;
/** A login setup or temp token (opaque, issued by the server). */
export const LOGIN_CHALLENGE_TOKEN_MAX_LENGTH = 200;

/** Largest database id an id in a path or body may name (PostgreSQL integer). */
export const MAX_ID = 2_147_483_647;

/** The advanced-search filter fields (PAT-05), which are also its query parameters. */
export const ADVANCED_SEARCH_FIELDS = [
  'FirstName',
  'Surname',
  'MRN',
  'Solicitorname',
  'Solicitorcompany',
  'Solicitorreference',
] as const;

/** The statuses of a background job (JOB-02): pending and running are active, the rest finished. */
export const JOB_STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled'] as const;
export const ACTIVE_JOB_STATUSES = ['pending', 'running'] as const;

/** The kinds of background work (`job_type`); later parts add theirs. */
export const JOB_TYPES = {
  DOCUMENT_PROCESSING: 'document_processing',
  VECTOR_REBUILD: 'vector_rebuild',
  RECORD_BUNDLE: 'record_bundle',
  CHRONOLOGY: 'chronology',
  DRAFT_REPORT: 'draft_report',
  AUDIO_TRANSCRIPTION: 'audio_transcription',
} as const;

/** The socket.io event that carries a job's new state (a `Job`) to its owner's sockets. */
export const JOB_UPDATE_EVENT = 'job_update';

/** The status of one step of a job (`progress_steps[].status`). */
export const JOB_STEP_STATUSES = ['pending', 'running', 'completed', 'failed', 'skipped'] as const;

/** The level of a job log line (`recent_logs[].level`). */
export const JOB_LOG_LEVELS = ['debug', 'info', 'warning', 'error'] as const;

/** Document uploads (DOC-03): these extensions, at most 250 MB each. */
export const DOCUMENT_EXTENSIONS = ['pdf', 'docx', 'doc', 'txt'] as const;
export const DOCUMENT_MAX_MEGABYTES = 250;
export const DOCUMENT_MAX_BYTES = DOCUMENT_MAX_MEGABYTES * 1024 * 1024;
/** Longest file name an upload may carry. */
export const DOCUMENT_FILENAME_MAX_LENGTH = 255;
/** Most file names a generated file list may name. */
export const FILE_LIST_MAX_ENTRIES = 10_000;
/** The `redirect_to` of an upload answer that sends the browser to the patient's job list. */
export const UPLOAD_REDIRECT_JOB_LIST = 'job_list';

/** Users per page of the user management table (USR-02). */
export const USERS_PAGE_SIZE = 5;
/** Longest name, email, contact number and group name of the user forms. */
export const USER_NAME_MAX_LENGTH = 200;
export const EMAIL_MAX_LENGTH = 254;
export const CONTACT_NUMBER_MAX_LENGTH = 50;
export const GROUP_NAME_MAX_LENGTH = 200;
/** The least a new password may be (the policy message names it). */
export const PASSWORD_MIN_LENGTH = 12;
/** The defaults of a new user (USR-05): group = the adder's group, else this one. */
export const NEW_USER_DEFAULTS = {
  GROUP: 1,
  ACCESS_LEVEL: 1,
  USER_ACTIVE: 1,
  ADMINISTRATOR: 'no',
  GROUP_ADMIN: 'no',
} as const;

/** Record questions and opinion queries (QRY-03, OPN-03): k passages by default, the cache on. */
export const QUERY_DEFAULT_K = 8;
export const QUERY_MAX_K = 50;
export const QUERY_USE_CACHE_DEFAULT = true;
/** Longest question the query calls take. */
export const QUERY_MAX_LENGTH = 4000;
/** The kinds of conversation entry (QRY-02). */
export const CONVERSATION_ENTRY_TYPES = ['user', 'assistant'] as const;
/** How an answer was made: by a language model, or from retrieval alone when none is configured. */
export const MODEL_MODES = ['language-model', 'retrieval-only'] as const;
/** Where an indexed passage's text came from: the page's text layer, or OCR of its image. */
export const CHUNK_SOURCES = ['text', 'ocr'] as const;

/** The states of a record bundle. */
export const BUNDLE_STATUSES = ['pending', 'running', 'completed', 'failed', 'cancelled'] as const;
/** Most documents one bundle orders. */
export const MAX_BUNDLE_DOCUMENTS = 2000;
/** The longest description an expert may give a document for the bundle's index. */
export const BUNDLE_DESCRIPTION_MAX_LENGTH = 200;
/** Where a document's description in the bundle's index comes from. */
export const BUNDLE_DESCRIPTION_SOURCES = ['expert', 'document', 'filename'] as const;

/** Draft report prompts (TPL-02): rows per page of the prompt table and the length of its previews. */
export const PROMPT_TABLE_PAGE_SIZE = 5;
export const PROMPT_PREVIEW_LENGTH = 100;
/** Prompt text shown per prompt in the Import Default Report Prompts dialog. */
export const IMPORT_PREVIEW_LENGTH = 150;
export const PROMPT_TITLE_MAX_LENGTH = 200;
export const PROMPT_TEXT_MAX_LENGTH = 20_000;
export const PROMPT_TYPE_NAME_MAX_LENGTH = 100;

/** The style document and report templates (TPL-04): Word documents of at most 50 MB. */
export const AUTHORING_DOCX_MAX_MEGABYTES = 50;
export const AUTHORING_DOCX_MAX_BYTES = AUTHORING_DOCX_MAX_MEGABYTES * 1024 * 1024;
export const REPORT_TEMPLATE_NAME_MAX_LENGTH = 200;
export const REPORT_TEMPLATE_DESCRIPTION_MAX_LENGTH = 2000;

/** Structured templates (TPL-07): the kinds of section content, in the order the form offers them. */
export const SECTION_CONTENT_TYPES = [
  'narrative',
  'structured_list',
  'clinical_assessment',
  'examination',
  'opinion',
] as const;
export type SectionContentType = (typeof SECTION_CONTENT_TYPES)[number];
export const SECTION_CONTENT_TYPE_LABELS: Readonly<Record<SectionContentType, string>> = {
  narrative: 'Narrative Text',
  structured_list: 'Structured List',
  clinical_assessment: 'Clinical Assessment',
  examination: 'Examination Findings',
  opinion: 'Medical Opinion',
};
export const STRUCTURED_TEMPLATE_NAME_MAX_LENGTH = 200;
export const STRUCTURED_TEMPLATE_DESCRIPTION_MAX_LENGTH = 2000;
export const SECTION_TITLE_MAX_LENGTH = 300;
export const SECTION_DESCRIPTION_MAX_LENGTH = 5000;
export const DECLARATION_MAX_LENGTH = 20_000;
export const FRONTPAGE_TEXT_MAX_LENGTH = 2000;
/** Most sections one structured template holds. */
export const MAX_TEMPLATE_SECTIONS = 100;
/** Characters of preview text in the structured template save dialogs. */
export const STRUCTURED_PREVIEW_LENGTH = 500;
export const DEFAULT_FRONTPAGE_TITLE = 'Expert Medical Report';
export const DEFAULT_FIRST_SECTION_TITLE = '1. BACKGROUND AND CIRCUMSTANCES';

/**
 * The statement of truth of Practice Direction 35 paragraph 3.3, in its prescribed wording (as amended from
 * 6 April 2020). It is fixed by the rule, so it is quoted exactly.
 */
export const PD35_STATEMENT_OF_TRUTH =
  'I confirm that I have made clear which facts and matters referred to in this report are within my own ' +
  'knowledge and which are not. Those that are within my own knowledge I confirm to be true. The opinions I have ' +
  'expressed represent my true and complete professional opinions on the matters to which they refer.\n\n' +
  'I understand that proceedings for contempt of court may be brought against anyone who makes, or causes to be ' +
  'made, a false statement in a document verified by a statement of truth without an honest belief in its truth.';

/**
 * A new structured template's endpage: the expert's declaration of their duty to the court (CPR 35.3 and PD 35
 * paragraph 3.2(9)), that they will correct the report if needed, and the statement of truth of paragraph 3.3.
 */
export const DEFAULT_EXPERT_DECLARATION =
  'EXPERT’S DECLARATION\n\n' +
  '1. I understand that my overriding duty is to the court, both in preparing this report and in giving oral ' +
  'evidence. I have complied with that duty and will continue to comply with it.\n' +
  '2. I am aware of the requirements of Part 35 of the Civil Procedure Rules and its Practice Direction, and of ' +
  'the Guidance for the Instruction of Experts in Civil Claims 2014.\n' +
  '3. I have set out in this report the substance of all facts and instructions which are material to the ' +
  'opinions expressed in it or upon which those opinions are based.\n' +
  '4. Where there is a range of opinion on the matters dealt with in this report, I have summarised the range ' +
  'and given reasons for my own opinion.\n' +
  '5. I have not included anything in this report which has been suggested to me by anyone, including the ' +
  'lawyers instructing me, without forming my own independent view of the matter.\n' +
  '6. If, after producing this report, I change my view on any material matter, or find that the report ' +
  'requires any correction or qualification, I will inform those instructing me without delay.\n\n' +
  'STATEMENT OF TRUTH\n\n' +
  PD35_STATEMENT_OF_TRUTH;

/** The medical chronology: how precisely an event's date is known, and the kinds of clinical event. */
export const DATE_PRECISIONS = ['day', 'month', 'year'] as const;
export const CHRONOLOGY_EVENT_KINDS = [
  'consultation',
  'emergency attendance',
  'missed appointment',
  'referral',
  'imaging',
  'operation',
  'admission',
  'discharge',
  'prescription',
  'therapy',
  'test result',
  'correspondence',
  'other',
] as const;
export type ChronologyEventKind = (typeof CHRONOLOGY_EVENT_KINDS)[number];
/** Where an event sits against the patient's Date of Event. */
export const EVENT_RELATIONS = ['before', 'on', 'after'] as const;
/** Who gave an event its kind, summary and clinician: the language model, or the rules when none is configured. */
export const CHRONOLOGY_DESCRIBERS = ['language-model', 'rules'] as const;
/** The states of a patient's chronology. */
export const CHRONOLOGY_STATES = ['none', 'building', 'ready', 'failed'] as const;
/** Longest text filter the chronology takes. */
export const CHRONOLOGY_TEXT_FILTER_MAX_LENGTH = 200;

/** Draft reports (DRF-01, DRF-03). */
export const DRAFT_JOB_POLL_INTERVAL_MS = 2000;
/** The Recent Jobs panel fetches page 1 of 10 and shows the first 5. */
export const DRAFT_JOBS_PAGE = 1;
export const DRAFT_JOBS_PAGE_SIZE = 10;
export const DRAFT_JOBS_SHOWN = 5;
export const DRAFT_JOBS_MAX_PAGE_SIZE = 100;
/** The result section that holds the whole report, shown as "Complete Report". */
export const COMPLETE_FINAL_REPORT = 'COMPLETE_FINAL_REPORT';
export const COMPLETE_REPORT_LABEL = 'Complete Report';
export const GENERATED_REPORT_PANEL_MAX_HEIGHT_PX = 600;
/** Passages of the patient's records retrieved for each prompt of a draft report. */
export const DRAFT_PASSAGES_PER_PROMPT = 8;
/** Most prompts one draft report runs (one job step each). */
export const MAX_DRAFT_PROMPTS = 100;
/** The formats the generated documents list badges. */
export const GENERATED_DOCUMENT_FORMATS = ['DOCX', 'PDF', 'TXT'] as const;

/** The secure chatbot and the research assistant (CHAT-02, RES-03). */
export const CHAT_CONTEXT_MAX_WORDS = 20_000;
export const CHAT_MESSAGE_MAX_LENGTH = 20_000;
/** Longest pasted context in characters: far above 20,000 words, so the word limit is the one that bites. */
export const CHAT_CONTEXT_MAX_LENGTH = 400_000;
export const CHAT_HISTORY_MAX_MESSAGES = 200;
export const CHAT_SCROLL_DELAY_MS = 100;
export const CHAT_ROLES = ['user', 'assistant'] as const;
export const TRUSTED_SOURCE_NAME_MAX_LENGTH = 200;
export const TRUSTED_SOURCE_DOMAIN_MAX_LENGTH = 253;
export const TRUSTED_SOURCE_DESCRIPTION_MAX_LENGTH = 1000;
/** Web pages a research answer reads at most. */
export const RESEARCH_RESULTS_MAX = 8;

/** Transcription (TRN-02, TRN-06, TRN-07, TRN-03, TRN-04). */
/** The browser captures at this rate, mono, in chunks of this many samples (16-bit PCM on the wire). */
export const TRANSCRIPTION_CAPTURE_SAMPLE_RATE_HZ = 44_100;
export const TRANSCRIPTION_CHUNK_SAMPLES = 4096;
/** The rates a live stream may declare; the server resamples it to what its recogniser hears. */
export const TRANSCRIPTION_MIN_SAMPLE_RATE_HZ = 8000;
export const TRANSCRIPTION_MAX_SAMPLE_RATE_HZ = 192_000;
export const TRANSCRIPTION_AUTOSAVE_INTERVAL_MS = 30_000;
export const TRANSCRIPTION_CONNECT_TIMEOUT_MS = 20_000;
/** Final transcripts remembered to drop duplicates; the cache is pruned above this. */
export const TRANSCRIPTION_DUPLICATE_CACHE_MAX = 200;
export const TRANSCRIPTION_SCROLL_DELAY_MS = 100;
export const TRANSCRIPTION_PREVIEW_LENGTH = 50;
/** A final recognised with less confidence (0–1) than this is marked on screen for the typist to check. */
export const TRANSCRIPTION_LOW_CONFIDENCE = 0.6;
/** A paused live stream gives its recogniser back after this long; resuming takes one again. */
export const TRANSCRIPTION_PAUSED_RELEASE_MS = 120_000;
/** A user's own words for the recogniser ("my words": drug names, hospitals, surgeons): at most this many. */
export const MY_WORDS_MAX = 300;
export const MY_WORD_MAX_LENGTH = 60;
/** What the completed table shows for a transcription without a type. */
export const TRANSCRIPTION_DEFAULT_TYPE_LABEL = 'Standard';
/** Longest transcript stored: hours of dictation. */
export const TRANSCRIPTION_TEXT_MAX_LENGTH = 2_000_000;
export const TRANSCRIPTION_STATUSES = ['Complete', 'Incomplete'] as const;
/** Where a transcription's text came from. */
export const TRANSCRIPTION_SOURCES = ['live', 'upload'] as const;
/** The three AI formats of TRN-01, and their summarize calls. */
export const CONSULTATION_TYPES = ['outpatient', 'medicolegal', 'opinion'] as const;
export type ConsultationType = (typeof CONSULTATION_TYPES)[number];

/** The format a transcription type asks for: the first of the three its text contains, else outpatient (TRN-05). */
export function consultationTypeOf(transcriptionTypeText: string | null | undefined): ConsultationType {
  const text = (transcriptionTypeText ?? '').toLowerCase();
  return CONSULTATION_TYPES.find((type) => text.includes(type)) ?? 'outpatient';
}

// How a transcription's text grows as speech is recognised. The server stores each live final this way and the
// Live Transcription screen follows the same rule to know which text its edits were based on: the two must agree
// character for character, so both use these.
/** Spaces and tabs at the end, not line breaks: a typist's new paragraph is kept. */
const TRAILING_BLANKS = /[ \t]+$/;
const TRAILING_WHITESPACE = /[ \t\n]+$/;

/**
 * The text with a final segment appended after a space (none when the text is blank or ends in a line break).
 * A segment the text already ends with is not appended again, so a final delivered twice is kept once.
 */
export function appendFinalText(text: string, segment: string): string {
  const addition = segment.trim();
  if (addition === '') return text;
  if (text.replace(TRAILING_BLANKS, '') === '') return addition;
  const settled = text.replace(TRAILING_WHITESPACE, '');
  if (settled === addition || settled.endsWith(` ${addition}`) || settled.endsWith(`\n${addition}`))
    return text;
  if (text.endsWith('\n')) return text + addition;
  return `${text.replace(TRAILING_BLANKS, '')} ${addition}`;
}

/**
 * What a save stores when the editor says which stored text its edit was based on: the edited text, then what the
 * server appended after that base (finals recognised while the edit was on its way). Null when the stored text no
 * longer begins with the base: it was changed in another way (another window saved), so neither side may win.
 */
export function mergeEditedText(stored: string, basedOn: string, edited: string): string | null {
  if (!stored.startsWith(basedOn)) return null;
  return appendFinalText(edited, stored.slice(basedOn.length));
}

/** Audio uploads (TRN-06): these formats, by MIME type or extension, under 500 MB. */
export const AUDIO_UPLOAD_EXTENSIONS = ['.mp3', '.wav', '.m4a', '.aac', '.ogg', '.webm'] as const;
export const AUDIO_UPLOAD_MIME_TYPES = [
  'audio/mpeg',
  'audio/mp3',
  'audio/wav',
  'audio/x-wav',
  'audio/wave',
  'audio/vnd.wave',
  'audio/mp4',
  'audio/x-m4a',
  'audio/m4a',
  'audio/aac',
  'audio/x-aac',
  'audio/ogg',
  'audio/webm',
  'video/webm',
] as const;
export const AUDIO_UPLOAD_MAX_BYTES = 500 * 1024 * 1024;
export const AUDIO_UPLOAD_TIMEOUT_MS = 120_000;
export const AUDIO_LARGE_FILE_NOTICE_BYTES = 10 * 1024 * 1024;
export const AUDIO_UPLOAD_REDIRECT_DELAY_MS = 2000;

/** The socket.io events of live transcription (TRN-04). */
export const TRANSCRIPTION_EVENTS = {
  // browser to server
  START: 'start_transcription',
  AUDIO: 'audio_data',
  PAUSE: 'pause_transcription',
  RESUME: 'resume_transcription',
  STOP: 'stop_transcription',
  CLEAR_TRACKING: 'clear_transcription_tracking',
  // server to browser
  CONNECTION_ESTABLISHED: 'connection_established',
  STARTED: 'transcription_started',
  TRANSCRIPTION: 'transcription',
  PAUSED: 'transcription_paused',
  RESUMED: 'transcription_resumed',
  STOPPED: 'transcription_stopped',
  ERROR: 'transcription_error',
} as const;

/**
 * What the server unpacks and reads of one uploaded document before it refuses it: a Word file is a zip archive
 * that can claim to unpack to far more than was sent (a "zip bomb"), and a small PDF can declare tens of thousands
 * of pages. Each refusal names its limit.
 */
export const DOCUMENT_READING_LIMITS = {
  /** Pages of one document (a PDF's pages, a Word file's page breaks). */
  maxPages: 10_000,
  /** Objects a PDF declares (its cross-reference size). */
  maxPdfObjects: 2_000_000,
  /** Files inside a Word (.docx) archive. */
  maxArchiveEntries: 10_000,
  /** Everything inside a Word archive, unpacked. */
  maxUnpackedBytes: 1024 * 1024 * 1024,
  /** One file inside a Word archive, unpacked (the document's text is one of them). */
  maxUnpackedEntryBytes: 256 * 1024 * 1024,
  /**
   * How many times larger a file inside an archive may unpack than it is packed: real documents stay well under 100
   * (very repetitive ones near 150), a bomb packs about a thousand times.
   */
  maxCompressionRatio: 250,
} as const;

/** The resolutions a page image is drawn at for the page view (dots per inch); the first is the default. */
export const PAGE_IMAGE_DPIS = [150, 100, 200] as const;
/** The step between them (the schema accepts the multiples of it between the least and the greatest). */
export const PAGE_IMAGE_DPI_STEP = 50;
export type PageImageDpi = (typeof PAGE_IMAGE_DPIS)[number];

/** Record review: the days without recorded care from which a gap is flagged (the user sets it), and its bounds. */
export const RECORD_GAP_DEFAULT_DAYS = 180;
export const RECORD_GAP_MIN_DAYS = 7;
export const RECORD_GAP_MAX_DAYS = 3650;
/** The kinds of record-review flags: a record mentioned but absent, a gap in care, missed appointments. */
export const RECORD_FLAG_KINDS = ['missing record', 'gap in care', 'missed appointment'] as const;
export type RecordFlagKind = (typeof RECORD_FLAG_KINDS)[number];
