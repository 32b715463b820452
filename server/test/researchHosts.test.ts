import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { searxngQuery } from '../src/features/research/createSearxngWebSearch.js';
import { matchTrustedDomain } from '../src/features/research/matchTrustedDomain.js';
import { normaliseSourceDomain } from '../src/features/research/normaliseSourceDomain.js';
import { renumberCitations } from '../src/features/research/renumberCitations.js';

const TRUSTED = ['nice.org.uk', 'nhs.uk', 'pubmed.ncbi.nlm.nih.gov'];

describe('matchTrustedDomain: only pages on an active trusted domain are kept', () => {
  it('keeps the domain itself, its subdomains, any port and case, naming the domain matched', () => {
    assert.equal(matchTrustedDomain('https://nice.org.uk/guidance/ng136', TRUSTED), 'nice.org.uk');
    assert.equal(matchTrustedDomain('https://www.nice.org.uk/guidance/ng136', TRUSTED), 'nice.org.uk');
    assert.equal(matchTrustedDomain('http://CKS.NICE.org.uk:8080/topics', TRUSTED), 'nice.org.uk');
    assert.equal(
      matchTrustedDomain('https://pubmed.ncbi.nlm.nih.gov/12345/', TRUSTED),
      'pubmed.ncbi.nlm.nih.gov',
    );
  });

  it('accepts the same host written with its one trailing dot, and nothing with an empty label', () => {
    assert.equal(matchTrustedDomain('https://www.nhs.uk./conditions', TRUSTED), 'nhs.uk');
    assert.equal(matchTrustedDomain('https://www.nhs.uk../conditions', TRUSTED), null);
    assert.equal(matchTrustedDomain('https://www..nhs.uk/conditions', TRUSTED), null);
  });

  it('refuses look-alikes that merely contain or end with the trusted text', () => {
    for (const url of [
      'https://evil-nice.org.uk/guidance',
      'https://notnice.org.uk/',
      'https://nice.org.uk.evil.com/guidance',
      'https://nice.org.uk%2eevil.com/',
      'https://www.evil.com/nice.org.uk',
      'https://www.evil.com/?u=https://nice.org.uk/',
      'https://nhs.uk-health.info/',
    ]) {
      assert.equal(matchTrustedDomain(url, TRUSTED), null, url);
    }
  });

  it('refuses addresses with credentials, whichever side names the trusted host', () => {
    assert.equal(matchTrustedDomain('https://nice.org.uk@evil.com/guidance', TRUSTED), null);
    assert.equal(matchTrustedDomain('https://user:secret@www.nice.org.uk/guidance', TRUSTED), null);
  });

  it('refuses IP literals in every spelling, including ones that decode to an address', () => {
    for (const url of [
      'http://127.0.0.1/',
      'http://0x7f.1/',
      'http://2130706433/',
      'http://[::1]/',
      'http://[::ffff:7f00:1]/',
    ]) {
      assert.equal(matchTrustedDomain(url, ['0.1', '1', ...TRUSTED]), null, url);
    }
  });

  it('compares international names in their punycode form, so a homograph in another script is refused', () => {
    // "nіce" with a Cyrillic і is a different host (xn--nce-jhd.org.uk).
    assert.equal(matchTrustedDomain('https://www.n\u0456ce.org.uk/guidance', TRUSTED), null);
    assert.equal(matchTrustedDomain('https://www.xn--nce-jhd.org.uk/guidance', TRUSTED), null);
    const international = normaliseSourceDomain('bücher.de');
    assert.equal(matchTrustedDomain('https://shop.bücher.de/', [international]), international);
  });

  it('refuses what is not an http(s) page or not an address at all', () => {
    for (const url of [
      'ftp://nice.org.uk/file',
      'javascript:alert(1)//nice.org.uk',
      'data:text/html,nice.org.uk',
      'file:///nice.org.uk',
      '//nice.org.uk/guidance',
      'nice.org.uk/guidance',
      '',
    ]) {
      assert.equal(matchTrustedDomain(url, TRUSTED), null, url);
    }
  });

  it('names the most specific domain when trusted domains nest', () => {
    assert.equal(
      matchTrustedDomain('https://cks.nice.org.uk/x', ['nice.org.uk', 'cks.nice.org.uk']),
      'cks.nice.org.uk',
    );
    assert.equal(matchTrustedDomain('https://www.nice.org.uk/x', ['cks.nice.org.uk']), null);
  });
});

describe('normaliseSourceDomain: the domain a typed or pasted source stands for', () => {
  it('strips protocol, path, query, port, case, a trailing dot and a leading "www."', () => {
    assert.equal(normaliseSourceDomain('https://www.NICE.org.uk/guidance/ng136?x=1'), 'nice.org.uk');
    assert.equal(normaliseSourceDomain('  nhs.uk  '), 'nhs.uk');
    assert.equal(normaliseSourceDomain('bmj.com:443/research'), 'bmj.com');
    assert.equal(normaliseSourceDomain('pubmed.ncbi.nlm.nih.gov.'), 'pubmed.ncbi.nlm.nih.gov');
    assert.equal(normaliseSourceDomain('bücher.de'), 'xn--bcher-kva.de');
  });

  it('refuses what is not a public host name, saying what to type', () => {
    for (const typed of [
      'localhost',
      'uk',
      '127.0.0.1',
      '[::1]',
      'a..b',
      '-bad.com',
      'nice org.uk',
      'ftp://nice.org.uk',
      'https://user@nice.org.uk',
      'mailto:someone@nice.org.uk',
      'example.123',
    ]) {
      assert.throws(
        () => normaliseSourceDomain(typed),
        /is not a domain: enter one such as nice\.org\.uk/,
        typed,
      );
    }
  });
});

describe('renumberCitations: the sources an answer lists are the pages it cites, in citation order', () => {
  const pages = ['A', 'B', 'C', 'D'];

  it('numbers cited pages by first citation and rewrites every mark to match', () => {
    const { text, cited } = renumberCitations('Third says so [3]. First agrees [1]. Third again [3].', pages);
    assert.deepEqual(cited, ['C', 'A']);
    assert.equal(text, 'Third says so [1]. First agrees [2]. Third again [1].');
  });

  it('rewrites grouped marks, drops numbers of pages never given and keeps large bracketed numbers', () => {
    const { text, cited } = renumberCitations(
      'Both [4, 2] and none [9]; guidance of [2019] stands [2,2].',
      pages,
    );
    assert.deepEqual(cited, ['D', 'B']);
    assert.equal(text, 'Both [1, 2] and none; guidance of [2019] stands [2].');
  });

  it('lists nothing when the answer cites nothing', () => {
    assert.deepEqual(renumberCitations('The pages do not say.', pages), {
      text: 'The pages do not say.',
      cited: [],
    });
  });
});

describe('searxngQuery: the site: restriction sent with the question', () => {
  it('uses one site: operator for one domain and an OR group for several', () => {
    assert.equal(searxngQuery('statins', ['nice.org.uk']), 'statins site:nice.org.uk');
    assert.equal(
      searxngQuery('statins', ['nice.org.uk', 'nhs.uk']),
      'statins (site:nice.org.uk OR site:nhs.uk)',
    );
  });
});
