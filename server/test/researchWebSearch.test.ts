import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ConfigError, loadConfig } from '../src/config/loadConfig.js';
import { createSearxngWebSearch } from '../src/features/research/createSearxngWebSearch.js';
import { WebSearchError } from '../src/features/research/WebSearch.js';
import { startSearxngStandIn, type SearxngStandIn } from './support/searxngStandIn.js';

const signal = () => AbortSignal.timeout(10_000);

describe('WEB_SEARCH_URL', () => {
  it('configures web search only when set, with a timeout', () => {
    assert.equal(loadConfig({}).webSearch, null);
    assert.deepEqual(
      loadConfig({ WEB_SEARCH_URL: ' https://search.example.org ', WEB_SEARCH_TIMEOUT_MS: '5000' }).webSearch,
      { baseUrl: 'https://search.example.org', timeoutMs: 5000 },
    );
    assert.equal(loadConfig({ WEB_SEARCH_URL: 'http://localhost:8888' }).webSearch?.timeoutMs, 15_000);
  });

  it('refuses what is not an http(s) URL, and a timeout out of range', () => {
    assert.throws(() => loadConfig({ WEB_SEARCH_URL: 'search.example.org' }), ConfigError);
    assert.throws(() => loadConfig({ WEB_SEARCH_URL: 'ftp://search.example.org' }), /WEB_SEARCH_URL must be/);
    assert.throws(
      () => loadConfig({ WEB_SEARCH_URL: 'http://localhost:8888', WEB_SEARCH_TIMEOUT_MS: '5' }),
      /WEB_SEARCH_TIMEOUT_MS must be between/,
    );
  });
});

describe('the SearXNG web search', () => {
  let standIn: SearxngStandIn;

  before(async () => {
    standIn = await startSearxngStandIn({
      results: [
        { url: 'https://www.nice.org.uk/a', title: ' NICE A ', content: ' First page. ' },
        { url: '', title: 'No address', content: 'Skipped.' },
        { url: 'https://www.nhs.uk/b', title: '', content: 'Second page.' },
        { url: 'https://www.nhs.uk/c', title: 'C', content: 'Third page.' },
      ],
    });
  });
  after(async () => {
    await standIn.close();
  });

  it('asks <base>/search for JSON with the site: restriction and reads title, address and summary', async () => {
    const search = createSearxngWebSearch({ baseUrl: `${standIn.baseUrl}/`, timeoutMs: 5000 });
    const results = await search.search('statins', {
      domains: ['nice.org.uk', 'nhs.uk'],
      limit: 2,
      signal: signal(),
    });
    assert.deepEqual(results, [
      { url: 'https://www.nice.org.uk/a', title: 'NICE A', snippet: 'First page.' },
      { url: 'https://www.nhs.uk/b', title: 'https://www.nhs.uk/b', snippet: 'Second page.' },
    ]);
    assert.deepEqual(standIn.queries.at(-1), {
      q: 'statins (site:nice.org.uk OR site:nhs.uk)',
      format: 'json',
      categories: 'general',
      safesearch: '0',
    });
    assert.equal(standIn.authorizations.at(-1), undefined);
  });

  it('sends credentials in the URL as Basic authorization and never shows them', async () => {
    const base = new URL(standIn.baseUrl);
    const search = createSearxngWebSearch({
      baseUrl: `http://searcher:s3cret@${base.host}`,
      timeoutMs: 5000,
    });
    assert.equal(search.label, `SearXNG (${base.host})`);
    await search.search('statins', { domains: ['nhs.uk'], limit: 5, signal: signal() });
    assert.equal(standIn.authorizations.at(-1), `Basic ${Buffer.from('searcher:s3cret').toString('base64')}`);
  });

  it('fails with the reason: JSON turned off, an error status, nothing listening', async () => {
    const search = createSearxngWebSearch({ baseUrl: standIn.baseUrl, timeoutMs: 5000 });
    const options = { domains: ['nhs.uk'], limit: 5 };
    standIn.setMode('json-disabled');
    await assert.rejects(search.search('q', { ...options, signal: signal() }), (error: Error) => {
      assert.ok(error instanceof WebSearchError);
      assert.match(error.message, /refused the JSON format \(403\)/);
      return true;
    });
    standIn.setMode('fail');
    await assert.rejects(search.search('q', { ...options, signal: signal() }), /answered 500/);
    standIn.setMode('answer');
    const nowhere = createSearxngWebSearch({ baseUrl: 'http://127.0.0.1:9', timeoutMs: 5000 });
    await assert.rejects(nowhere.search('q', { ...options, signal: signal() }), /could not be reached/);
  });
});
