import type { ChatHistoryMessage } from '@ewrt/contract';
import { HeadingLevel, Paragraph } from 'docx';
import { paragraphsOfText } from './paragraphsOfText.js';

/** Each message of a conversation under a heading naming who wrote it and when, as chat and research exports print it. */
export function chatMessageParagraphs(
  messages: readonly ChatHistoryMessage[],
  roleLabels: Readonly<Record<ChatHistoryMessage['role'], string>>,
  formatTimestamp: (iso: string) => string,
): Paragraph[] {
  return messages.flatMap((message) => {
    const label = roleLabels[message.role];
    return [
      new Paragraph({
        text: message.timestamp ? `${label} (${formatTimestamp(message.timestamp)})` : label,
        heading: HeadingLevel.HEADING_2,
        spacing: { before: 240 },
      }),
      ...paragraphsOfText(message.content),
    ];
  });
}
