import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type {
  ResearchSearchResponse,
  ResearchSource,
  ResearchStatusResponse,
  TrustedSource,
  TrustedSourceSavedResponse,
} from '@ewrt/contract';
import PizZip from 'pizzip';
import { DEFAULT_TRUSTED_SOURCES } from '../src/features/research/defaultTrustedSources.js';
import { startOpenAiStandIn, type OpenAiStandIn } from './support/openAiStandIn.js';
import { canPrintDocx, printedDocxText } from './support/printedDocx.js';
import {
  startSearxngStandIn,
  type SearxngStandIn,
  type SearxngStandInResult,
} from './support/searxngStandIn.js';
import { asUser, createTestServer, signIn, type TestServer } from './support/testServer.js';

type Client = ReturnType<typeof asUser>;

const SOURCES = '/api/research/trusted-sources';
const NO_ACTIVE_SOURCES =
  'No active trusted sources configured. Please activate at least one source before asking questions.';
const NOT_CONFIGURED =
  'Web search is not configured: set WEB_SEARCH_URL to a SearXNG instance (see the README)';
const QUESTION = 'What is the first-line treatment of hypertension?';

const NICE_PAGE: SearxngStandInResult = {
  url: 'https://www.nice.org.uk/guidance/ng136',
  title: 'Hypertension in adults: diagnosis and management',
  content: 'Offer lifestyle advice to adults with hypertension and review it annually.',
};
const NHS_PAGE: SearxngStandInResult = {
  url: 'https://www.nhs.uk/conditions/high-blood-pressure-hypertension/',
  title: 'High blood pressure (hypertension)',
  content: 'High blood pressure rarely has noticeable symptoms but raises the risk of stroke.',
};
const CKS_PAGE: SearxngStandInResult = {
  url: 'https://cks.nice.org.uk/topics/hypertension/',
  title: 'Hypertension: Clinical Knowledge Summary',
  content: 'Start an ACE inhibitor or ARB for adults under 55 who do not have type 2 diabetes.',
};
const BMJ_PAGE: SearxngStandInResult = {
  url: 'https://www.bmj.com/content/hypertension-review',
  title: 'Hypertension: a clinical review',
  content: 'Ambulatory monitoring confirms the diagnosis of hypertension in most adults.',
};
// What a search service may return whatever it was asked: none of these may ever reach the model or the answer.
const REFUSED_PAGES: SearxngStandInResult[] = [
  {
    url: 'https://www.example.com/blog/hypertension',
    title: 'Blood pressure blog',
    content: 'Unverified blog advice on tablets.',
  },
  {
    url: 'https://evil-nice.org.uk/guidance/ng136',
    title: 'NICE guidance (copy)',
    content: 'Stop taking your tablets now.',
  },
  {
    url: 'https://nice.org.uk.evil.com/guidance/ng136',
    title: 'NICE mirror',
    content: 'Buy our miracle cure today.',
  },
  {
    url: 'https://nice.org.uk@evil.com/guidance',
    title: 'Credentials trick',
    content: 'Credentials trick page text.',
  },
  { url: 'http://127.0.0.1/hypertension', title: 'Local address', content: 'Local address page text.' },
];
const REFUSED_MARKERS = [
  'example.com',
  'evil',
  '127.0.0.1/hypertension',
  'Local address',
  'Unverified',
  'miracle',
  'Stop taking',
];

let searxng: SearxngStandIn;
let openAi: OpenAiStandIn;
let server: TestServer;
let patel: Client;
let hughes: Client;
let okafor: Client;
let treid: Client;

async function sourcesOf(client: Client): Promise<TrustedSource[]> {
  const response = await client.get(SOURCES);
  assert.equal(response.statusCode, 200, response.body);
  return (response.json() as { sources: TrustedSource[] }).sources;
}

async function sourceByDomain(client: Client, domain: string): Promise<TrustedSource> {
  const source = (await sourcesOf(client)).find((candidate) => candidate.source_domain === domain);
  assert.ok(source, `no source for ${domain}`);
  return source;
}

