import { AUTHORING_DOCX_MAX_BYTES } from '@ewrt/contract/limits';
import { checkWordFile } from './checkWordFile';

const file = (name: string, size = 2048) => ({ name, size });

describe('checkWordFile', () => {
  it.each(['Expert report.docx', 'TEMPLATE.DOCX', 'style.DocX'])(
    'accepts %s (extension in any case)',
    (name) => {
      expect(checkWordFile(file(name), 'report-template')).toBeNull();
    },
  );

  it.each(['report.pdf', 'report.doc', 'report.docx.pdf', 'docx', 'report.docm'])(
    'refuses %s, naming what the file was for',
    (name) => {
      expect(checkWordFile(file(name), 'example-document')).toBe(
        'Only .docx files are allowed for example documents',
      );
      expect(checkWordFile(file(name), 'report-template')).toBe(
        'Only .docx files are allowed for report templates',
      );
    },
  );

  it('accepts exactly 50 MB and refuses one byte more', () => {
    expect(AUTHORING_DOCX_MAX_BYTES).toBe(50 * 1024 * 1024);
    expect(checkWordFile(file('big.docx', AUTHORING_DOCX_MAX_BYTES), 'example-document')).toBeNull();
    expect(checkWordFile(file('big.docx', AUTHORING_DOCX_MAX_BYTES + 1), 'example-document')).toBe(
      'File size exceeds 50MB limit',
    );
  });

  it('names the wrong type before the size when both are wrong', () => {
    expect(checkWordFile(file('scan.pdf', AUTHORING_DOCX_MAX_BYTES + 1), 'report-template')).toBe(
      'Only .docx files are allowed for report templates',
    );
  });
});
