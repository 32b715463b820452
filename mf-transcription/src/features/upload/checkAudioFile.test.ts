import { AUDIO_LARGE_FILE_NOTICE_BYTES, AUDIO_UPLOAD_MAX_BYTES } from '@ewrt/contract/limits';
import { AUDIO_FILE_ACCEPT, audioFileKind, checkAudioFile, isLargeAudioFile } from './checkAudioFile';

const file = (name: string, type = '', size = 48_000) => ({ name, type, size });
const NOT_AUDIO = 'Please select a valid audio file (MP3, WAV, M4A, AAC, OGG, WebM)';

describe('checkAudioFile', () => {
  it('offers the six formats in the picker', () => {
    expect(AUDIO_FILE_ACCEPT).toBe('.mp3,.wav,.m4a,.aac,.ogg,.webm');
  });

  it.each([
    ['clinic.mp3', 'audio/mpeg'],
    ['clinic.wav', 'audio/wav'],
    ['clinic.wav', 'audio/x-wav'],
    ['clinic.m4a', 'audio/x-m4a'],
    ['clinic.aac', 'audio/aac'],
    ['clinic.ogg', 'audio/ogg'],
    ['clinic.webm', 'audio/webm;codecs=opus'],
    ['screen recording.webm', 'video/webm'],
  ])('accepts %s sent as %s', (name, type) => {
    expect(checkAudioFile(file(name, type))).toBeNull();
  });

  it.each(['dictation.MP3', 'Dictation.Wav', 'ward round.m4a', 'note.AAC', 'note.ogg', 'note.WEBM'])(
    'accepts %s by its extension when the browser gives no type',
    (name) => {
      expect(checkAudioFile(file(name))).toBeNull();
    },
  );

  it('accepts a known audio type whatever the name', () => {
    expect(checkAudioFile(file('recording', 'audio/mpeg'))).toBeNull();
    expect(checkAudioFile(file('recording.bin', 'AUDIO/OGG'))).toBeNull();
  });

  it.each([
    ['letter.pdf', 'application/pdf'],
    ['notes.txt', 'text/plain'],
    ['clip.mp4', 'video/mp4'],
    ['voice.flac', 'audio/flac'],
    ['mp3', ''],
    ['dictation.mp3.exe', 'application/x-msdownload'],
  ])('refuses %s (%s)', (name, type) => {
    expect(checkAudioFile(file(name, type))).toBe(NOT_AUDIO);
  });

  it('accepts one byte under 500 MB and refuses 500 MB itself', () => {
    expect(AUDIO_UPLOAD_MAX_BYTES).toBe(500 * 1024 * 1024);
    expect(checkAudioFile(file('long.wav', 'audio/wav', AUDIO_UPLOAD_MAX_BYTES - 1))).toBeNull();
    expect(checkAudioFile(file('long.wav', 'audio/wav', AUDIO_UPLOAD_MAX_BYTES))).toBe(
      'File size must be less than 500MB',
    );
  });

  it('names the wrong type before the size when both are wrong', () => {
    expect(checkAudioFile(file('scan.pdf', 'application/pdf', AUDIO_UPLOAD_MAX_BYTES + 1))).toBe(NOT_AUDIO);
  });

  it('refuses an empty file', () => {
    expect(checkAudioFile(file('silence.wav', 'audio/wav', 0))).toBe(
      'The chosen file is empty. Please choose a recording.',
    );
  });
});

describe('isLargeAudioFile', () => {
  it('is true only above 10 MB', () => {
    expect(AUDIO_LARGE_FILE_NOTICE_BYTES).toBe(10 * 1024 * 1024);
    expect(isLargeAudioFile({ size: AUDIO_LARGE_FILE_NOTICE_BYTES })).toBe(false);
    expect(isLargeAudioFile({ size: AUDIO_LARGE_FILE_NOTICE_BYTES + 1 })).toBe(true);
  });
});

describe('audioFileKind', () => {
  it('shows the MIME type without its parameters, else the extension, else Unknown', () => {
    expect(audioFileKind(file('a.webm', 'audio/webm;codecs=opus'))).toBe('audio/webm');
    expect(audioFileKind(file('ward round.m4a'))).toBe('M4A');
    expect(audioFileKind(file('recording'))).toBe('Unknown');
  });
});