/** The quoted words of each "The page reads: "…" [n]." sentence of the stand-in, with its number. */
function quotedCitations(answer: string): { quote: string; number: number }[] {
  return [...answer.matchAll(/The page reads: "([^"]+)" \[(\d+)\]\./g)].map((match) => ({
    quote: match[1]!,
    number: Number(match[2]),
  }));
}

function documentXmlText(docx: Buffer): string {
  const xml = new PizZip(docx).file('word/document.xml')?.asText();
  assert.ok(xml, 'the .docx has no word/document.xml');
  return xml
    .split('</w:p>')
    .map((paragraph) =>
      [...paragraph.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>/g)].map((match) => match[1]).join(''),
    )
    .filter((line) => line !== '')
    .join('\n')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

before(async () => {
  searxng = await startSearxngStandIn({
    results: [NICE_PAGE, ...REFUSED_PAGES, NHS_PAGE, CKS_PAGE, NICE_PAGE, BMJ_PAGE],
  });
  openAi = await startOpenAiStandIn({ mode: 'cite-pages', reportedModel: 'stand-in-research-1' });
  server = await createTestServer({
    WEB_SEARCH_URL: searxng.baseUrl,
    AI_BASE_URL: openAi.baseUrl,
    AI_MODEL: 'configured-model',
  });
  patel = asUser(server, await signIn(server, 'dr.patel'));
  hughes = asUser(server, await signIn(server, 's.hughes'));
  okafor = asUser(server, await signIn(server, 'dr.okafor'));
  treid = asUser(server, await signIn(server, 't.reid'));
});
after(async () => {
  await server.close();
  await searxng.close();
  await openAi.close();
});

