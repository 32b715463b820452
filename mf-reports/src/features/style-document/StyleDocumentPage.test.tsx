import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUTHORING_DOCX_MAX_BYTES } from '@ewrt/contract/limits';
import {
  HttpResponse,
  makeUser,
  renderWithProviders,
  setupApiServer,
  answerCallWith,
} from '@ewrt/shared/testing';
import {
  authoringDocumentApiError,
  bareServerError,
  makeStyleDocumentInfo,
  NO_STYLE_DOCUMENT,
  pickedFile,
  wordFile,
} from '../testing-support/authoringDocumentHandlers';
import { StyleDocumentPage } from './StyleDocumentPage';

jest.setTimeout(60_000);
const slow = { timeout: 8_000 };

/** The signed-in expert; every call must carry their id. */
const EXPERT = makeUser({ ID_User: 27, Name: 'Dr Chidi Okafor', Username: 'dr.okafor' });
const CURRENT = makeStyleDocumentInfo();

const server = setupApiServer(answerCallWith('getExampleDocument', CURRENT));

function renderPage() {
  renderWithProviders(<StyleDocumentPage />, { route: '/example-report', user: EXPERT });
}

const currentCard = () => within(screen.getByRole('region', { name: 'Current Document' }));

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

/** Records the uploads the server receives (fields in order, a file as its name), answering each with `message`. */
function countUploads(message = 'Example document uploaded successfully') {
  const uploads: [string, string][][] = [];
  server.use(
    answerCallWith('uploadExampleDocument', async ({ request, params }) => {
      expect(params.id).toBe('27');
      const form = await request.formData();
      uploads.push(
        [...form.entries()].map(([name, value]): [string, string] => [
          name,
          typeof value === 'string' ? value : value.name,
        ]),
      );
      return HttpResponse.json({ message }, { status: 201 });
    }),
  );
  return uploads;
}

describe('the current style document', () => {
  it('asks a signed-out visitor to log in and calls nothing', async () => {
    renderWithProviders(<StyleDocumentPage />, { route: '/example-report' });
    expect(await screen.findByText('Please log in to access your style document.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Current Document' })).not.toBeInTheDocument();
  });

  it('shows its filename, size, dates in en-GB, words read, and Replace Document', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Style Document' })).toBeInTheDocument();
    expect(screen.getByText(/Draft reports imitate its wording/)).toBeInTheDocument();
    expect(await currentCard().findByText('Patel report style 2025.docx', {}, slow)).toBeInTheDocument();
    expect(currentCard().getByText('1.5 MB')).toBeInTheDocument();
    expect(currentCard().getByText(/^03\/02\/2026, \d\d:05$/)).toBeInTheDocument();
    expect(currentCard().getByText(/^20\/11\/2025, \d\d:30$/)).toBeInTheDocument();
    expect(currentCard().getByText('12,480')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Replace Style Document' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Replace Document/ })).toBeDisabled();
  });

  it('without one, shows an empty state and an Upload form', async () => {
    server.use(answerCallWith('getExampleDocument', NO_STYLE_DOCUMENT));
    renderPage();
    expect(await currentCard().findByText(/You have no style document yet/, {}, slow)).toBeInTheDocument();
    expect(currentCard().queryByRole('button', { name: /Download/ })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Upload Style Document' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled();
  });

  it.each([
    [
      'the server’s message',
      () => authoringDocumentApiError(503, 'Storage is unavailable'),
      'Storage is unavailable',
    ],
    ['its own message', bareServerError, 'Failed to load example document information'],
  ])('when it cannot be read, says so with %s and offers Retry', async (_, answer, shown) => {
    server.use(answerCallWith('getExampleDocument', answer));
    const user = userEvent.setup();
    renderPage();
    expect(await currentCard().findByText(shown, {}, slow)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Style Document$/ })).not.toBeInTheDocument();

    server.use(answerCallWith('getExampleDocument', CURRENT));
    await user.click(currentCard().getByRole('button', { name: 'Retry' }));
    expect(await currentCard().findByText('Patel report style 2025.docx', {}, slow)).toBeInTheDocument();
  });
});

