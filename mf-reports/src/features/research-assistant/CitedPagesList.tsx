import { Flex, Typography } from 'antd';
import type { ResearchSource } from '@ewrt/contract';
import { MUTED_TEXT } from '../chat-ui/chatStyles';
import { webPageHost } from '../chat-ui/webPageHost';

/** The web pages an answer cites, numbered as in its text, each opening in a new tab. */
export function CitedPagesList({ sources }: { sources: readonly ResearchSource[] }) {
  if (sources.length === 0) return null;
  return (
    <Flex vertical gap={4} style={{ marginTop: 8 }}>
      <Typography.Text strong>Sources</Typography.Text>
      <ol aria-label="Cited pages" style={{ margin: 0, paddingInlineStart: 0, listStyle: 'none' }}>
        {[...sources]
          .sort((a, b) => a.number - b.number)
          .map((source) => {
            const host = webPageHost(source.url, source.domain);
            return (
              <li key={source.number} style={{ marginBottom: 6 }}>
                <span aria-hidden>[{source.number}] </span>
                <a href={source.url} target="_blank" rel="noopener noreferrer">
                  {source.title} ({host}, opens in a new tab)
                </a>
                <div style={MUTED_TEXT}>{source.source_name}</div>
              </li>
            );
          })}
      </ol>
    </Flex>
  );
}