describe('trusted sources', () => {
  it('seeds the reputable defaults once per user, active and marked default', async () => {
    const first = await sourcesOf(patel);
    const second = await sourcesOf(patel);
    assert.deepEqual(second, first);
    assert.deepEqual(
      first.map((source) => source.source_domain),
      DEFAULT_TRUSTED_SOURCES.map((source) => source.domain),
    );
    assert.ok(first.every((source) => source.is_default && source.is_active && source.source_description));
    const { rows } = await server.app.ctx.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM trusted_sources WHERE user_id = (SELECT id FROM users WHERE username = 'dr.patel')`,
    );
    assert.equal(rows[0]!.count, DEFAULT_TRUSTED_SOURCES.length);
  });

  it('adds, edits, switches and deletes a source of its own, with the spec messages', async () => {
    const added = await patel.post(SOURCES, {
      source_name: 'Royal College of Physicians',
      source_domain: 'https://www.RCPLONDON.ac.uk/guidelines-policy',
      source_description: 'Clinical guidelines',
    });
    assert.equal(added.statusCode, 201, added.body);
    const saved = added.json() as TrustedSourceSavedResponse;
    assert.equal(saved.message, 'Trusted source added successfully');
    assert.deepEqual(
      { ...saved.source, ID_Source: 0 },
      {
        ID_Source: 0,
        source_name: 'Royal College of Physicians',
        source_domain: 'rcplondon.ac.uk',
        source_description: 'Clinical guidelines',
        is_active: true,
        is_default: false,
      },
    );
    const id = saved.source.ID_Source;

    const edited = await patel.put(`${SOURCES}/${id}`, {
      source_name: 'RCP',
      source_domain: 'rcp.ac.uk',
      source_description: null,
    });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.equal(edited.json().message, 'Trusted source updated successfully');
    assert.equal(edited.json().source.source_domain, 'rcp.ac.uk');
    assert.equal(edited.json().source.source_description, null);

    const off = await patel.post(`${SOURCES}/${id}/toggle`, { is_active: false });
    assert.equal(off.json().message, 'Source deactivated successfully');
    assert.equal(off.json().source.is_active, false);
    const on = await patel.post(`${SOURCES}/${id}/toggle`, { is_active: true });
    assert.equal(on.json().message, 'Source activated successfully');
    assert.equal((await sourceByDomain(patel, 'rcp.ac.uk')).is_active, true);

    const deleted = await patel.delete(`${SOURCES}/${id}`);
    assert.equal(deleted.statusCode, 200, deleted.body);
    assert.equal(deleted.json().message, 'Trusted source deleted successfully');
    assert.ok(!(await sourcesOf(patel)).some((source) => source.ID_Source === id));
  });

  it('requires a name and a domain, refuses what is not a domain and a domain already listed', async () => {
    const blank = await patel.post(SOURCES, { source_name: '  ', source_domain: 'rcp.ac.uk' });
    assert.equal(blank.statusCode, 400);
    assert.equal(blank.json().message, 'Source name and domain are required');
    const missing = await patel.post(SOURCES, { source_name: 'No domain' });
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().message, 'Source name and domain are required');

    const notDomain = await patel.post(SOURCES, { source_name: 'Local', source_domain: 'localhost' });
    assert.equal(notDomain.statusCode, 400);
    assert.match(notDomain.json().message, /is not a domain: enter one such as nice\.org\.uk/);

    const duplicate = await patel.post(SOURCES, {
      source_name: 'NICE again',
      source_domain: 'https://www.nice.org.uk/',
    });
    assert.equal(duplicate.statusCode, 409, duplicate.body);
    assert.equal(duplicate.json().message, 'You already have a trusted source for nice.org.uk');
    const bmj = await sourceByDomain(patel, 'bmj.com');
    const renamedOnto = await patel.put(`${SOURCES}/${bmj.ID_Source}`, {
      source_name: 'BMJ',
      source_domain: 'nhs.uk',
    });
    assert.equal(renamedOnto.statusCode, 409, renamedOnto.body);
  });

  it('lets a default be edited and switched but never deleted', async () => {
    const sign = await sourceByDomain(patel, 'sign.ac.uk');
    const refused = await patel.delete(`${SOURCES}/${sign.ID_Source}`);
    assert.equal(refused.statusCode, 403);
    assert.equal(refused.json().message, 'Default sources cannot be deleted');

    const edited = await patel.put(`${SOURCES}/${sign.ID_Source}`, {
      source_name: 'SIGN guidelines',
      source_domain: 'sign.ac.uk',
      source_description: 'Scottish guidelines',
    });
    assert.equal(edited.statusCode, 200, edited.body);
    assert.equal(edited.json().source.is_default, true);
    const off = await patel.post(`${SOURCES}/${sign.ID_Source}/toggle`, { is_active: false });
    assert.equal(off.statusCode, 200, off.body);
    // Reading the list again does not re-seed what the user changed.
    const after = await sourceByDomain(patel, 'sign.ac.uk');
    assert.equal(after.source_name, 'SIGN guidelines');
    assert.equal(after.is_active, false);
    assert.equal((await sourcesOf(patel)).length, DEFAULT_TRUSTED_SOURCES.length);
  });

  it("answers 404 for another user's source", async () => {
    const nice = await sourceByDomain(patel, 'nice.org.uk');
    const input = { source_name: 'Taken', source_domain: 'taken.org' };
    assert.equal((await okafor.put(`${SOURCES}/${nice.ID_Source}`, input)).statusCode, 404);
    assert.equal(
      (await okafor.post(`${SOURCES}/${nice.ID_Source}/toggle`, { is_active: false })).statusCode,
      404,
    );
    const deleted = await okafor.delete(`${SOURCES}/${nice.ID_Source}`);
    assert.equal(deleted.statusCode, 404);
    assert.equal(deleted.json().message, 'Trusted source not found');
    assert.equal((await sourceByDomain(patel, 'nice.org.uk')).is_active, true);
  });

  it('refuses every research call to an access level without the tools (Transcription Only)', async () => {
    for (const response of [
      await treid.get(SOURCES),
      await treid.get('/api/research/status'),
      await treid.post('/api/research/search', { question: QUESTION }),
      await treid.post(SOURCES, { source_name: 'X', source_domain: 'x.org' }),
      await treid.post('/api/research/export', { question: QUESTION, response: { text: 'A', sources: [] } }),
    ]) {
      assert.equal(response.statusCode, 403, response.body);
      assert.equal(
        response.json().message,
        'Your access level does not include the chatbot and research tools',
      );
    }
  });
});

describe('research with web search and a language model', () => {
  let answer: ResearchSearchResponse;

  before(async () => {
    const bmj = await sourceByDomain(patel, 'bmj.com');
    await patel.post(`${SOURCES}/${bmj.ID_Source}/toggle`, { is_active: false });
    const response = await patel.post('/api/research/search', {
      question: QUESTION,
      conversation_history: [
        { role: 'user', content: 'Earlier question about blood pressure targets' },
        { role: 'assistant', content: 'Earlier answer about targets [1].' },
      ],
    });
    assert.equal(response.statusCode, 200, response.body);
    answer = response.json();
  });

  it('reports both services and the search provider', async () => {
    const status = (await patel.get('/api/research/status')).json() as ResearchStatusResponse;
    assert.equal(status.available, true);
    assert.equal(status.message, 'Research service is ready');
    assert.deepEqual(status.services, { ai_model: true, web_search: true });
    assert.equal(status.search_provider, `SearXNG (${new URL(searxng.baseUrl).host})`);
    assert.equal(status.model_info?.model, 'configured-model');
  });

  it('asks the search service for the question restricted to the active domains only', () => {
    const query = searxng.queries.at(-1)!;
    assert.equal(query.format, 'json');
    assert.ok(query.q!.startsWith(QUESTION), query.q);
    for (const domain of [
      'nice.org.uk',
      'nhs.uk',
      'cochranelibrary.com',
      'pubmed.ncbi.nlm.nih.gov',
      'gov.uk',
    ]) {
      assert.ok(query.q!.includes(`site:${domain}`), `${domain} missing from ${query.q}`);
    }
    // Switched off: BMJ (above) and SIGN (in the trusted sources tests).
    assert.ok(!query.q!.includes('site:bmj.com'), query.q);
    assert.ok(!query.q!.includes('site:sign.ac.uk'), query.q);
    assert.equal(answer.domains.includes('bmj.com'), false);
  });

  it('keeps off-list, look-alike and inactive-source pages away from the model and out of the answer', () => {
    const prompt = JSON.stringify(openAi.requests.at(-1)!.body.messages);
    const shown = JSON.stringify(answer);
    for (const marker of [...REFUSED_MARKERS, 'bmj.com']) {
      assert.ok(!prompt.includes(marker), `the model was shown ${marker}`);
      assert.ok(!shown.includes(marker), `the answer shows ${marker}`);
    }
    assert.deepEqual(
      answer.sources.map((source) => source.url).sort(),
      [NICE_PAGE.url, NHS_PAGE.url, CKS_PAGE.url].sort(),
      'each kept page once',
    );
  });

  it('cites [n] that each name the page it quotes, numbered in the order the answer cites them', () => {
    const citations = quotedCitations(answer.response);
    assert.equal(citations.length, 3, answer.response);
    assert.deepEqual(
      citations.map((citation) => citation.number),
      [1, 2, 3],
    );
    for (const { quote, number } of citations) {
      const source = answer.sources[number - 1]!;
      assert.equal(source.number, number);
      assert.ok(source.snippet.startsWith(quote), `[${number}] quotes "${quote}" but is ${source.url}`);
    }
    // The stand-in cites the last page it was given first: that page is [1] here.
    assert.equal(answer.sources[0]!.url, CKS_PAGE.url);
    assert.equal(answer.sources[0]!.source_name, 'NICE');
    assert.equal(answer.sources[0]!.domain, 'nice.org.uk');
    assert.equal(answer.model_info.label, `stand-in-research-1 (${new URL(openAi.baseUrl).host})`);
  });

  it('gives the model the conversation history before the pages and the question', () => {
    const messages = openAi.requests.at(-1)!.body.messages!;
    assert.equal(messages[0]!.role, 'system');
    assert.deepEqual(messages.slice(1, 3), [
      { role: 'user', content: 'Earlier question about blood pressure targets' },
      { role: 'assistant', content: 'Earlier answer about targets [1].' },
    ]);
    assert.match(
      messages.at(-1)!.content,
      /\[1\] Hypertension in adults: diagnosis and management\nURL: https:\/\/www\.nice\.org\.uk\/guidance\/ng136\n/,
    );
    assert.ok(messages.at(-1)!.content.endsWith(`Question: ${QUESTION}`));
  });

  it('says so without asking the model when no page is on a trusted domain', async () => {
    searxng.setResults(REFUSED_PAGES);
    const asked = openAi.requests.length;
    try {
      const response = await patel.post('/api/research/search', { question: QUESTION });
      assert.equal(response.statusCode, 200, response.body);
      const nothing = response.json() as ResearchSearchResponse;
      assert.match(
        nothing.response,
        /^None of your active trusted sources \(nice\.org\.uk, .*\) has a page matching the question, so the language model was not asked/,
      );
      assert.deepEqual(nothing.sources, []);
      assert.equal(openAi.requests.length, asked);
    } finally {
      searxng.setResults([NICE_PAGE, NHS_PAGE]);
    }
  });

  it('answers 502 with the reason when the search service or the model fails', async () => {
    searxng.setMode('json-disabled');
    try {
      const refused = await patel.post('/api/research/search', { question: QUESTION });
      assert.equal(refused.statusCode, 502, refused.body);
      assert.match(
        refused.json().message,
        /refused the JSON format \(403\): enable "json" under search\.formats/,
      );
    } finally {
      searxng.setMode('answer');
    }
    openAi.setMode('fail');
    try {
      const failed = await patel.post('/api/research/search', { question: QUESTION });
      assert.equal(failed.statusCode, 502, failed.body);
      assert.match(failed.json().message, /answered 503: The model is overloaded/);
    } finally {
      openAi.setMode('cite-pages');
    }
  });

  it('asks nothing without an active source and says so in the words of the spec', async () => {
    for (const source of await sourcesOf(hughes)) {
      const off = await hughes.post(`${SOURCES}/${source.ID_Source}/toggle`, { is_active: false });
      assert.equal(off.statusCode, 200, off.body);
    }
    const searches = searxng.queries.length;
    const response = await hughes.post('/api/research/search', { question: QUESTION });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().message, NO_ACTIVE_SOURCES);
    assert.equal(searxng.queries.length, searches);
  });

  it('exports the question, the answer and its sources as research_report_<timestamp>.docx that opens', async (t) => {
    const history = [
      { role: 'user' as const, content: QUESTION, timestamp: '2026-11-24T09:00:00.000Z' },
      { role: 'assistant' as const, content: answer.response, timestamp: answer.timestamp },
    ];
    const response = await patel.post('/api/research/export', {
      question: QUESTION,
      response: { text: answer.response, sources: answer.sources },
      conversation_history: history,
    });
    assert.equal(response.statusCode, 200, response.body);
    assert.equal(
      response.headers['content-type'],
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    assert.match(
      String(response.headers['content-disposition']),
      /^attachment; filename="research_report_\d{4}-\d{2}-\d{2}_\d{2}-\d{2}-\d{2}\.docx"/,
    );
    const text = documentXmlText(response.rawPayload);
    const lines = text.split('\n');
    assert.equal(lines[0], 'Research report');
    assert.match(lines[1]!, /^Generated on \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/);
    assert.ok(lines.includes('Question') && lines.includes(QUESTION));
    assert.ok(lines.includes('Answer') && lines.includes(answer.response));
    const sourcesAt = lines.indexOf('Sources');
    assert.ok(sourcesAt > 0, text);
    answer.sources.forEach((source: ResearchSource, index) => {
      assert.equal(
        lines[sourcesAt + 1 + index * 2],
        `[${source.number}] ${source.source_name}: ${source.title}`,
      );
      assert.equal(lines[sourcesAt + 2 + index * 2], source.url);
    });
    assert.ok(lines.includes('Conversation history'), text);
    assert.ok(
      lines.some((line) => line.startsWith('You (')),
      text,
    );

    if (!(await canPrintDocx())) {
      t.diagnostic('LibreOffice or pdftotext is not installed: the printed check is skipped');
      return;
    }
    const printed = await printedDocxText(response.rawPayload, { layout: false });
    assert.ok(printed.includes('Research report'), printed);
    for (const source of answer.sources) assert.ok(printed.includes(source.url), `${source.url} not printed`);
  });

  it('refuses an empty export', async () => {
    const response = await patel.post('/api/research/export', {
      question: ' ',
      response: { text: '', sources: [] },
    });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().message, 'No research to export');
  });
});

describe('research with web search and no language model', () => {
  let plain: TestServer;
  let client: Client;

  before(async () => {
    searxng.setResults([NICE_PAGE, ...REFUSED_PAGES, NHS_PAGE]);
    plain = await createTestServer({ WEB_SEARCH_URL: searxng.baseUrl });
    client = asUser(plain, await signIn(plain, 'dr.patel'));
  });
  after(async () => {
    await plain.close();
  });

  it('is available and says that answers list the matching pages', async () => {
    const status = (await client.get('/api/research/status')).json() as ResearchStatusResponse;
    assert.equal(status.available, true);
    assert.deepEqual(status.services, { ai_model: false, web_search: true });
    assert.match(status.message, /no language model is configured, so answers list the matching pages/);
    assert.equal(status.model_info, null);
  });

  it('lists the kept pages plainly, each cited, and says no model wrote it', async () => {
    const response = await client.post('/api/research/search', { question: QUESTION });
    assert.equal(response.statusCode, 200, response.body);
    const listed = response.json() as ResearchSearchResponse;
    assert.match(listed.response, /^No language model is configured, so this is not a written answer/);
    assert.equal(listed.model_info.mode, 'retrieval-only');
    assert.deepEqual(
      listed.sources.map((source) => source.url),
      [NICE_PAGE.url, NHS_PAGE.url],
    );
    assert.ok(
      listed.response.includes(`[1] ${NICE_PAGE.title} (NICE)\n${NICE_PAGE.content}`),
      listed.response,
    );
    assert.ok(listed.response.includes(`[2] ${NHS_PAGE.title} (NHS)\n${NHS_PAGE.content}`), listed.response);
    for (const marker of REFUSED_MARKERS) assert.ok(!JSON.stringify(listed).includes(marker), marker);
  });
});

describe('research without web search', () => {
  let bare: TestServer;
  let client: Client;

  before(async () => {
    bare = await createTestServer({ AI_BASE_URL: openAi.baseUrl, AI_MODEL: 'configured-model' });
    client = asUser(bare, await signIn(bare, 'dr.patel'));
  });
  after(async () => {
    await bare.close();
  });

  it('is unavailable with the message that says how to configure it, and search answers 503', async () => {
    const status = (await client.get('/api/research/status')).json() as ResearchStatusResponse;
    assert.equal(status.available, false);
    assert.equal(status.message, NOT_CONFIGURED);
    assert.deepEqual(status.services, { ai_model: true, web_search: false });
    assert.equal(status.search_provider, null);
    const searched = await client.post('/api/research/search', { question: QUESTION });
    assert.equal(searched.statusCode, 503);
    assert.equal(searched.json().message, NOT_CONFIGURED);
    // The sources are still the user's to manage.
    assert.equal((await sourcesOf(client)).length, DEFAULT_TRUSTED_SOURCES.length);
  });
});