describe('uploading', () => {
  it('shows the upload’s progress until the server answers', async () => {
    let answer: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      answerCallWith('uploadExampleDocument', async () => {
        await answered;
        return HttpResponse.json({ message: 'Example document replaced successfully' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    await currentCard().findByText('Patel report style 2025.docx', {}, slow);
    await user.upload(fileInput(), wordFile('Newer style.docx'));
    await user.click(screen.getByRole('button', { name: /Replace Document/ }));

    expect(
      await screen.findByRole('progressbar', { name: 'Uploading Newer style.docx' }),
    ).toBeInTheDocument();
    answer();
    expect(await screen.findByText('Example document replaced successfully', {}, slow)).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('sends the chosen .docx as `file`, shows the server’s message and the new document', async () => {
    server.use(answerCallWith('getExampleDocument', NO_STYLE_DOCUMENT));
    const uploads = countUploads();
    const user = userEvent.setup();
    renderPage();
    await currentCard().findByText(/You have no style document yet/, {}, slow);

    await user.upload(fileInput(), wordFile('My style.DOCX'));
    expect(screen.getByText('My style.DOCX')).toBeInTheDocument();
    server.use(answerCallWith('getExampleDocument', makeStyleDocumentInfo({ filename: 'My style.DOCX' })));
    await user.click(screen.getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Example document uploaded successfully', {}, slow)).toBeInTheDocument();
    expect(uploads).toEqual([[['file', 'My style.DOCX']]]);
    expect(await currentCard().findByText('My style.DOCX', {}, slow)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Replace Document/ })).toBeInTheDocument();
  });

  it('replaces the current document through Replace Document', async () => {
    const uploads = countUploads('Example document replaced successfully');
    const user = userEvent.setup();
    renderPage();
    await currentCard().findByText('Patel report style 2025.docx', {}, slow);

    await user.upload(fileInput(), wordFile('Newer style.docx'));
    await user.click(screen.getByRole('button', { name: /Replace Document/ }));

    expect(await screen.findByText('Example document replaced successfully', {}, slow)).toBeInTheDocument();
    expect(uploads).toHaveLength(1);
  });

  it.each([
    [
      'a PDF',
      pickedFile('report.pdf', 4096, 'application/pdf'),
      'Only .docx files are allowed for example documents',
    ],
    ['a file over 50MB', wordFile('huge.docx', AUTHORING_DOCX_MAX_BYTES + 1), 'File size exceeds 50MB limit'],
  ])('refuses %s without calling the server', async (_, file, refusal) => {
    const uploads = countUploads();
    // The file dialog offers .docx only; a user can still choose "All files", which this stands for.
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    await currentCard().findByText('Patel report style 2025.docx', {}, slow);

    await user.upload(fileInput(), file);

    expect(await screen.findByRole('alert')).toHaveTextContent(refusal);
    expect(screen.queryByText(file.name)).not.toBeInTheDocument();
    const replace = screen.getByRole('button', { name: /Replace Document/ });
    expect(replace).toBeDisabled();
    await user.click(replace);
    expect(uploads).toHaveLength(0);
  });

  it('offers only .docx in the file dialog, from a labelled drop area the keyboard reaches', async () => {
    renderPage();
    await currentCard().findByText('Patel report style 2025.docx', {}, slow);
    expect(fileInput()).toHaveAttribute('accept', '.docx');
    const dropArea = screen.getByRole('button', { name: /^Choose a new style document/ });
    expect(dropArea).toHaveAttribute('tabindex', '0');
  });

  it.each([
    [
      'the server’s message',
      () => authoringDocumentApiError(415, 'The file is not a Word document'),
      'The file is not a Word document',
    ],
    ['its own message', bareServerError, 'Failed to upload example document'],
  ])('a refused upload says so with %s', async (_, answer, shown) => {
    server.use(answerCallWith('uploadExampleDocument', answer));
    const user = userEvent.setup();
    renderPage();
    await currentCard().findByText('Patel report style 2025.docx', {}, slow);
    await user.upload(fileInput(), wordFile('renamed.docx'));
    await user.click(screen.getByRole('button', { name: /Replace Document/ }));
    expect(await screen.findByText(shown, {}, slow)).toBeInTheDocument();
    // The choice stays, so the user can try again.
    expect(screen.getByText('renamed.docx')).toBeInTheDocument();
  });
});

describe('downloading', () => {
  it('follows the signed link under the document’s name', async () => {
    server.use(
      answerCallWith('getExampleDocumentDownload', {
        download_url: '/api/files/signed-style-token',
        filename: 'Patel report style 2025.docx',
      }),
    );
    const clicked: { href: string; download: string }[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const user = userEvent.setup();
    renderPage();
    await currentCard().findByText('Patel report style 2025.docx', {}, slow);

    await user.click(screen.getByRole('button', { name: 'Download Patel report style 2025.docx' }));

    await waitFor(() =>
      expect(clicked).toEqual([
        { href: 'http://api.test/api/files/signed-style-token', download: 'Patel report style 2025.docx' },
      ]),
    );
  });

  it.each([
    [
      'the server’s message',
      () => authoringDocumentApiError(404, 'No example document found'),
      'No example document found',
    ],
    ['its own message', bareServerError, 'Failed to download example document'],
  ])('a failed download says so with %s', async (_, answer, shown) => {
    server.use(answerCallWith('getExampleDocumentDownload', answer));
    const user = userEvent.setup();
    renderPage();
    await currentCard().findByText('Patel report style 2025.docx', {}, slow);
    await user.click(screen.getByRole('button', { name: 'Download Patel report style 2025.docx' }));
    expect(await screen.findByText(shown, {}, slow)).toBeInTheDocument();
  });
});

describe('deleting', () => {
  async function askToDelete(user: ReturnType<typeof userEvent.setup>) {
    await currentCard().findByText('Patel report style 2025.docx', {}, slow);
    await user.click(screen.getByRole('button', { name: 'Delete Patel report style 2025.docx' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete style document' });
    expect(dialog).toHaveTextContent('Delete Patel report style 2025.docx?');
    return dialog;
  }

  it('asks first; Cancel keeps the document and sends nothing', async () => {
    let deletions = 0;
    server.use(
      answerCallWith('deleteExampleDocument', () => {
        deletions += 1;
        return HttpResponse.json({ message: 'Deleted' });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const dialog = await askToDelete(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletions).toBe(0);
    expect(currentCard().getByText('Patel report style 2025.docx')).toBeInTheDocument();
  });

  it("confirmed, deletes it, says 'Example document deleted successfully' and shows the empty state", async () => {
    let deletedFor: unknown = null;
    server.use(
      answerCallWith('deleteExampleDocument', ({ params }) => {
        deletedFor = params.id;
        server.use(answerCallWith('getExampleDocument', NO_STYLE_DOCUMENT));
        return HttpResponse.json({ message: 'Example document deleted' });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const dialog = await askToDelete(user);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Example document deleted successfully', {}, slow)).toBeInTheDocument();
    expect(deletedFor).toBe('27');
    expect(await currentCard().findByText(/You have no style document yet/, {}, slow)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Upload Style Document' })).toBeInTheDocument();
  });

  it.each([
    [
      'the server’s message',
      () => authoringDocumentApiError(409, 'The document is in use'),
      'The document is in use',
    ],
    ['its own message', bareServerError, 'Failed to delete example document'],
  ])('a failed deletion says so with %s and keeps the document', async (_, answer, shown) => {
    server.use(answerCallWith('deleteExampleDocument', answer));
    const user = userEvent.setup();
    renderPage();
    const dialog = await askToDelete(user);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(shown, {}, slow)).toBeInTheDocument();
    expect(currentCard().getByText('Patel report style 2025.docx')).toBeInTheDocument();
  });
});
