import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConversationEntry, QueryRequest, SaveConversationRequest } from '@ewrt/contract';
import { selectedPatientStore } from '@ewrt/shared';
import { answerCall, HttpResponse, makePatient, setupApiServer, answerCallWith } from '@ewrt/shared/testing';
import {
  CLEARED,
  dateOfEventUpdated,
  docxAnswer,
  makeAssistantEntry,
  makeDocumentPage,
  makePageImage,
  makeQueryResponse,
  makeSaveAnswer,
  makeUserEntry,
  RETRIEVAL_ONLY_MODEL,
} from '../testing-support/conversationApiHandlers';
import { apiError } from '../testing-support/documentsApiHandlers';
import { recordLinkClicks, type ClickedLink } from '../testing-support/recordLinkClicks';
import { renderDocumentsApp } from '../testing-support/renderDocumentsApp';

jest.setTimeout(40_000);
const slow = { timeout: 8_000 };

const PATIENT = makePatient({
  ID_Patient: 101,
  FirstName: 'Alex',
  Surname: 'Example',
  MRN: 'DEMO-0101',
  DateOfBirth: '1980-05-12',
  DateofEvent: '2024-03-01',
});

let storedEntries: ConversationEntry[];

const server = setupApiServer(
  answerCall('getPatient', () => PATIENT),
  answerCallWith('getConversation', () => HttpResponse.json({ entries: storedEntries })),
  answerCallWith('getPatientPageImage', makePageImage()),
);

let clickedLinks: ClickedLink[];

beforeEach(() => {
  storedEntries = [];
  clickedLinks = recordLinkClicks();
});

function renderPage(route = '/patients/101/simplequery') {
  renderDocumentsApp(route);
  return userEvent.setup();
}

const questionBox = () =>
  screen.findByRole('textbox', { name: "Your question about this patient's records" }, slow);

async function withAnswerShown() {
  storedEntries = [makeUserEntry(), makeAssistantEntry()];
  const user = renderPage();
  await screen.findByRole('article', { name: 'Answer' }, slow);
  return user;
}

