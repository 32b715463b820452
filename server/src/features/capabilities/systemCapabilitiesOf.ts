import type { SystemCapability } from '@ewrt/contract';
import type { ServerConfig } from '../../config/loadConfig.js';
import { ocrAvailabilityOf } from '../documents/ocr/ocrAvailability.js';
import type { SpeechAvailability } from '../../platform/speech/SpeechRecognizer.js';

/** What the capabilities are computed from: the settings (with the tools found on the PATH) and the speech probe. */
export type CapabilitySettings = Pick<
  ServerConfig,
  'ocr' | 'libreOfficeCommand' | 'languageModel' | 'embeddings' | 'webSearch' | 'databaseUrl' | 'dataDir'
>;

export const LIBREOFFICE_INSTALL_COMMAND = 'sudo apt-get install libreoffice-writer-nogui';
const AI_ENDPOINT_EXAMPLE = 'AI_BASE_URL=http://localhost:11434/v1 (any OpenAI-compatible endpoint)';

/** The host of a URL, never its user name, password or query (a key may hide there). */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'a configured address';
  }
}

function ocrCapability(settings: CapabilitySettings): SystemCapability {
  const ocr = ocrAvailabilityOf(settings.ocr);
  const name = 'OCR of scanned pages';
  if (ocr.available) {
    return {
      id: 'ocr',
      name,
      on: true,
      detail: `tesseract and pdftoppm are installed: scanned pages are read, ${settings.ocr.concurrency} at a time`,
      turn_on: null,
    };
  }
  return {
    id: 'ocr',
    name,
    on: false,
    detail: `${ocr.message}: scanned pages are not searchable`,
    turn_on: ocr.installCommand ?? 'OCR=on (or leave OCR unset)',
  };
}

function wordPagesCapability(settings: CapabilitySettings): SystemCapability {
  const name = 'Word page numbers and conversion (LibreOffice)';
  if (settings.libreOfficeCommand) {
    return {
      id: 'word-pages',
      name,
      on: true,
      detail: `LibreOffice (${settings.libreOfficeCommand}) lays out Word files: citations name their printed pages`,
      turn_on: null,
    };
  }
  return {
    id: 'word-pages',
    name,
    on: false,
    detail:
      'LibreOffice is not installed (or LIBREOFFICE_PATH=off): a .docx has only the pages of its page breaks, a .doc is one page, and bundles show Word files as text',
    turn_on: LIBREOFFICE_INSTALL_COMMAND,
  };
}

function speechCapability(speech: SpeechAvailability): SystemCapability {
  const name = 'Speech recognition (dictation and audio uploads)';
  if (!speech.available) {
    return {
      id: 'speech',
      name,
      on: false,
      detail: `${speech.message}: dictation and audio uploads are not transcribed`,
      turn_on: speech.installCommand ?? 'SPEECH_RECOGNIZER=pocketsphinx (or leave it unset)',
    };
  }
  return {
    id: 'speech',
    name,
    on: true,
    detail: `${speech.name}: ${speech.message}`,
    // Live dictation works without ffmpeg; the command then adds the reading of uploaded files.
    turn_on: speech.installCommand,
  };
}

function languageModelCapability(settings: CapabilitySettings): SystemCapability {
  const name = 'Language model';
  const model = settings.languageModel;
  if (model) {
    return {
      id: 'language-model',
      name,
      on: true,
      detail: `${model.model} at ${hostOf(model.baseUrl)} writes answers, drafts, chronologies and chat replies`,
      turn_on: null,
    };
  }
  return {
    id: 'language-model',
    name,
    on: false,
    detail:
      'No language model is configured: questions and research list the passages found, draft reports are evidence digests, chronologies follow simple rules, and the chatbot and AI formatting are unavailable',
    turn_on: `${AI_ENDPOINT_EXAMPLE} and AI_MODEL=<model name>`,
  };
}

function embeddingsCapability(settings: CapabilitySettings): SystemCapability {
  const name = 'Embeddings (search by meaning)';
  const model = settings.embeddings;
  if (model) {
    return {
      id: 'embeddings',
      name,
      on: true,
      detail: `${model.model} at ${hostOf(model.baseUrl)}: passages are found by meaning as well as by their words`,
      turn_on: null,
    };
  }
  return {
    id: 'embeddings',
    name,
    on: false,
    detail: 'No embedding model is configured: passages are found by full-text search alone',
    turn_on: `${AI_ENDPOINT_EXAMPLE} and AI_EMBEDDING_MODEL=<model name>`,
  };
}

function webSearchCapability(settings: CapabilitySettings): SystemCapability {
  const name = 'Web search (research assistant)';
  if (settings.webSearch) {
    return {
      id: 'web-search',
      name,
      on: true,
      detail: `SearXNG at ${hostOf(settings.webSearch.baseUrl)} searches the trusted sources`,
      turn_on: null,
    };
  }
  return {
    id: 'web-search',
    name,
    on: false,
    detail: 'Web search is not configured: the research assistant cannot search the trusted sources',
    turn_on: 'WEB_SEARCH_URL=<a SearXNG instance with JSON output, e.g. http://localhost:8888>',
  };
}

function databaseCapability(settings: CapabilitySettings): SystemCapability {
  const name = 'Database';
  if (settings.databaseUrl) {
    const url = new URL(settings.databaseUrl);
    return {
      id: 'database',
      name,
      on: true,
      detail: `PostgreSQL server at ${url.host}${url.pathname}: several API instances and workers can share it`,
      turn_on: null,
    };
  }
  return {
    id: 'database',
    name,
    on: true,
    detail: `Embedded PostgreSQL (PGlite) in ${settings.dataDir}: one server process only`,
    turn_on:
      'DATABASE_URL=postgres://user:password@host:5432/database for a PostgreSQL server (several instances)',
  };
}

/**
 * Every capability this server has or lacks, with why and what switches it on: what `GET /api/admin/capabilities`
 * answers and `pnpm doctor` prints. Pure: the probes (tools on the PATH, the speech recogniser's check) are done by
 * loadConfig and createSpeechRecognizer and come in as their results.
 */
export function systemCapabilitiesOf(
  settings: CapabilitySettings,
  speech: SpeechAvailability,
): SystemCapability[] {
  return [
    ocrCapability(settings),
    wordPagesCapability(settings),
    speechCapability(speech),
    languageModelCapability(settings),
    embeddingsCapability(settings),
    webSearchCapability(settings),
    databaseCapability(settings),
  ];
}
