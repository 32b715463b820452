import { exportFilename } from './exportFilename';

describe('exportFilename', () => {
  it('names chat and research exports with a sortable local timestamp and no colons', () => {
    const at = new Date(2026, 10, 4, 9, 5, 7);
    expect(exportFilename('chat_history', at)).toBe('chat_history_2026-11-04_09-05-07.docx');
    expect(exportFilename('research_report', at)).toBe('research_report_2026-11-04_09-05-07.docx');
  });
});
