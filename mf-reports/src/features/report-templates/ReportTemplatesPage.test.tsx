import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReportTemplate } from '@ewrt/contract';
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
  makeReportTemplate,
  pickedFile,
  wordFile,
} from '../testing-support/authoringDocumentHandlers';
import { ReportTemplatesPage } from './ReportTemplatesPage';

jest.setTimeout(60_000);
const slow = { timeout: 8_000 };

/** The signed-in expert; every call must carry their id. */
const EXPERT = makeUser({ ID_User: 27, Name: 'Dr Chidi Okafor', Username: 'dr.okafor' });
const ORTHOPAEDIC = makeReportTemplate();
const NEUROLOGY = makeReportTemplate({
  ID_Template: 8,
  template_name: 'Neurology condition and prognosis',
  description: null,
  filename: 'neuro-cp.docx',
  file_size: 2_621_440,
  created_at: '2026-03-09T16:45:00.000Z',
});

const server = setupApiServer(answerCallWith('listReportTemplates', { templates: [ORTHOPAEDIC, NEUROLOGY] }));

function renderPage() {
  renderWithProviders(<ReportTemplatesPage />, { route: '/report-templates', user: EXPERT });
}

const table = () => screen.getByRole('table', { name: 'Your report templates' });
const rowOf = (name: string) => within(within(table()).getByText(name).closest('tr') as HTMLElement);
const uploadCard = () => within(screen.getByRole('region', { name: 'Upload Template' }));

async function tableShown() {
  await within(screen.getByRole('region', { name: 'Your Templates' })).findByText(
    ORTHOPAEDIC.template_name,
    {},
    slow,
  );
}

function fileInput(): HTMLInputElement {
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return input;
}

/** Puts text into a field the way pasting does: much quicker than typing it key by key on a busy machine. */
async function enterText(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}

function savedAnswer(message: string, template: ReportTemplate = ORTHOPAEDIC) {
  return HttpResponse.json({ message, template }, { status: 201 });
}

describe('the template table', () => {
  it('asks a signed-out visitor to log in and calls nothing', async () => {
    renderWithProviders(<ReportTemplatesPage />, { route: '/report-templates' });
    expect(await screen.findByText('Please log in to access your report templates.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('lists each template: name with filename under it, description or "No description", size, created date', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Report Templates' })).toBeInTheDocument();
    await tableShown();

    const orthopaedic = rowOf('Personal injury (orthopaedic)');
    expect(orthopaedic.getByText('pi-orthopaedic.docx')).toBeInTheDocument();
    expect(orthopaedic.getByText('Court-style layout with numbered paragraphs')).toBeInTheDocument();
    expect(orthopaedic.getByText('47 KB')).toBeInTheDocument();
    expect(orthopaedic.getByText('15/01/2026')).toBeInTheDocument();

    const neurology = rowOf('Neurology condition and prognosis');
    expect(neurology.getByText('neuro-cp.docx')).toBeInTheDocument();
    expect(neurology.getByText('No description')).toBeInTheDocument();
    expect(neurology.getByText('2.5 MB')).toBeInTheDocument();
    expect(neurology.getByText('09/03/2026')).toBeInTheDocument();
    for (const action of ['Download', 'Edit', 'Delete']) {
      expect(
        neurology.getByRole('button', { name: `${action} Neurology condition and prognosis` }),
      ).toBeEnabled();
    }
  });

  it('without templates, says there are none yet', async () => {
    server.use(answerCallWith('listReportTemplates', { templates: [] }));
    renderPage();
    expect(await screen.findByText(/You have no report templates yet/, {}, slow)).toBeInTheDocument();
  });

  it.each([
    [
      'the server’s message',
      () => authoringDocumentApiError(403, 'This feature is not available to you'),
      'This feature is not available to you',
    ],
    ['its own message', bareServerError, 'Failed to load report templates'],
  ])('when the list cannot be read, says so with %s and offers Retry', async (_, answer, shown) => {
    server.use(answerCallWith('listReportTemplates', answer));
    const user = userEvent.setup();
    renderPage();
    expect(await screen.findByText(shown, {}, slow)).toBeInTheDocument();

    server.use(answerCallWith('listReportTemplates', { templates: [ORTHOPAEDIC] }));
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await tableShown();
  });
});

