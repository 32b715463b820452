import {
  transcriptionDateLabel,
  transcriptionName,
  transcriptionPreview,
  transcriptionTypeLabel,
} from './transcriptionLabels';

// A local time, so the test reads the same in any time zone.
const NOV_24_0930 = new Date(2026, 10, 24, 9, 30).toISOString();

describe('transcriptionDateLabel', () => {
  it('shows day/month/year with hours and minutes', () => {
    expect(transcriptionDateLabel({ DateOfTranscription: NOV_24_0930 })).toBe('24/11/2026 09:30');
  });

  it('shows a value that is not a date as it came', () => {
    expect(transcriptionDateLabel({ DateOfTranscription: 'yesterday' })).toBe('yesterday');
  });
});

describe('transcriptionTypeLabel', () => {
  it('is the type’s name, or Standard without one', () => {
    expect(transcriptionTypeLabel({ text_transcription_type: 'Medical Opinion' })).toBe('Medical Opinion');
    expect(transcriptionTypeLabel({ text_transcription_type: null })).toBe('Standard');
    expect(transcriptionTypeLabel({ text_transcription_type: '  ' })).toBe('Standard');
  });
});

describe('transcriptionPreview', () => {
  it('shows a text of 50 characters or fewer whole, on one line', () => {
    const fifty = 'x'.repeat(50);
    expect(transcriptionPreview({ Transcription: fifty })).toBe(fifty);
    expect(transcriptionPreview({ Transcription: 'Pain in the\n\nleft knee.  ' })).toBe(
      'Pain in the left knee.',
    );
  });

  it('cuts a longer text at 50 characters and marks the cut', () => {
    const text = 'Patient reports intermittent pain in the left knee since the fall in March.';
    expect(transcriptionPreview({ Transcription: text })).toBe(
      'Patient reports intermittent pain in the left knee...',
    );
    expect(Array.from('Patient reports intermittent pain in the left knee')).toHaveLength(50);
  });

  it('never splits a character made of two code units', () => {
    const text = `${'😀'.repeat(60)}`;
    expect(transcriptionPreview({ Transcription: text })).toBe(`${'😀'.repeat(50)}...`);
  });

  it('says when there is nothing to preview', () => {
    expect(transcriptionPreview({ Transcription: '' })).toBe('No preview available');
    expect(transcriptionPreview({ Transcription: ' \n ' })).toBe('No preview available');
  });
});

describe('transcriptionName', () => {
  it('names a row by its type and date', () => {
    expect(
      transcriptionName({ DateOfTranscription: NOV_24_0930, text_transcription_type: 'Medical Opinion' }),
    ).toBe('Medical Opinion transcription of 24/11/2026 09:30');
  });
});
