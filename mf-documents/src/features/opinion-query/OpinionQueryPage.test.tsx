import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ConversationEntry, QueryRequest, SaveConversationRequest } from '@ewrt/contract';
import {
  answerCall,
  HttpResponse,
  makeUser,
  renderWithProviders,
  setupApiServer,
  answerCallWith,
} from '@ewrt/shared/testing';
import { DocumentsApp } from '../../app/DocumentsApp';
import {
  CLEARED,
  docxAnswer,
  makeAssistantEntry,
  makeDocumentPage,
  makePageImage,
  makeQueryResponse,
  makeSaveAnswer,
  makeSourceLocation,
  makeUserEntry,
  RETRIEVAL_ONLY_MODEL,
} from '../testing-support/conversationApiHandlers';
import { apiError } from '../testing-support/documentsApiHandlers';
import { recordLinkClicks, type ClickedLink } from '../testing-support/recordLinkClicks';

jest.setTimeout(40_000);
const slow = { timeout: 8_000 };

let storedEntries: ConversationEntry[];

const server = setupApiServer(
  answerCallWith('getOpinionConversation', () => HttpResponse.json({ entries: storedEntries })),
  answerCallWith('getOpinionPageImage', makePageImage()),
);

let clickedLinks: ClickedLink[];

beforeEach(() => {
  storedEntries = [];
  clickedLinks = recordLinkClicks();
});

function renderPage() {
  renderWithProviders(<DocumentsApp />, { route: '/opinions/query', user: makeUser({ access_level: 1 }) });
  return userEvent.setup();
}

const questionBox = () =>
  screen.findByRole('textbox', { name: 'Your question about your opinion documents' }, slow);

/** An answer from the user's own opinion corpus. */
const opinionAnswer = (overrides: Parameters<typeof makeQueryResponse>[0] = {}) =>
  makeQueryResponse({
    response: 'Whiplash recovery usually takes three months [1].',
    source_locations: [
      makeSourceLocation({
        filename: 'whiplash-opinion.pdf',
        s3_key: 'key_opinion_whiplash_0001',
        page: 4,
        location_details: {
          files: ['whiplash-opinion.pdf'],
          pages: [4],
          bundle_pages: [],
          content_preview: 'Most claimants recover within three months.',
        },
      }),
    ],
    sentences: [{ text: 'Whiplash recovery usually takes three months [1].', sources: [1], supported: true }],
    context_documents: 1,
    location_summary: '1 passage from 1 document: whiplash-opinion.pdf (page 4)',
    ...overrides,
  });

async function withAnswerShown() {
  storedEntries = [
    makeUserEntry({ content: 'How long does whiplash recovery take?' }),
    makeAssistantEntry(opinionAnswer()),
  ];
  const user = renderPage();
  await screen.findByRole('article', { name: 'Answer' }, slow);
  return user;
}

