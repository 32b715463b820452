import { Button, Collapse, Flex, Typography } from 'antd';
import type { SourceLocation } from '@ewrt/contract';
import { OcrPassageNote } from '@ewrt/shared/kit';

interface SourceLocationListProps {
  sources: readonly SourceLocation[];
  onOpenSource: (source: SourceLocation) => void;
}

const joinNumbers = (numbers: readonly number[]) => numbers.join(', ');

function SourceLocationItem({ source, onOpenSource }: { source: SourceLocation; onOpenSource: () => void }) {
  const { files, pages, bundle_pages: bundlePages, content_preview: preview } = source.location_details;
  const shownFiles = files.length > 0 ? files : [source.filename];
  const shownPages = pages.length > 0 ? pages : [source.page];
  return (
    <li style={{ marginBottom: 12 }}>
      <Flex vertical gap={2}>
        <Typography.Text strong>Source {source.source_number}</Typography.Text>
        <span>
          {shownFiles.length === 1 ? 'File' : 'Files'}: {shownFiles.join(', ')}
        </span>
        <span>
          {shownPages.length === 1 ? 'Page' : 'Pages'}: {joinNumbers(shownPages)}
          {bundlePages.length > 0
            ? ` · Bundle ${bundlePages.length === 1 ? 'page' : 'pages'}: ${joinNumbers(bundlePages)}`
            : ''}
        </span>
        {source.source === 'ocr' ? <OcrPassageNote confidence={source.ocr_confidence} /> : null}
        {preview ? (
          <blockquote
            style={{
              margin: '4px 0',
              paddingInlineStart: 12,
              borderInlineStart: '3px solid var(--ant-color-border-secondary)',
            }}
          >
            {preview}
          </blockquote>
        ) : null}
        <div>
          <Button
            type="link"
            size="small"
            onClick={onOpenSource}
            style={{ padding: 0 }}
            aria-label={`View page ${source.page} of ${source.filename}`}
          >
            View page
          </Button>
        </div>
      </Flex>
    </li>
  );
}

/** The expandable "Detailed locations" of an answer: each source's files, pages and the passage's preview. */
export function SourceLocationList({ sources, onOpenSource }: SourceLocationListProps) {
  if (sources.length === 0) return null;
  return (
    <Collapse
      size="small"
      items={[
        {
          key: 'locations',
          label: `Detailed locations (${sources.length})`,
          children: (
            <ol style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {sources.map((source) => (
                <SourceLocationItem
                  key={source.source_number}
                  source={source}
                  onOpenSource={() => onOpenSource(source)}
                />
              ))}
            </ol>
          ),
        },
      ]}
    />
  );
}