describe('uploading a template', () => {
  function recordUploads(message = 'Template uploaded successfully') {
    // Each upload's user and fields in order; a file appears as its name.
    const uploads: { userId: unknown; fields: [string, string][] }[] = [];
    server.use(
      answerCallWith('uploadReportTemplate', async ({ request, params }) => {
        const form = await request.formData();
        uploads.push({
          userId: params.id,
          fields: [...form.entries()].map(([name, value]) => [
            name,
            typeof value === 'string' ? value : value.name,
          ]),
        });
        return savedAnswer(message);
      }),
    );
    return uploads;
  }

  it('is enabled only once a name (not just spaces) and a .docx are given', async () => {
    const user = userEvent.setup();
    renderPage();
    await tableShown();
    const upload = uploadCard().getByRole('button', { name: 'Upload' });
    expect(upload).toBeDisabled();
    expect(upload).toHaveAccessibleDescription('Enter a template name and choose a .docx file to upload.');

    await user.upload(fileInput(), wordFile('clinical-negligence.docx'));
    expect(upload).toBeDisabled();
    await user.type(uploadCard().getByLabelText('Template name'), '   ');
    expect(upload).toBeDisabled();
    await enterText(user, uploadCard().getByLabelText('Template name'), 'Clinical negligence');
    expect(upload).toBeEnabled();

    await user.click(uploadCard().getByRole('button', { name: 'Remove clinical-negligence.docx' }));
    expect(upload).toBeDisabled();
  });

  it('sends template_name, description and file, shows the server’s message, clears the form and lists it', async () => {
    const uploads = recordUploads();
    const user = userEvent.setup();
    renderPage();
    await tableShown();

    await enterText(user, uploadCard().getByLabelText('Template name'), '  Clinical negligence ');
    await enterText(
      user,
      uploadCard().getByLabelText('Description (optional)'),
      'Breach and causation headings',
    );
    await user.upload(fileInput(), wordFile('clinical-negligence.docx'));
    const added = makeReportTemplate({ ID_Template: 9, template_name: 'Clinical negligence' });
    server.use(answerCallWith('listReportTemplates', { templates: [ORTHOPAEDIC, NEUROLOGY, added] }));
    await user.click(uploadCard().getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText('Template uploaded successfully', {}, slow)).toBeInTheDocument();
    expect(uploads).toEqual([
      {
        userId: '27',
        fields: [
          ['template_name', 'Clinical negligence'],
          ['description', 'Breach and causation headings'],
          ['file', 'clinical-negligence.docx'],
        ],
      },
    ]);

    await waitFor(() => expect(within(table()).getByText('Clinical negligence')).toBeInTheDocument(), slow);
    expect(uploadCard().getByLabelText('Template name')).toHaveValue('');
    expect(uploadCard().queryByText('clinical-negligence.docx')).not.toBeInTheDocument();
  });

  it('sends an empty description when none is given', async () => {
    const uploads = recordUploads();
    const user = userEvent.setup();
    renderPage();
    await tableShown();
    await enterText(user, uploadCard().getByLabelText('Template name'), 'Plain');
    await user.upload(fileInput(), wordFile('plain.docx'));
    await user.click(uploadCard().getByRole('button', { name: 'Upload' }));
    await screen.findByText('Template uploaded successfully', {}, slow);
    expect(uploads.map(({ fields }) => fields)).toEqual([
      [
        ['template_name', 'Plain'],
        ['description', ''],
        ['file', 'plain.docx'],
      ],
    ]);
  });

  it.each([
    [
      'a PDF',
      pickedFile('template.pdf', 4096, 'application/pdf'),
      'Only .docx files are allowed for report templates',
    ],
    ['a file over 50MB', wordFile('huge.docx', AUTHORING_DOCX_MAX_BYTES + 1), 'File size exceeds 50MB limit'],
  ])('refuses %s without calling the server', async (_, file, refusal) => {
    const uploads = recordUploads();
    const user = userEvent.setup({ applyAccept: false });
    renderPage();
    await tableShown();
    await enterText(user, uploadCard().getByLabelText('Template name'), 'Anything');

    await user.upload(fileInput(), file);

    expect(await uploadCard().findByRole('alert')).toHaveTextContent(refusal);
    expect(uploadCard().queryByText(file.name)).not.toBeInTheDocument();
    expect(uploadCard().getByRole('button', { name: 'Upload' })).toBeDisabled();
    await user.type(uploadCard().getByLabelText('Template name'), '{Enter}');
    expect(uploads).toHaveLength(0);
  });

  it('offers only .docx in the file dialog', async () => {
    renderPage();
    await tableShown();
    expect(fileInput()).toHaveAttribute('accept', '.docx');
    expect(uploadCard().getByRole('button', { name: /^Choose the template file/ })).toHaveAttribute(
      'tabindex',
      '0',
    );
  });

  it.each([
    [
      'the server’s message',
      () => authoringDocumentApiError(415, 'The file is not a Word document'),
      'The file is not a Word document',
    ],
    ['its own message', bareServerError, 'Failed to upload report template'],
  ])('a refused upload says so with %s and keeps what was entered', async (_, answer, shown) => {
    server.use(answerCallWith('uploadReportTemplate', answer));
    const user = userEvent.setup();
    renderPage();
    await tableShown();
    await enterText(user, uploadCard().getByLabelText('Template name'), 'Renamed');
    await user.upload(fileInput(), wordFile('renamed.docx'));
    await user.click(uploadCard().getByRole('button', { name: 'Upload' }));

    expect(await screen.findByText(shown, {}, slow)).toBeInTheDocument();
    expect(uploadCard().getByLabelText('Template name')).toHaveValue('Renamed');
    expect(uploadCard().getByText('renamed.docx')).toBeInTheDocument();
  });
});