describe('OpinionQueryPage', () => {
  it('explains the opinion corpus and links to its documents and its upload', async () => {
    renderPage();

    expect(
      await screen.findByRole('heading', { level: 2, name: 'Query Opinion Documents' }, slow),
    ).toBeVisible();
    expect(screen.getByText(/answered from your own opinion documents only/)).toBeVisible();
    expect(await screen.findByText(/No questions yet/)).toBeVisible();
    expect(screen.queryByRole('button', { name: /Export/ })).not.toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Upload opinion documents' })).toHaveAttribute(
      'href',
      '/opinions/upload',
    );
    expect(screen.getByRole('link', { name: 'Manage your opinion documents' })).toHaveAttribute(
      'href',
      '/opinion-documents',
    );
  });

  it('asks the opinion query call and shows the answer with the label the server sent', async () => {
    const sent: QueryRequest[] = [];
    server.use(
      answerCallWith('queryOpinions', async ({ request }) => {
        sent.push((await request.json()) as QueryRequest);
        return HttpResponse.json(opinionAnswer({ model_info: RETRIEVAL_ONLY_MODEL }));
      }),
    );
    const user = renderPage();

    await user.type(await questionBox(), 'How long does whiplash recovery take?{Enter}');

    const answer = await screen.findByRole('article', { name: 'Answer' }, slow);
    expect(sent).toEqual([{ query: 'How long does whiplash recovery take?', k: 8, use_cache: true }]);
    expect(within(answer).getByRole('alert')).toHaveTextContent(
      'No language model configured: retrieval only',
    );
    expect(
      within(answer).getByRole('button', { name: 'Source 1: whiplash-opinion.pdf, page 4' }),
    ).toBeVisible();
    expect(screen.queryByText(/Claude 3\.7 Sonnet/)).not.toBeInTheDocument();
  });

  it("shows the spec's label only when the server reports that model answered", async () => {
    storedEntries = [
      makeUserEntry(),
      makeAssistantEntry(
        opinionAnswer({
          model_info: {
            mode: 'language-model',
            model: 'claude-3-7-sonnet',
            provider: 'llm.example.test',
            label: 'Claude 3.7 Sonnet',
          },
        }),
      ),
    ];
    renderPage();

    const answer = await screen.findByRole('article', { name: 'Answer' }, slow);
    expect(within(answer).getByText('Claude 3.7 Sonnet')).toBeVisible();
  });

  it('opens a cited page of an opinion document through the opinion page call', async () => {
    const asked: string[] = [];
    server.use(
      answerCallWith('getOpinionDocumentPage', ({ params }) => {
        asked.push(`${String(params.s3_key)}/${String(params.page)}`);
        return HttpResponse.json(
          makeDocumentPage({
            filename: 'whiplash-opinion.pdf',
            s3_key: 'key_opinion_whiplash_0001',
            page: 4,
            text: 'Summary. Most claimants recover within three months. Appendix follows.',
            passages: [
              { chunk_id: 501, start_offset: 9, end_offset: 52, source: 'text', ocr_confidence: null },
            ],
          }),
        );
      }),
      answerCall('getOpinionDocumentDownload', () =>
        HttpResponse.json({ download_url: '/api/files/signed-opinion', filename: 'whiplash-opinion.pdf' }),
      ),
    );
    const user = await withAnswerShown();

    await user.click(screen.getByRole('button', { name: 'Source 1: whiplash-opinion.pdf, page 4' }));

    const view = await screen.findByRole('dialog', { name: 'Source 1: whiplash-opinion.pdf, page 4' });
    const mark = await within(view).findByText('Most claimants recover within three months.');
    expect(mark.tagName).toBe('MARK');
    expect(asked).toEqual(['key_opinion_whiplash_0001/4']);

    await user.click(within(view).getByRole('button', { name: /Download original/ }));
    await waitFor(() => expect(clickedLinks).toHaveLength(1));
    expect(clickedLinks[0]?.href).toBe('http://api.test/api/files/signed-opinion');
  });

  it("a failed opinion query keeps the question and shows 'Failed to process opinion query'", async () => {
    server.use(answerCallWith('queryOpinions', () => new HttpResponse(null, { status: 500 })));
    const user = renderPage();
    const box = await questionBox();

    await user.type(box, 'How long does whiplash recovery take?{Enter}');

    expect(await screen.findByText('Failed to process opinion query')).toBeVisible();
    expect(box).toHaveValue('How long does whiplash recovery take?');
  });

  it("a conversation that cannot be loaded shows 'Failed to load opinion conversation history'", async () => {
    server.use(answerCallWith('getOpinionConversation', () => new HttpResponse(null, { status: 500 })));
    renderPage();
    expect(await screen.findByText('Failed to load opinion conversation history', {}, slow)).toBeVisible();
  });

  it('no opinion conversation yet (404) is not an error', async () => {
    server.use(answerCallWith('getOpinionConversation', () => apiError(404, 'No conversation')));
    renderPage();
    expect(await screen.findByText(/No questions yet/, {}, slow)).toBeVisible();
    expect(screen.queryByText('Failed to load opinion conversation history')).not.toBeInTheDocument();
  });

  it('clears, saves and exports through the opinion calls with the success messages', async () => {
    Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:opinion' });
    Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined });
    const saved: SaveConversationRequest[] = [];
    server.use(
      answerCallWith('exportOpinionConversation', () =>
        docxAnswer('attachment; filename="Dr_Asha_Patel_opinions_2026-01-06.docx"'),
      ),
      answerCallWith('saveOpinionConversationToVectors', async ({ request }) => {
        saved.push((await request.json()) as SaveConversationRequest);
        return HttpResponse.json(makeSaveAnswer({ message: 'Opinion conversation saved and being indexed' }));
      }),
      answerCallWith('clearOpinionConversation', CLEARED),
    );
    const user = await withAnswerShown();

    await user.click(screen.getByRole('button', { name: /Export/ }));
    expect(await screen.findByText('Conversation exported successfully')).toBeVisible();
    expect(clickedLinks).toEqual([
      { href: 'blob:opinion', download: 'Dr_Asha_Patel_opinions_2026-01-06.docx' },
    ]);

    await user.click(screen.getByRole('button', { name: /Save to Vectors/ }));
    const saveModal = await screen.findByRole('dialog', { name: 'Save conversation to vectors' });
    await user.click(within(saveModal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Opinion conversation saved and being indexed')).toBeVisible();
    expect(saved).toEqual([{ include_queries: true }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: /Clear Chat/ }));
    const clearModal = await screen.findByRole('dialog', { name: 'Clear conversation' });
    await user.click(within(clearModal).getByRole('button', { name: 'Clear Chat' }));
    expect(await screen.findByText('Conversation cleared successfully')).toBeVisible();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
  });

  it('failures show the opinion messages: clear, save and export', async () => {
    server.use(
      answerCallWith('exportOpinionConversation', () => new HttpResponse(null, { status: 500 })),
      answerCallWith('saveOpinionConversationToVectors', () => new HttpResponse(null, { status: 500 })),
      answerCallWith('clearOpinionConversation', () => new HttpResponse(null, { status: 500 })),
    );
    const user = await withAnswerShown();

    await user.click(screen.getByRole('button', { name: /Export/ }));
    expect(await screen.findByText('Failed to export opinion conversation')).toBeVisible();

    await user.click(screen.getByRole('button', { name: /Save to Vectors/ }));
    const saveModal = await screen.findByRole('dialog', { name: 'Save conversation to vectors' });
    await user.click(within(saveModal).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save opinion conversation')).toBeVisible();
    await user.click(within(saveModal).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: /Clear Chat/ }));
    const clearModal = await screen.findByRole('dialog', { name: 'Clear conversation' });
    await user.click(within(clearModal).getByRole('button', { name: 'Clear Chat' }));
    expect(await screen.findByText('Failed to clear opinion conversation')).toBeVisible();
    expect(screen.getByRole('article', { name: 'Answer' })).toBeInTheDocument();
  });
});
