import type { AnswerSentence, ConversationEntry, SourceLocation } from '@ewrt/contract';
import {
  Document,
  FootnoteReferenceRun,
  HeadingLevel,
  Packer,
  Paragraph,
  TextRun,
  type ParagraphChild,
} from 'docx';
import { paragraphsOfText } from '../../platform/word/paragraphsOfText.js';
import {
  pairExchanges,
  sourceLabel,
  UNSUPPORTED_MARKER,
  withoutCitationMarks,
} from './conversationExchanges.js';

export interface ConversationDocxInput {
  /** "Conversation about Jane Doe (MRN 123)" or "Opinion documents of Dr A Patel". */
  title: string;
  /** "Exported on 24/11/2026", in en-GB. */
  exportedOn: string;
  entries: readonly ConversationEntry[];
  /** en-GB date and time of an entry, for "Question 1, asked …". */
  formatTimestamp: (iso: string) => string;
}

// Dark red on white (contrast 8:1): the flag must be visible in print and on screen.
const FLAG_COLOUR = '9B1C1C';

/**
 * The conversation as a Word document: a title and the export date, then each question and its answer. Each answer
 * sentence carries a footnote for every source it cites (file, page and bundle page), a sentence its sources do not
 * support is flagged in the text, and each answer ends with what answered it and its numbered sources.
 */
export async function buildConversationDocx(input: ConversationDocxInput): Promise<Buffer> {
  const footnotes: Record<number, { children: Paragraph[] }> = {};
  let nextFootnote = 1;
  const footnoteFor = (source: SourceLocation | undefined, number: number): FootnoteReferenceRun => {
    const id = nextFootnote++;
    footnotes[id] = {
      children: [new Paragraph(source ? `Source [${number}]: ${sourceLabel(source)}` : `Source [${number}]`)],
    };
    return new FootnoteReferenceRun(id);
  };

  const body: Paragraph[] = [
    new Paragraph({ text: input.title, heading: HeadingLevel.TITLE }),
    new Paragraph({ children: [new TextRun({ text: input.exportedOn, italics: true })] }),
  ];

  for (const [index, exchange] of pairExchanges(input.entries).entries()) {
    const number = index + 1;
    if (exchange.question) {
      body.push(
        new Paragraph({
          text: `Question ${number} (${input.formatTimestamp(exchange.question.timestamp)})`,
          heading: HeadingLevel.HEADING_2,
          spacing: { before: 360 },
        }),
        ...paragraphsOfText(exchange.question.content),
      );
    }
    const answer = exchange.answer;
    if (!answer) continue;
    body.push(
      new Paragraph({
        text: `Answer ${number} (${input.formatTimestamp(answer.timestamp)})`,
        heading: HeadingLevel.HEADING_3,
        spacing: { before: 160 },
      }),
    );
    const metadata = answer.metadata;
    const sources = new Map(
      (metadata?.source_locations ?? []).map((source) => [source.source_number, source]),
    );
    if (metadata && metadata.sentences.length > 0) {
      body.push(
        new Paragraph({
          children: metadata.sentences.flatMap((sentence, position) =>
            sentenceRuns(sentence, position, (cited) => footnoteFor(sources.get(cited), cited)),
          ),
        }),
      );
    } else {
      body.push(...paragraphsOfText(answer.content));
    }
    if (metadata) {
      body.push(
        new Paragraph({
          children: [
            new TextRun({ text: 'Answered by: ', bold: true }),
            new TextRun(metadata.model_info.label),
            ...(metadata.from_cache ? [new TextRun(' (answer from cache)')] : []),
          ],
        }),
      );
      if (metadata.source_locations.length > 0) {
        body.push(new Paragraph({ text: 'Sources', heading: HeadingLevel.HEADING_4 }));
        for (const source of metadata.source_locations) {
          body.push(new Paragraph(`[${source.source_number}] ${sourceLabel(source)}`));
        }
      }
    }
  }

  const document = new Document({
    creator: 'Expert Witness Report Tool',
    title: input.title,
    footnotes,
    sections: [{ children: body }],
  });
  return Packer.toBuffer(document);
}

/** A sentence with its citation marks replaced by footnotes, and the flag when its sources do not support it. */
function sentenceRuns(
  sentence: AnswerSentence,
  position: number,
  footnoteFor: (sourceNumber: number) => FootnoteReferenceRun,
): ParagraphChild[] {
  const runs: ParagraphChild[] = [
    new TextRun(`${position > 0 ? ' ' : ''}${withoutCitationMarks(sentence.text)}`),
  ];
  for (const cited of sentence.sources) runs.push(footnoteFor(cited));
  if (!sentence.supported) {
    runs.push(new TextRun({ text: ` [${UNSUPPORTED_MARKER}]`, bold: true, color: FLAG_COLOUR }));
  }
  return runs;
}