describe('downloading a template', () => {
  it('follows the signed link of that template', async () => {
    let requested: unknown = null;
    server.use(
      answerCallWith('getReportTemplateDownload', ({ params }) => {
        requested = params.templateId;
        return HttpResponse.json({ download_url: '/api/files/signed-template-8', filename: 'neuro-cp.docx' });
      }),
    );
    const clicked: { href: string; download: string }[] = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    const user = userEvent.setup();
    renderPage();
    await tableShown();

    await user.click(screen.getByRole('button', { name: 'Download Neurology condition and prognosis' }));

    await waitFor(() =>
      expect(clicked).toEqual([
        { href: 'http://api.test/api/files/signed-template-8', download: 'neuro-cp.docx' },
      ]),
    );
    expect(requested).toBe('8');
  });

  it.each([
    [
      'the server’s message',
      () => authoringDocumentApiError(404, 'Template not found'),
      'Template not found',
    ],
    ['its own message', bareServerError, 'Failed to download report template'],
  ])('a failed download says so with %s', async (_, answer, shown) => {
    server.use(answerCallWith('getReportTemplateDownload', answer));
    const user = userEvent.setup();
    renderPage();
    await tableShown();
    await user.click(screen.getByRole('button', { name: 'Download Personal injury (orthopaedic)' }));
    expect(await screen.findByText(shown, {}, slow)).toBeInTheDocument();
  });
});

