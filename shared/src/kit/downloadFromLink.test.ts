import { apiClient } from '@ewrt/shared';
import { downloadFromLink } from './downloadFromLink';

afterEach(() => {
  apiClient.defaults.baseURL = undefined;
});

test('follows a link relative to the API, under the given file name, and leaves nothing behind', () => {
  apiClient.defaults.baseURL = 'http://api.test';
  const clicked: { href: string; download: string }[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push({ href: this.href, download: this.download });
  });
  downloadFromLink('/api/files/signed-token', 'patient_101_document_list.txt');
  expect(clicked).toEqual([
    { href: 'http://api.test/api/files/signed-token', download: 'patient_101_document_list.txt' },
  ]);
  expect(document.querySelector('a')).toBeNull();
});

test('an absolute link is followed as it is', () => {
  apiClient.defaults.baseURL = 'http://api.test';
  const hrefs: string[] = [];
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    hrefs.push(this.href);
  });
  downloadFromLink('https://files.example.test/object?sig=abc', 'a.pdf');
  expect(hrefs).toEqual(['https://files.example.test/object?sig=abc']);
});
