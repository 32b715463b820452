import { chatMessageParagraphs } from '../../platform/word/chatMessageParagraphs.js';
import type { ChatHistoryMessage, ResearchSource } from '@ewrt/contract';
import { Document, ExternalHyperlink, HeadingLevel, Packer, Paragraph, TextRun } from 'docx';
import { paragraphsOfText } from '../../platform/word/paragraphsOfText.js';

export const RESEARCH_REPORT_TITLE = 'Research report';

const ROLE_LABELS: Record<ChatHistoryMessage['role'], string> = {
  user: 'You',
  assistant: 'Research assistant',
};

export interface ResearchDocxInput {
  /** "Generated on 24/11/2026, 09:05", in en-GB. */
  generatedOn: string;
  question: string;
  /** The answer as shown, its [n] marks referring to `sources`. */
  answer: string;
  sources: readonly ResearchSource[];
  history: readonly ChatHistoryMessage[];
  /** en-GB date and time of a message. */
  formatTimestamp: (iso: string) => string;
}

const isWebAddress = (url: string) => /^https?:\/\//i.test(url);

/** "[n] Source name: page title", then the address (a link when it is a web address). */
function sourceParagraphs(source: ResearchSource): Paragraph[] {
  return [
    new Paragraph({
      spacing: { before: 120 },
      children: [
        new TextRun({ text: `[${source.number}] `, bold: true }),
        new TextRun({ text: `${source.source_name}: `, bold: true }),
        new TextRun(source.title),
      ],
    }),
    new Paragraph({
      children: [
        isWebAddress(source.url)
          ? new ExternalHyperlink({
              link: source.url,
              children: [new TextRun({ text: source.url, style: 'Hyperlink' })],
            })
          : new TextRun(source.url),
      ],
    }),
  ];
}

/**
 * A research answer as a Word document: the title and date, the question, the answer with its [n] marks, the
 * numbered sources (source name, page title and address) the marks refer to, then the conversation it came from.
 */
export async function buildResearchDocx(input: ResearchDocxInput): Promise<Buffer> {
  const heading = (text: string) =>
    new Paragraph({ text, heading: HeadingLevel.HEADING_1, spacing: { before: 360 } });
  const body: Paragraph[] = [
    new Paragraph({ text: RESEARCH_REPORT_TITLE, heading: HeadingLevel.TITLE }),
    new Paragraph({ children: [new TextRun({ text: input.generatedOn, italics: true })] }),
  ];
  if (input.question.trim() !== '') body.push(heading('Question'), ...paragraphsOfText(input.question));
  if (input.answer.trim() !== '') body.push(heading('Answer'), ...paragraphsOfText(input.answer));
  body.push(heading('Sources'));
  if (input.sources.length === 0) {
    body.push(new Paragraph('The answer cites no web page.'));
  } else {
    for (const source of input.sources) body.push(...sourceParagraphs(source));
  }
  if (input.history.length > 0) {
    body.push(heading('Conversation history'));
    body.push(...chatMessageParagraphs(input.history, ROLE_LABELS, input.formatTimestamp));
  }
  const document = new Document({
    creator: 'Expert Witness Report Tool',
    title: RESEARCH_REPORT_TITLE,
    sections: [{ children: body }],
  });
  return Packer.toBuffer(document);
}