describe('editing a template', () => {
  async function openEdit(user: ReturnType<typeof userEvent.setup>) {
    await tableShown();
    await user.click(screen.getByRole('button', { name: 'Edit Personal injury (orthopaedic)' }));
    return within(await screen.findByRole('dialog', { name: 'Edit Personal injury (orthopaedic)' }));
  }

  it("refuses a blank name with 'Template name is required' and sends nothing", async () => {
    let updates = 0;
    server.use(
      answerCallWith('updateReportTemplate', () => {
        updates += 1;
        return savedAnswer('Template updated successfully');
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const dialog = await openEdit(user);
    expect(dialog.getByLabelText('Template name')).toHaveValue('Personal injury (orthopaedic)');
    expect(dialog.getByLabelText('Description (optional)')).toHaveValue(
      'Court-style layout with numbered paragraphs',
    );

    await user.clear(dialog.getByLabelText('Template name'));
    await user.type(dialog.getByLabelText('Template name'), '  ');
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await dialog.findByText('Template name is required')).toBeInTheDocument();
    expect(updates).toBe(0);
  });

  it('saves the trimmed name and description with PUT, shows the server’s message and lists the change', async () => {
    const bodies: unknown[] = [];
    server.use(
      answerCallWith('updateReportTemplate', async ({ request, params }) => {
        expect(params).toMatchObject({ id: '27', templateId: '7' });
        bodies.push(await request.json());
        return HttpResponse.json({ message: 'Template updated successfully', template: ORTHOPAEDIC });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const dialog = await openEdit(user);
    await user.clear(dialog.getByLabelText('Template name'));
    await enterText(user, dialog.getByLabelText('Template name'), ' PI orthopaedic ');
    await user.clear(dialog.getByLabelText('Description (optional)'));
    server.use(
      answerCallWith('listReportTemplates', {
        templates: [{ ...ORTHOPAEDIC, template_name: 'PI orthopaedic', description: null }, NEUROLOGY],
      }),
    );
    await user.click(dialog.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Template updated successfully', {}, slow)).toBeInTheDocument();
    expect(bodies).toEqual([{ template_name: 'PI orthopaedic', description: null }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(within(table()).getByText('PI orthopaedic')).toBeInTheDocument(), slow);
  });

  it.each([
    [
      'the server’s message',
      () => authoringDocumentApiError(404, 'Template not found'),
      'Template not found',
    ],
    ['its own message', bareServerError, 'Failed to update report template'],
  ])('a failed update says so with %s and keeps the dialog open', async (_, answer, shown) => {
    server.use(answerCallWith('updateReportTemplate', answer));
    const user = userEvent.setup();
    renderPage();
    const dialog = await openEdit(user);
    await enterText(user, dialog.getByLabelText('Template name'), ' v2');
    await user.click(dialog.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText(shown, {}, slow)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Edit Personal injury (orthopaedic)' })).toBeInTheDocument();
  });
});

describe('deleting a template', () => {
  async function askToDelete(user: ReturnType<typeof userEvent.setup>) {
    await tableShown();
    await user.click(screen.getByRole('button', { name: 'Delete Neurology condition and prognosis' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete report template' });
    expect(dialog).toHaveTextContent('Delete Neurology condition and prognosis?');
    return within(dialog);
  }

  it('asks first; Cancel sends nothing', async () => {
    let deletions = 0;
    server.use(
      answerCallWith('deleteReportTemplate', () => {
        deletions += 1;
        return HttpResponse.json({ message: 'Template deleted successfully' });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const dialog = await askToDelete(user);
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(deletions).toBe(0);
  });

  it('confirmed, deletes that template, shows the server’s message and drops it from the table', async () => {
    let deleted: unknown = null;
    server.use(
      answerCallWith('deleteReportTemplate', ({ params }) => {
        deleted = params;
        server.use(answerCallWith('listReportTemplates', { templates: [ORTHOPAEDIC] }));
        return HttpResponse.json({ message: 'Template deleted successfully' });
      }),
    );
    const user = userEvent.setup();
    renderPage();
    const dialog = await askToDelete(user);
    await user.click(dialog.getByRole('button', { name: 'Delete' }));

    expect(await screen.findByText('Template deleted successfully', {}, slow)).toBeInTheDocument();
    expect(deleted).toEqual({ id: '27', templateId: '8' });
    await waitFor(() =>
      expect(within(table()).queryByText('Neurology condition and prognosis')).not.toBeInTheDocument(),
    );
  });

  it.each([
    [
      'the server’s message',
      () => authoringDocumentApiError(404, 'Template not found'),
      'Template not found',
    ],
    ['its own message', bareServerError, 'Failed to delete report template'],
  ])('a failed deletion says so with %s', async (_, answer, shown) => {
    server.use(answerCallWith('deleteReportTemplate', answer));
    const user = userEvent.setup();
    renderPage();
    const dialog = await askToDelete(user);
    await user.click(dialog.getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(shown, {}, slow)).toBeInTheDocument();
    expect(within(table()).getByText('Neurology condition and prognosis')).toBeInTheDocument();
  });
});
