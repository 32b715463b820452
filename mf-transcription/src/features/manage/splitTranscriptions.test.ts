import type { Transcription } from '@ewrt/contract';
import { splitTranscriptions } from './splitTranscriptions';

const transcription = (id: number, status: Transcription['Status'], date: string): Transcription => ({
  ID_Transcription: id,
  Transcription: `Text ${id}`,
  DateOfTranscription: date,
  text_transcription_type: null,
  transcriptionType: null,
  CreatedBy: null,
  Status: status,
  S3_Link: status === 'Complete' ? `transcriptions/${id}.docx` : null,
  filename: null,
  patient_id: 101,
  source: 'live',
  updated_at: date,
});

describe('splitTranscriptions', () => {
  it('splits by status, newest first in each', () => {
    const { completed, incomplete } = splitTranscriptions([
      transcription(1, 'Complete', '2026-01-01T09:00:00.000Z'),
      transcription(2, 'Incomplete', '2026-01-02T09:00:00.000Z'),
      transcription(3, 'Complete', '2026-01-03T09:00:00.000Z'),
      transcription(4, 'Incomplete', '2026-01-01T08:00:00.000Z'),
    ]);
    expect(completed.map((each) => each.ID_Transcription)).toEqual([3, 1]);
    expect(incomplete.map((each) => each.ID_Transcription)).toEqual([2, 4]);
  });

  it('splits an empty list into two empty ones', () => {
    expect(splitTranscriptions([])).toEqual({ completed: [], incomplete: [] });
  });
});
