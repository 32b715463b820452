import { uploadRedirectTarget } from './uploadRedirectTarget';

describe('uploadRedirectTarget', () => {
  it.each(['/patient/101/jobs', '/transcription/manage?patientId=101'])('follows the server’s %s', (path) => {
    expect(uploadRedirectTarget(path, 101)).toBe(path);
  });

  it.each([null, undefined, '', '   '])('goes to the patient’s job list without a target (%p)', (target) => {
    expect(uploadRedirectTarget(target, 101)).toBe('/patient/101/jobs');
  });

  it.each(['https://elsewhere.example/jobs', '//elsewhere.example/jobs', '/\\elsewhere.example', 'jobs'])(
    'never leaves the application for %s',
    (target) => {
      expect(uploadRedirectTarget(target, 7)).toBe('/patient/7/jobs');
    },
  );
});
