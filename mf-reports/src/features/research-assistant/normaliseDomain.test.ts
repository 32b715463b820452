import { normaliseDomain, withoutProtocol } from './normaliseDomain';

describe('withoutProtocol', () => {
  it('drops a pasted protocol and leaves the rest as typed', () => {
    expect(withoutProtocol('https://www.NICE.org.uk/guidance')).toBe('www.NICE.org.uk/guidance');
    expect(withoutProtocol('http://bmj.com')).toBe('bmj.com');
    expect(withoutProtocol('bmj.com')).toBe('bmj.com');
  });
});

describe('normaliseDomain', () => {
  it('keeps only the lower-case host of a pasted address', () => {
    expect(normaliseDomain('  https://www.NICE.org.uk/guidance/ng59?x=1#top ')).toBe('www.nice.org.uk');
    expect(normaliseDomain('cochranelibrary.com:443/')).toBe('cochranelibrary.com');
    expect(normaliseDomain('patient.info.')).toBe('patient.info');
  });

  it('leaves nothing of a blank or protocol-only entry, so it is refused as missing', () => {
    expect(normaliseDomain('   ')).toBe('');
    expect(normaliseDomain('https://')).toBe('');
  });
});