describe('RecordQuestionsPage', () => {
  it('shows the patient with the Date of Event, an empty conversation and no conversation actions', async () => {
    renderPage();

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Query Medical Records' }, slow),
    ).toBeVisible();
    expect(await screen.findByText('DEMO-0101')).toBeVisible();
    expect(screen.getByText('12/05/1980')).toBeVisible();
    expect(screen.getByText('01/03/2024')).toBeVisible();
    expect(await screen.findByText(/No questions yet/)).toBeVisible();
    expect(screen.getByLabelText('0 entries')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Export/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Save to Vectors/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Clear Chat/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Dashboard/ })).toBeVisible();
  });

  it('Dashboard opens the patient dashboard', async () => {
    const user = renderPage();
    await user.click(await screen.findByRole('button', { name: /Dashboard/ }, slow));
    expect(screen.getByTestId('location')).toHaveTextContent('/patients/101/dashboard');
  });

  it('Enter sends the question with k 8 and the cache on; Shift+Enter adds a line; blank text is not sent', async () => {
    const sent: QueryRequest[] = [];
    server.use(
      answerCallWith('query', async ({ request }) => {
        sent.push((await request.json()) as QueryRequest);
        return HttpResponse.json(makeQueryResponse());
      }),
    );
    const user = renderPage();
    const box = await questionBox();

    await user.type(box, '   {Enter}');
    expect(sent).toEqual([]);
    expect(screen.getByRole('button', { name: /Send/ })).toBeDisabled();

    await user.clear(box);
    await user.paste('When was the first MRI?');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    await user.paste('And what did it show?');
    expect(box).toHaveValue('When was the first MRI?\nAnd what did it show?');
    expect(sent).toEqual([]);

    await user.keyboard('{Enter}');

    await screen.findByRole('article', { name: 'Answer' }, slow);
    expect(sent).toEqual([
      { query: 'When was the first MRI?\nAnd what did it show?', k: 8, use_cache: true },
    ]);
    expect(box).toHaveValue('');
    expect(screen.getByRole('article', { name: 'Your question' })).toHaveTextContent('And what did it show?');
    expect(screen.getByLabelText('2 entries')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Export/ })).toBeVisible();
  });

  it('shows the answer with its citations, the flagged sentence, the model label, documents and sources', async () => {
    await withAnswerShown();
    const answer = screen.getByRole('article', { name: 'Answer' });

    expect(within(answer).getByRole('button', { name: 'Source 1: mri.pdf, page 2' })).toHaveTextContent(
      '[1]',
    );
    expect(within(answer).getAllByRole('button', { name: 'Source 2: gp-letter.docx, page 1' })).toHaveLength(
      2,
    );
    expect(within(answer).getAllByText('(not found in the cited pages)')).toHaveLength(1);
    const flagged = within(answer).getByText('(not found in the cited pages)').previousElementSibling;
    expect(flagged).toHaveTextContent('Surgery was planned for June [2].');
    expect(within(answer).getByText('gpt-4o-mini (llm.example.test)')).toBeVisible();
    expect(within(answer).getByText('2 documents consulted')).toBeVisible();
    expect(
      within(answer).getByText('2 passages from 2 documents: mri.pdf (page 2); gp-letter.docx (page 1)'),
    ).toBeVisible();
    expect(within(answer).queryByText('from cache')).not.toBeInTheDocument();
    expect(screen.queryByText(/Claude 3\.7 Sonnet/)).not.toBeInTheDocument();
  });

  it('lists the detailed locations with files, pages, bundle pages, OCR confidence and previews', async () => {
    const answer = makeQueryResponse({ from_cache: true });
    answer.source_locations[1] = {
      ...answer.source_locations[1]!,
      source: 'ocr',
      ocr_confidence: 87.4,
      bundle_page: 14,
      location_details: { ...answer.source_locations[1]!.location_details, bundle_pages: [14] },
    };
    storedEntries = [makeUserEntry(), makeAssistantEntry(answer)];
    const user = renderPage();
    const entry = await screen.findByRole('article', { name: 'Answer' }, slow);
    expect(within(entry).getByText('from cache')).toBeVisible();

    await user.click(within(entry).getByRole('button', { name: /Detailed locations \(2\)/ }));

    expect(await within(entry).findByText('Source 2')).toBeVisible();
    expect(within(entry).getByText('File: gp-letter.docx')).toBeVisible();
    expect(within(entry).getByText('Page: 1 · Bundle page: 14')).toBeVisible();
    expect(within(entry).getByText('Read by OCR, confidence 87 %')).toBeVisible();
    expect(within(entry).getByText('Referred for physiotherapy after the MRI.')).toBeVisible();
    expect(
      within(entry).getAllByRole('button', { name: 'Source 2: gp-letter.docx, page 1 (bundle page 14)' }),
    ).toHaveLength(2);
  });

  it('a passage read by OCR says so with its confidence, in the locations and on its page, and asks to check the original', async () => {
    const answer = makeQueryResponse();
    answer.source_locations[0] = { ...answer.source_locations[0]!, source: 'ocr', ocr_confidence: 41.2 };
    storedEntries = [makeUserEntry(), makeAssistantEntry(answer)];
    const page = makeDocumentPage();
    page.passages[1] = { ...page.passages[1]!, source: 'ocr', ocr_confidence: 41.2 };
    server.use(answerCallWith('getDocumentPage', page));
    const user = renderPage();
    const entry = await screen.findByRole('article', { name: 'Answer' }, slow);

    await user.click(within(entry).getByRole('button', { name: /Detailed locations \(2\)/ }));

    const note = await within(entry).findByText('Read by OCR, confidence 41 %');
    expect(note).toBeVisible();
    expect(note.parentElement).toHaveTextContent('Read by OCR, confidence 41 % — check the original page');
    // Only the passage that came from OCR is marked: the GP letter's has a text layer.
    expect(within(entry).getAllByText(/Read by OCR/)).toHaveLength(1);

    await user.click(within(entry).getAllByRole('button', { name: 'Source 1: mri.pdf, page 2' })[0]!);
    const view = await screen.findByRole('dialog', { name: 'Source 1: mri.pdf, page 2' });
    await within(view).findByText('MRI lumbar spine on 14/03/2024 showed an L4/5 disc protrusion.');
    expect(within(view).getByText('Read by OCR, confidence 41 %').parentElement).toHaveTextContent(
      'Read by OCR, confidence 41 % — check the original page',
    );
  });

  it('a cited passage from a text layer carries no OCR note on its page', async () => {
    server.use(answerCallWith('getDocumentPage', makeDocumentPage()));
    const user = await withAnswerShown();

    await user.click(screen.getByRole('button', { name: 'Source 1: mri.pdf, page 2' }));

    const view = await screen.findByRole('dialog', { name: 'Source 1: mri.pdf, page 2' });
    await within(view).findByText('MRI lumbar spine on 14/03/2024 showed an L4/5 disc protrusion.');
    expect(within(view).queryByText(/Read by OCR/)).not.toBeInTheDocument();
  });

  it('labels a retrieval-only answer with the model_info the server sent', async () => {
    storedEntries = [
      makeUserEntry(),
      makeAssistantEntry(makeQueryResponse({ model_info: RETRIEVAL_ONLY_MODEL, sentences: [] })),
    ];
    renderPage();
    const answer = await screen.findByRole('article', { name: 'Answer' }, slow);

    expect(within(answer).getByRole('alert')).toHaveTextContent(
      'No language model configured: retrieval only',
    );
    // Without sentences the citations written in the text still open their sources.
    expect(within(answer).getByRole('button', { name: 'Source 1: mri.pdf, page 2' })).toBeVisible();
    expect(within(answer).queryByText('(not found in the cited pages)')).not.toBeInTheDocument();
  });

  it('a citation opens its page with the passage highlighted and the original to download', async () => {
    const asked: string[] = [];
    server.use(
      answerCallWith('getDocumentPage', ({ params }) => {
        asked.push(`${String(params.patientId)}/${String(params.s3_key)}/${String(params.page)}`);
        return HttpResponse.json(makeDocumentPage());
      }),
      answerCallWith('getDocumentDownload', () =>
        HttpResponse.json({ download_url: '/api/files/signed-mri', filename: 'mri.pdf' }),
      ),
    );
    const user = await withAnswerShown();
    const citation = screen.getByRole('button', { name: 'Source 1: mri.pdf, page 2' });

    await user.click(citation);

    const view = await screen.findByRole('dialog', { name: 'Source 1: mri.pdf, page 2' });
    const mark = await within(view).findByText(
      'MRI lumbar spine on 14/03/2024 showed an L4/5 disc protrusion.',
    );
    expect(mark.tagName).toBe('MARK');
    expect(within(view).getByText('2 of 3')).toBeInTheDocument();
    expect(asked).toEqual(['101/key_mri_report_000000001/2']);

    await user.click(within(view).getByRole('button', { name: /Download original/ }));
    await waitFor(() => expect(clickedLinks).toHaveLength(1));
    expect(clickedLinks[0]).toEqual({ href: 'http://api.test/api/files/signed-mri', download: 'mri.pdf' });

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(citation).toHaveFocus());
  });

  it('shows a page that cannot be loaded as an error inside the citation view', async () => {
    server.use(answerCallWith('getDocumentPage', () => apiError(404, 'Document not found')));
    const user = await withAnswerShown();

    await user.click(screen.getByRole('button', { name: 'Source 1: mri.pdf, page 2' }));

    const view = await screen.findByRole('dialog');
    expect(await within(view).findByText('Document not found')).toBeInTheDocument();
  });

  it('Clear Chat asks first, then empties the conversation', async () => {
    let cleared = 0;
    server.use(
      answerCallWith('clearConversation', () => {
        cleared += 1;
        return HttpResponse.json(CLEARED);
      }),
    );
    const user = await withAnswerShown();

    await user.click(screen.getByRole('button', { name: /Clear Chat/ }));
    const modal = await screen.findByRole('dialog', { name: 'Clear conversation' });
    expect(cleared).toBe(0);
    await user.click(within(modal).getByRole('button', { name: 'Clear Chat' }));

    expect(await screen.findByText('Conversation cleared successfully')).toBeVisible();
    expect(cleared).toBe(1);
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    expect(screen.getByLabelText('0 entries')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Clear Chat/ })).not.toBeInTheDocument();
  });

  it("a failed clear shows 'Failed to clear conversation' and keeps the entries", async () => {
    server.use(answerCallWith('clearConversation', () => new HttpResponse(null, { status: 500 })));
    const user = await withAnswerShown();

    await user.click(screen.getByRole('button', { name: /Clear Chat/ }));
    const modal = await screen.findByRole('dialog', { name: 'Clear conversation' });
    await user.click(within(modal).getByRole('button', { name: 'Clear Chat' }));

    expect(await screen.findByText('Failed to clear conversation')).toBeVisible();
    expect(screen.getByRole('article', { name: 'Answer' })).toBeInTheDocument();
  });

  it('Save to Vectors sends include_queries true by default and false once unticked', async () => {
    const sent: SaveConversationRequest[] = [];
    server.use(
      answerCallWith('saveConversationToVectors', async ({ request }) => {
        sent.push((await request.json()) as SaveConversationRequest);
        return HttpResponse.json(makeSaveAnswer());
      }),
    );
    const user = await withAnswerShown();

    await user.click(screen.getByRole('button', { name: /Save to Vectors/ }));
    let modal = await screen.findByRole('dialog', { name: 'Save conversation to vectors' });
    expect(within(modal).getByRole('checkbox', { name: 'include user queries' })).toBeChecked();
    await user.click(within(modal).getByRole('button', { name: 'Save' }));
    expect(
      await screen.findByText('Conversation saved as conversation_2026-01-06.txt and is being indexed'),
    ).toBeVisible();
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: /Save to Vectors/ }));
    modal = await screen.findByRole('dialog', { name: 'Save conversation to vectors' });
    await user.click(within(modal).getByRole('checkbox', { name: 'include user queries' }));
    await user.click(within(modal).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent).toEqual([{ include_queries: true }, { include_queries: false }]);
  });

  it("a failed save shows 'Failed to save conversation to vector store'", async () => {
    server.use(answerCallWith('saveConversationToVectors', () => new HttpResponse(null, { status: 500 })));
    const user = await withAnswerShown();

    await user.click(screen.getByRole('button', { name: /Save to Vectors/ }));
    const modal = await screen.findByRole('dialog', { name: 'Save conversation to vectors' });
    await user.click(within(modal).getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Failed to save conversation to vector store')).toBeVisible();
  });

  it("Export saves the .docx under the server's file name", async () => {
    const createObjectURL = jest.fn((_blob: Blob) => 'blob:http://localhost/conversation');
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: createObjectURL });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: jest.fn() });
    server.use(
      answerCallWith('exportConversation', () =>
        docxAnswer(
          `attachment; filename="Alex_Example_2026-01-06.docx"; filename*=UTF-8''Alex%20Example%20%E2%80%93%202026-01-06.docx`,
        ),
      ),
    );
    const user = await withAnswerShown();

    await user.click(screen.getByRole('button', { name: /Export/ }));

    expect(await screen.findByText('Conversation exported successfully')).toBeVisible();
    expect(clickedLinks).toEqual([
      { href: 'blob:http://localhost/conversation', download: 'Alex Example – 2026-01-06.docx' },
    ]);
    expect(createObjectURL.mock.calls[0]![0].size).toBe(4);
  });

  it("a failed export shows the server's message, else 'Failed to export conversation'", async () => {
    server.use(
      answerCallWith('exportConversation', () => apiError(500, 'The document could not be written')),
    );
    const user = await withAnswerShown();

    await user.click(screen.getByRole('button', { name: /Export/ }));
    expect(await screen.findByText('The document could not be written')).toBeVisible();

    server.use(answerCallWith('exportConversation', () => new HttpResponse(null, { status: 502 })));
    await user.click(screen.getByRole('button', { name: /Export/ }));
    expect(await screen.findByText('Failed to export conversation')).toBeVisible();
  });

  it('edits the Date of Event: sends the date, shows the success message and updates the selection', async () => {
    const sent: unknown[] = [];
    server.use(
      answerCallWith('updateDateOfEvent', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(dateOfEventUpdated({ ...PATIENT, DateofEvent: '2024-04-07' }));
      }),
    );
    selectedPatientStore.select(PATIENT);
    const user = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit date of event' }, slow));
    const input = screen.getByRole('textbox', { name: 'Date of Event' });
    expect(input).toHaveFocus();
    expect(input).toHaveValue('01/03/2024');
    await user.clear(input);
    await user.type(input, '07/04/2024');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Date of event updated successfully')).toBeVisible();
    expect(sent).toEqual([{ DateofEvent: '2024-04-07' }]);
    expect(screen.getByText('07/04/2024')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Edit date of event' })).toHaveFocus();
    expect(selectedPatientStore.getState()?.DateofEvent).toBe('2024-04-07');
  });

  it('an emptied Date of Event is sent as null', async () => {
    const sent: unknown[] = [];
    server.use(
      answerCallWith('updateDateOfEvent', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(dateOfEventUpdated({ ...PATIENT, DateofEvent: null }));
      }),
    );
    const user = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit date of event' }, slow));
    await user.clear(screen.getByRole('textbox', { name: 'Date of Event' }));
    await user.keyboard('{Enter}');

    expect(await screen.findByText('Not specified')).toBeVisible();
    expect(sent).toEqual([{ DateofEvent: null }]);
  });

  it("a refused Date of Event keeps the edit open with the server's message, else the spec's", async () => {
    server.use(
      answerCallWith('updateDateOfEvent', () => apiError(400, 'Date of event cannot be in the future')),
    );
    const user = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit date of event' }, slow));
    const input = screen.getByRole('textbox', { name: 'Date of Event' });
    await user.clear(input);
    await user.type(input, '01/01/2099');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Date of event cannot be in the future')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Date of Event' })).toHaveValue('01/01/2099');

    server.use(answerCallWith('updateDateOfEvent', () => new HttpResponse(null, { status: 500 })));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to update date of event')).toBeVisible();
    expect(screen.getByRole('textbox', { name: 'Date of Event' })).toBeVisible();
  });

  it('a date that is not a real date is refused before anything is sent', async () => {
    const user = renderPage();

    await user.click(await screen.findByRole('button', { name: 'Edit date of event' }, slow));
    const input = screen.getByRole('textbox', { name: 'Date of Event' });
    await user.clear(input);
    await user.type(input, '31/02/2024{Enter}');

    expect(await screen.findByRole('alert')).toHaveTextContent('Enter a real date as dd/mm/yyyy');
    expect(input).toHaveAttribute('aria-invalid', 'true');
  });

  it('while a query runs it says queries take 30 to 60 seconds and counts the seconds', async () => {
    let release: () => void = () => undefined;
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    server.use(
      answerCallWith('query', async () => {
        await answered;
        return HttpResponse.json(makeQueryResponse());
      }),
    );
    const user = renderPage();
    const box = await questionBox();

    await user.type(box, 'When was the first MRI?{Enter}');

    expect(await screen.findByText(/Queries take 30 to 60 seconds\./)).toBeVisible();
    expect(screen.getByTestId('query-elapsed')).toHaveTextContent('0 s');
    await waitFor(() => expect(screen.getByTestId('query-elapsed')).toHaveTextContent('1 s'), {
      timeout: 3_000,
    });
    expect(box).toHaveValue('When was the first MRI?');

    release();
    await screen.findByRole('article', { name: 'Answer' }, slow);
    expect(screen.queryByText(/Queries take 30 to 60 seconds\./)).not.toBeInTheDocument();
  });

  it("a failed query keeps the question in the box and shows the server's message, else 'Failed to process query'", async () => {
    server.use(answerCallWith('query', () => apiError(503, 'The index is being rebuilt')));
    const user = renderPage();
    const box = await questionBox();

    await user.type(box, 'When was the first MRI?{Enter}');

    expect(await screen.findByText('The index is being rebuilt')).toBeVisible();
    expect(box).toHaveValue('When was the first MRI?');

    server.use(answerCallWith('query', () => new HttpResponse(null, { status: 500 })));
    await user.click(screen.getByRole('button', { name: /Send/ }));
    expect(await screen.findByText('Failed to process query')).toBeVisible();
    expect(box).toHaveValue('When was the first MRI?');
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('no conversation yet (404) is not an error', async () => {
    server.use(answerCallWith('getConversation', () => apiError(404, 'No conversation')));
    renderPage();
    expect(await screen.findByText(/No questions yet/, {}, slow)).toBeVisible();
    expect(screen.queryByText('No conversation')).not.toBeInTheDocument();
  });

  it("a conversation that cannot be loaded shows 'Failed to load conversation history' with Retry", async () => {
    let attempts = 0;
    server.use(
      answerCallWith('getConversation', () => {
        attempts += 1;
        return attempts === 1
          ? new HttpResponse(null, { status: 500 })
          : HttpResponse.json({ entries: [makeUserEntry(), makeAssistantEntry()] });
      }),
    );
    const user = renderPage();

    expect(await screen.findByText('Failed to load conversation history', {}, slow)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('article', { name: 'Answer' })).toBeVisible();
    expect(screen.queryByText('Failed to load conversation history')).not.toBeInTheDocument();
  });

  it("a patient that cannot be loaded shows 'Failed to load patient information' and questions still work", async () => {
    server.use(answerCall('getPatient', () => new HttpResponse(null, { status: 500 })));
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderPage();

    expect(await screen.findByText('Failed to load patient information', {}, slow)).toBeVisible();
    expect(await questionBox()).toBeEnabled();
  });
});

