import { useId, type CSSProperties } from 'react';
import { Flex, Tag, Tooltip } from 'antd';
import type { PatientDocument } from '@ewrt/contract';
import { documentReadingTags, type ReadingTag, type ReadingTone } from './documentReadingTags';

// antd's warning tag writes #b7791f on its tint (about 3:1); the theme's warning text colour reaches 6.3:1.
const TONE_STYLES: Record<ReadingTone, CSSProperties | undefined> = {
  neutral: undefined,
  warning: {
    color: 'var(--ant-color-warning-text)',
    background: 'var(--ant-color-warning-bg)',
    borderColor: 'var(--ant-color-warning-border)',
  },
  error: {
    color: 'var(--ant-color-error)',
    background: 'var(--ant-color-error-bg)',
    borderColor: 'var(--ant-color-error-border)',
  },
};

function ReadingTagView({ tag }: { tag: ReadingTag }) {
  const descriptionId = useId();
  const style = { ...TONE_STYLES[tag.tone], whiteSpace: 'normal' as const, marginInlineEnd: 0 };
  if (!tag.description) return <Tag style={style}>{tag.text}</Tag>;
  // Focusable, so the tooltip opens from the keyboard too; the description is also announced with the tag.
  return (
    <>
      <Tooltip title={tag.description}>
        <Tag style={style} tabIndex={0} aria-describedby={descriptionId}>
          {tag.text}
        </Tag>
      </Tooltip>
      <span id={descriptionId} hidden>
        {tag.description}
      </span>
    </>
  );
}

/** The reading tags of a document list's row: OCR pages, pages to check, unreadable and blank pages. */
export function DocumentReadingTags({ document }: { document: PatientDocument }) {
  const tags = documentReadingTags(document);
  if (tags.length === 0) return null;
  return (
    <Flex gap={4} wrap>
      {tags.map((tag) => (
        <ReadingTagView key={tag.key} tag={tag} />
      ))}
    </Flex>
  );
}
