// A local stand-in for an OpenAI-compatible server, for tests that go through the language model and embedding
// seams over real HTTP. It answers deterministically from what it is sent:
//
//   POST /v1/chat/completions  reads the numbered sources from the last user message ("[n] file, page p" and the
//                              passage below it) and answers with one sentence per source quoting the passage's
//                              opening words, cited [n]. `stream: true` gets the same text as server-sent events.
//   POST /v1/embeddings        one vector per input: words hashed into 64 dimensions, so texts that share words
//                              are similar (cosine) and the same text always gets the same vector.
//
// startOpenAiStandIn(options):
//   reportedModel        the model name its chat answers report (default 'stand-in-chat-1'); make it differ from
//                        the configured AI_MODEL to prove the answer shows the model that answered
//   unsupportedSentence  the sentence 'cite-with-unsupported' adds: it cites [1] but states what no source says
//   apiKey               when set, a request without `Authorization: Bearer <apiKey>` is answered 401
//   hangAfterChats       once it has answered this many chat completions, it switches to 'hang' (setMode undoes
//                        it): a test stops the server while a job waits on its next request
//   mode                 the starting mode (default 'cite'), changed later with setMode:
//                          'cite'                  one cited, quoting sentence per source
//                          'cite-with-unsupported' the same, then `unsupportedSentence`
//                          'decline'               "The records provided do not say." without a citation
//                          'fail'                  503 with an OpenAI-style error body ("The model is overloaded")
//                          'hang'                  never answers (until the client gives up or close())
//                          'describe-events'       a chronology prompt's events ("[E1] <date>" then the passage)
//                                                  described as a JSON array: each summary quotes its passage's
//                                                  opening words, kind "correspondence", the first "Dr/Mr/Mrs/Ms
//                                                  Name" of the passage as clinician
//                          'describe-events-with-unsupported'  the same, but the first summary is
//                                                  `unsupportedSentence`
//                          'converse'              a chat reply to the last user message: 'You asked: "<its
//                                                  opening words>".' (the model reported as always), so a test
//                                                  proves which message was sent last
//                          'cite-pages'            a research prompt's web pages ("[n] title", "URL: …", then the
//                                                  summary) each quoted by its opening words and cited [n], the
//                                                  last page first, so numbering by first citation reorders them
//                          'format-transcription'  a transcription formatting prompt (the transcript between
//                                                  "=== BEGIN TRANSCRIPT ===" and "=== END TRANSCRIPT ===") answered
//                                                  as the JSON its system message asks for, after a sentence and in
//                                                  a ```json fence: outpatient (diagnosis "Stated: <opening words>",
//                                                  summaryOfConsultation the transcript, plan "Review", no
//                                                  medicalHistory nor medicationsAndAllergies), medicolegal (summary,
//                                                  keyPoints ["<opening words>"], transcript, contextualSections
//                                                  {"Account": transcript}) or opinion (formattedOpinion
//                                                  "Opinion: <transcript>")
// It returns { baseUrl (ending /v1: what AI_BASE_URL takes), requests (every request: path, authorization header,
// parsed body), setMode, close }.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type StandInMode =
  | 'cite'
  | 'cite-with-unsupported'
  | 'decline'
  | 'fail'
  | 'hang'
  | 'describe-events'
  | 'describe-events-with-unsupported'
  | 'converse'
  | 'cite-pages'
  | 'format-transcription';

export interface OpenAiStandInOptions {
  reportedModel?: string;
  unsupportedSentence?: string;
  apiKey?: string | null;
  mode?: StandInMode;
  hangAfterChats?: number;
}

export interface RecordedRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    input?: string[] | string;
    stream?: boolean;
    temperature?: number;
    max_tokens?: number;
  };
}

export interface OpenAiStandIn {
  baseUrl: string;
  requests: RecordedRequest[];
  setMode(mode: StandInMode): void;
  close(): Promise<void>;
}

/** A source as the prompt gives it. */
export interface PromptSource {
  number: number;
  filename: string;
  page: number;
  text: string;
}

export const STAND_IN_DIMENSIONS = 64;
export const DEFAULT_UNSUPPORTED_SENTENCE =
  'The claimant was also treated for a fractured left femur on 01/01/2019 [1].';
const QUOTED_WORDS = 12;

/** The numbered sources in a prompt's text: "[n] file, page p (bundle page b)" then the passage up to a blank line. */
export function readPromptSources(prompt: string): PromptSource[] {
  const sources: PromptSource[] = [];
  const pattern =
    /^\[(\d+)\] (.+?), page (\d+)(?: \(bundle page \d+\))?\n([\s\S]*?)(?=\n\n\[\d+\] |\n\nQuestion: |(?![\s\S]))/gm;
  for (const match of prompt.matchAll(pattern)) {
    sources.push({
      number: Number(match[1]),
      filename: match[2]!,
      page: Number(match[3]),
      text: match[4]!.trim(),
    });
  }
  return sources;
}

function quoteOf(text: string): string {
  return text
    .replace(/^…/, '')
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, QUOTED_WORDS)
    .join(' ')
    .replace(/[.,;:…]+$/, '');
}

/** The stand-in's vector for a text: each lower-cased word adds 1 to the dimension its hash picks. */
export function standInVector(text: string): number[] {
  const vector = new Array<number>(STAND_IN_DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    let hash = 2166136261;
    for (const char of word) hash = Math.imul(hash ^ char.codePointAt(0)!, 16777619) >>> 0;
    vector[hash % STAND_IN_DIMENSIONS]! += 1;
  }
  return vector;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let raw = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => (raw += chunk));
    request.on('end', () => resolve(raw));
    request.on('error', reject);
  });
}

