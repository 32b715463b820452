import { chatMessageParagraphs } from '../../platform/word/chatMessageParagraphs.js';
import type { ChatHistoryMessage } from '@ewrt/contract';
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { paragraphsOfText } from '../../platform/word/paragraphsOfText.js';

export const CHAT_EXPORT_TITLE = 'Secure Chatbot conversation';

const ROLE_LABELS: Record<ChatHistoryMessage['role'], string> = { user: 'User', assistant: 'Assistant' };

export interface ChatDocxInput {
  /** "Exported on 24/11/2026, 09:05", in en-GB. */
  exportedOn: string;
  /** The pasted context the conversation was held over, if any. */
  context?: string | undefined;
  messages: readonly ChatHistoryMessage[];
  /** en-GB date and time of a message. */
  formatTimestamp: (iso: string) => string;
}

/** The distinct models that wrote the answers, in the order they first answered. */
export function answeringModels(messages: readonly ChatHistoryMessage[]): string[] {
  const models = messages
    .filter((message) => message.role === 'assistant')
    .map((message) => message.model?.trim() ?? '')
    .filter((model) => model !== '');
  return [...new Set(models)];
}

/**
 * The chat as a Word document: the title, when it was exported, the model(s) that answered when the browser
 * recorded them, the additional context under its own heading, then each message with its role and time.
 */
export async function buildChatDocx(input: ChatDocxInput): Promise<Buffer> {
  const body: Paragraph[] = [
    new Paragraph({ text: CHAT_EXPORT_TITLE, heading: HeadingLevel.TITLE }),
    new Paragraph({ children: [new TextRun({ text: input.exportedOn, italics: true })] }),
  ];
  const models = answeringModels(input.messages);
  if (models.length > 0) {
    body.push(
      new Paragraph({
        children: [new TextRun({ text: 'Answered by: ', bold: true }), new TextRun(models.join(', '))],
      }),
    );
  }
  const context = input.context?.trim() ?? '';
  if (context !== '') {
    body.push(
      new Paragraph({
        text: 'Additional context',
        heading: HeadingLevel.HEADING_1,
        spacing: { before: 360 },
      }),
      ...paragraphsOfText(context),
    );
  }
  body.push(
    new Paragraph({ text: 'Conversation', heading: HeadingLevel.HEADING_1, spacing: { before: 360 } }),
  );
  body.push(...chatMessageParagraphs(input.messages, ROLE_LABELS, input.formatTimestamp));
  const document = new Document({
    creator: 'Expert Witness Report Tool',
    title: CHAT_EXPORT_TITLE,
    sections: [{ children: body }],
  });
  return Packer.toBuffer(document);
}
