import { filenameFromContentDisposition } from './exportedFile';

describe('filenameFromContentDisposition', () => {
  it('prefers the UTF-8 filename* over the plain filename', () => {
    expect(
      filenameFromContentDisposition(
        `attachment; filename="Zoe_Muller.docx"; filename*=UTF-8''Zo%C3%AB%20M%C3%BCller%202026-01-06.docx`,
        'fallback.docx',
      ),
    ).toBe('Zoë Müller 2026-01-06.docx');
  });

  it('reads a quoted or bare filename, with escaped quotes', () => {
    expect(filenameFromContentDisposition('attachment; filename="Alex \\"AJ\\" Example.docx"', 'x')).toBe(
      'Alex "AJ" Example.docx',
    );
    expect(filenameFromContentDisposition('attachment; filename=report.docx', 'x')).toBe('report.docx');
  });

  it('falls back when the header is missing, names no file, or its filename* is malformed', () => {
    expect(filenameFromContentDisposition(undefined, 'fallback.docx')).toBe('fallback.docx');
    expect(filenameFromContentDisposition('attachment', 'fallback.docx')).toBe('fallback.docx');
    expect(filenameFromContentDisposition(`attachment; filename*=UTF-8''%E0%A4%A`, 'fallback.docx')).toBe(
      'fallback.docx',
    );
  });
});
