import { Fragment, type ReactNode } from 'react';
import { Button } from 'antd';
import { WarningOutlined } from '@ant-design/icons';
import type { AnswerSentence, SourceLocation } from '@ewrt/contract';
import { UNSUPPORTED_NOTE, UNSUPPORTED_SENTENCE } from './conversationStyles';
import { sourceLabel } from './sourceLabel';
import { splitCitations } from '@ewrt/shared/kit';

export const UNSUPPORTED_SENTENCE_NOTE = 'not found in the cited pages';

interface AnswerTextProps {
  content: string;
  /** The answer cut into sentences with their sources; empty for an answer stored without them. */
  sentences: readonly AnswerSentence[];
  sources: readonly SourceLocation[];
  onOpenSource: (source: SourceLocation) => void;
}

/** An answer whose [n] citations open the cited page, with the sentences its sources do not support flagged. */
export function AnswerText({ content, sentences, sources, onOpenSource }: AnswerTextProps) {
  const byNumber = new Map(sources.map((source) => [source.source_number, source]));

  const citation = (number: number, key: string): ReactNode => {
    const source = byNumber.get(number);
    if (!source) return <Fragment key={key}>[{number}]</Fragment>;
    return (
      <Button
        key={key}
        type="link"
        size="small"
        aria-label={sourceLabel(source)}
        onClick={() => onOpenSource(source)}
        style={{ padding: '0 2px', height: 'auto', verticalAlign: 'baseline' }}
      >
        [{number}]
      </Button>
    );
  };

  /** The text with each of its bracketed numbers as a control; the numbers it cites are returned too. */
  const withCitations = (text: string, keyPrefix: string) => {
    const cited = new Set<number>();
    const nodes = splitCitations(text).map((part, index) => {
      if (part.kind === 'text') return <Fragment key={`${keyPrefix}-${index}`}>{part.text}</Fragment>;
      part.sources.forEach((number) => cited.add(number));
      return (
        <Fragment key={`${keyPrefix}-${index}`}>
          {part.sources.map((number) => citation(number, `${keyPrefix}-${index}-${number}`))}
        </Fragment>
      );
    });
    return { nodes, cited };
  };

  if (sentences.length === 0) {
    return <div style={{ whiteSpace: 'pre-wrap' }}>{withCitations(content, 'answer').nodes}</div>;
  }

  return (
    <div style={{ whiteSpace: 'pre-wrap' }}>
      {sentences.map((sentence, index) => {
        const key = `sentence-${index}`;
        const { nodes, cited } = withCitations(sentence.text, key);
        // Sources a sentence cites but does not write out in brackets still get their control after it.
        const unwritten = sentence.sources.filter((number) => !cited.has(number));
        return (
          <Fragment key={key}>
            {index > 0 ? ' ' : null}
            <span style={sentence.supported ? undefined : UNSUPPORTED_SENTENCE}>
              {nodes}
              {unwritten.map((number) => citation(number, `${key}-extra-${number}`))}
            </span>
            {sentence.supported ? null : (
              <span style={UNSUPPORTED_NOTE}>
                <WarningOutlined aria-hidden /> ({UNSUPPORTED_SENTENCE_NOTE})
              </span>
            )}
          </Fragment>
        );
      })}
    </div>
  );
}