/** The JSON a transcription formatting prompt asks for, built from its transcript (see 'format-transcription'). */
function formatTranscription(body: RecordedRequest['body'], prompt: string): string {
  const system = body.messages?.find((message) => message.role === 'system')?.content ?? '';
  const transcript = /=== BEGIN TRANSCRIPT ===\n([\s\S]*)\n=== END TRANSCRIPT ===/.exec(prompt)?.[1] ?? '';
  const opening = quoteOf(transcript);
  const result = system.includes('"formattedOpinion"')
    ? { formattedOpinion: `Opinion: ${transcript}` }
    : system.includes('"keyPoints"')
      ? {
          summary: `Assessment of: ${opening}`,
          keyPoints: [opening],
          transcript,
          contextualSections: { Account: transcript },
        }
      : { diagnosis: `Stated: ${opening}`, summaryOfConsultation: transcript, plan: 'Review' };
  return `Here is the formatted transcript:\n\`\`\`json\n${JSON.stringify(result, null, 2)}\n\`\`\``;
}

function sendJson(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

export async function startOpenAiStandIn(options: OpenAiStandInOptions = {}): Promise<OpenAiStandIn> {
  const reportedModel = options.reportedModel ?? 'stand-in-chat-1';
  const unsupportedSentence = options.unsupportedSentence ?? DEFAULT_UNSUPPORTED_SENTENCE;
  let mode: StandInMode = options.mode ?? 'cite';
  const requests: RecordedRequest[] = [];
  let answeredChats = 0;

  function describeEvents(prompt: string): string {
    const events = [...prompt.matchAll(/^\[E(\d+)\] .+\n(.+)$/gm)];
    return JSON.stringify(
      events.map((event, index) => ({
        id: `E${event[1]}`,
        summary:
          index === 0 && mode === 'describe-events-with-unsupported'
            ? unsupportedSentence
            : `${quoteOf(event[2]!)}.`,
        kind: 'correspondence',
        clinician: /\b(?:Dr|Mr|Mrs|Ms) [A-Z][a-z]+/.exec(event[2]!)?.[0] ?? null,
      })),
    );
  }

  function answerText(body: RecordedRequest['body']): string {
    if (mode === 'decline') return 'The records provided do not say.';
    const prompt =
      [...(body.messages ?? [])].reverse().find((message) => message.role === 'user')?.content ?? '';
    if (mode === 'describe-events' || mode === 'describe-events-with-unsupported')
      return describeEvents(prompt);
    if (mode === 'converse') return `You asked: "${quoteOf(prompt)}".`;
    if (mode === 'format-transcription') return formatTranscription(body, prompt);
    if (mode === 'cite-pages') {
      const pages = [...prompt.matchAll(/^\[(\d+)\] .+\nURL: .+\n(.+)$/gm)].reverse();
      if (pages.length === 0) return 'The pages provided do not say.';
      return pages.map((page) => `The page reads: "${quoteOf(page[2]!)}" [${page[1]}].`).join(' ');
    }
    const sentences = readPromptSources(prompt).map(
      (source) => `The source reads: "${quoteOf(source.text)}" [${source.number}].`,
    );
    if (mode === 'cite-with-unsupported') sentences.push(unsupportedSentence);
    return sentences.length > 0 ? sentences.join(' ') : 'The records provided do not say.';
  }

  function answerChat(body: RecordedRequest['body'], response: ServerResponse): void {
    const content = answerText(body);
    if (!body.stream) {
      sendJson(response, 200, {
        id: `chatcmpl-${requests.length}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: reportedModel,
        choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
        usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
      });
      return;
    }
    response.writeHead(200, { 'content-type': 'text/event-stream' });
    for (const piece of content.match(/\S+\s*/g) ?? []) {
      const chunk = {
        object: 'chat.completion.chunk',
        model: reportedModel,
        choices: [{ index: 0, delta: { content: piece } }],
      };
      response.write(`data: ${JSON.stringify(chunk)}\n\n`);
    }
    response.end('data: [DONE]\n\n');
  }

  const server = createServer((request, response) => {
    void (async () => {
      const raw = await readBody(request);
      let body: RecordedRequest['body'];
      try {
        body = raw ? (JSON.parse(raw) as RecordedRequest['body']) : {};
      } catch {
        sendJson(response, 400, { error: { message: 'The body is not JSON' } });
        return;
      }
      const path = (request.url ?? '').split('?')[0]!;
      requests.push({ path, authorization: request.headers.authorization, body });
      if (options.apiKey && request.headers.authorization !== `Bearer ${options.apiKey}`) {
        sendJson(response, 401, { error: { message: 'Incorrect API key provided' } });
        return;
      }
      if (request.method !== 'POST') {
        sendJson(response, 405, { error: { message: 'Use POST' } });
        return;
      }
      if (path === '/v1/embeddings') {
        const inputs = Array.isArray(body.input) ? body.input : [body.input ?? ''];
        sendJson(response, 200, {
          object: 'list',
          model: body.model,
          data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: standInVector(text) })),
        });
        return;
      }
      if (path !== '/v1/chat/completions') {
        sendJson(response, 404, { error: { message: `No route ${path}` } });
        return;
      }
      if (mode === 'hang') return;
      if (mode === 'fail') {
        sendJson(response, 503, { error: { message: 'The model is overloaded', type: 'server_error' } });
        return;
      }
      answerChat(body, response);
      answeredChats += 1;
      if (answeredChats === options.hangAfterChats) mode = 'hang';
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    setMode(next) {
      mode = next;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
