import { COMPLETE_FINAL_REPORT } from '@ewrt/contract/limits';
import {
  DRAFT_PATIENT,
  makeDraftSource,
  makeProcessingResult,
  SERVER_MODEL_LABEL,
} from '../testing-support/draftReportHandlers';
import { draftReportFilename, draftReportText, sectionLabel, sourceLabel } from './draftReportText';

describe('draftReportFilename', () => {
  it('is <Surname>_<FirstName>_DraftReport_<YYYY-MM-DD>.txt for the local day', () => {
    expect(draftReportFilename(DRAFT_PATIENT, new Date(2026, 2, 7, 23, 59))).toBe(
      'Example_Alex_DraftReport_2026-03-07.txt',
    );
  });

  it('keeps names with spaces or reserved characters safe to save', () => {
    expect(
      draftReportFilename({ FirstName: 'Mary Jane', Surname: 'Smith/Jones' }, new Date(2026, 0, 2)),
    ).toBe('Smith_Jones_Mary_Jane_DraftReport_2026-01-02.txt');
  });
});

describe('sectionLabel and sourceLabel', () => {
  it('shows the complete report under its readable name and other sections as titled', () => {
    expect(sectionLabel({ title: COMPLETE_FINAL_REPORT })).toBe('Complete Report');
    expect(sectionLabel({ title: 'Prognosis' })).toBe('Prognosis');
  });

  it('names file and page, the bundle page only when there is one, and says when OCR read it', () => {
    expect(sourceLabel(makeDraftSource())).toBe('[1] discharge-summary.pdf, page 3 (bundle page 17)');
    expect(
      sourceLabel(
        makeDraftSource({ number: 2, page: 5, bundle_page: null, source: 'ocr', filename: 'scan.pdf' }),
      ),
    ).toBe('[2] scan.pdf, page 5, read by OCR');
  });
});

describe('draftReportText', () => {
  it('holds the patient, the model the server reported, every section with its sources and flagged sentences', () => {
    const text = draftReportText(makeProcessingResult(), DRAFT_PATIENT);
    expect(text).toContain('Draft report: Personal Injury');
    expect(text).toContain('Patient: Alex Example (MRN DEMO-0101)');
    expect(text).toContain(`Model: ${SERVER_MODEL_LABEL}`);
    expect(text).toContain('History of the index event\n');
    expect(text).toContain('[1] discharge-summary.pdf, page 3 (bundle page 17)');
    expect(text).toContain(
      'Not supported by the cited records (check before use):\n- He will run a marathon next year.',
    );
    expect(text).toContain('Complete Report\n');
    expect(text).not.toContain(COMPLETE_FINAL_REPORT);
    // Sections in the report's order, each heading underlined.
    const headings = [...text.matchAll(/^(.+)\n=+$/gm)].map((match) => match[1]);
    expect(headings).toEqual(['History of the index event', 'Prognosis', 'Complete Report']);
  });

  it('says which sections are evidence digests when no model drafted them', () => {
    const result = makeProcessingResult();
    const text = draftReportText(
      {
        ...result,
        ai_use: {
          ...result.ai_use,
          model_info: {
            mode: 'retrieval-only',
            model: null,
            provider: null,
            label: 'No language model configured: retrieval only',
          },
          drafted_sections: [],
          digest_sections: ['History of the index event', 'Prognosis'],
        },
      },
      DRAFT_PATIENT,
    );
    expect(text).toContain('Model: No language model configured: retrieval only');
    expect(text).toContain('Evidence digests (no model drafted them): History of the index event; Prognosis');
    expect(text).not.toContain('Drafted by the model');
  });
});
