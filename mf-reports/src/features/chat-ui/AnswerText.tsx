import { Fragment } from 'react';
import type { ResearchSource } from '@ewrt/contract';
import { MESSAGE_TEXT } from './chatStyles';
import { splitCitations } from '@ewrt/shared/kit';
import { webPageHost } from './webPageHost';

interface AnswerTextProps {
  content: string;
  /** The pages the answer cites; a citation with no page of its number stays plain text. */
  sources?: readonly ResearchSource[];
}

/** An answer whose [n] citations link to the web page they cite, opened in a new tab. */
export function AnswerText({ content, sources = [] }: AnswerTextProps) {
  const byNumber = new Map(sources.map((source) => [source.number, source]));
  return (
    <div style={MESSAGE_TEXT}>
      {splitCitations(content).map((part, index) => {
        if (part.kind === 'text') return <Fragment key={index}>{part.text}</Fragment>;
        return (
          <Fragment key={index}>
            {part.sources.map((number) => {
              const source = byNumber.get(number);
              if (!source) return <Fragment key={number}>[{number}]</Fragment>;
              const host = webPageHost(source.url, source.domain);
              return (
                <a
                  key={number}
                  href={source.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={`[${number}] ${source.title}, ${host} (opens in a new tab)`}
                  // Underlined: a link inside running text must not be told apart by its colour alone.
                  style={{ textDecoration: 'underline' }}
                >
                  [{number}]
                </a>
              );
            })}
          </Fragment>
        );
      })}
    </div>
  );
}
