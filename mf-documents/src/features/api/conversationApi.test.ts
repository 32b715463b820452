import { HttpResponse, setupApiServer, answerCallWith } from '@ewrt/shared/testing';
import { docxAnswer } from '../testing-support/conversationApiHandlers';
import { exportOpinionConversation, exportPatientConversation } from './conversationApi';

const server = setupApiServer();

describe('conversation export', () => {
  it('answers the file and the name the server gave it', async () => {
    server.use(
      answerCallWith('exportConversation', () =>
        docxAnswer('attachment; filename="Alex_Example_2026-01-06.docx"'),
      ),
    );

    const file = await exportPatientConversation(101);

    expect(file.filename).toBe('Alex_Example_2026-01-06.docx');
    expect(file.blob.size).toBe(4);
  });

  it("turns a JSON error answered to the blob request back into the server's message", async () => {
    server.use(
      answerCallWith('exportOpinionConversation', () =>
        HttpResponse.json({ message: 'Nothing to export' }, { status: 404 }),
      ),
    );

    await expect(exportOpinionConversation()).rejects.toMatchObject({
      response: { status: 404, data: { message: 'Nothing to export' } },
    });
  });
});