describe('the cited page as it looks', () => {
  // The viewer itself (zoom, paging, low-confidence words, errors, the bundle) is tested in the shared kit.
  it('opens from a citation with the cited passage marked on the page and highlighted in its text', async () => {
    const asked: string[] = [];
    server.use(
      answerCallWith('getDocumentPage', makeDocumentPage()),
      answerCallWith('getPatientPageImage', ({ params, request }) => {
        asked.push(`${String(params.page)} chunk=${new URL(request.url).searchParams.get('chunk_id')}`);
        return HttpResponse.json(makePageImage());
      }),
    );
    const user = await withAnswerShown();
    await user.click(screen.getByRole('button', { name: 'Source 1: mri.pdf, page 2' }));
    const view = await screen.findByRole('dialog', { name: 'Source 1: mri.pdf, page 2' });

    expect(
      await within(view).findByRole('img', { name: 'Page 2 of mri.pdf as it looks in the original' }),
    ).toHaveAttribute('src', 'http://api.test/api/files/signed-page-image');
    expect(within(view).getByTestId('passage-box')).toHaveStyle({ left: '10%', top: '20%', width: '15%' });
    expect(
      (await within(view).findByText('MRI lumbar spine on 14/03/2024 showed an L4/5 disc protrusion.'))
        .tagName,
    ).toBe('MARK');
    expect(asked).toEqual(['2 chunk=501']);
  });
});
