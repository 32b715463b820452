import { useEffect, useState, type KeyboardEvent } from 'react';
import { Alert, Button, Flex, Spin, Typography } from 'antd';
import type { PageImageResponse } from '@ewrt/contract';
import { getErrorMessage } from '@ewrt/shared';
import { MUTED_TEXT } from './mutedText';
import type { PageSource } from './PageSource';

export const PAGE_IMAGE_MESSAGES = {
  failed: 'Failed to load the page image',
  useText: 'The page\u2019s text is shown beside it.',
  passageMarked: 'The cited passage is marked on the page.',
  passageNotPlaced: 'The cited words could not be placed on this image: find them in the text beside it.',
  lowConfidence: 'Words outlined with dashes were read by OCR with low confidence: check them on the image.',
} as const;

/** Zoom steps: how wide the page is shown (of its column) and the resolution drawn for that width. */
export const PAGE_ZOOMS = [
  { percent: 75, dpi: 100 },
  { percent: 100, dpi: 100 },
  { percent: 150, dpi: 150 },
  { percent: 200, dpi: 200 },
] as const;
const DEFAULT_ZOOM = 1;

type ImageLoad =
  { status: 'loading' } | { status: 'loaded'; view: PageImageResponse } | { status: 'failed'; error: string };

interface PageImageViewProps {
  source: PageSource;
  s3Key: string;
  filename: string;
  page: number;
  /** The passage to mark: the citation's, on the cited page only. */
  chunkId: number | null;
  /** Keyboard paging from the image: ← and → (the buttons beside it do the same). */
  onPrevious?: () => void;
  onNext?: () => void;
}

const boxStyle = (box: { x: number; y: number; width: number; height: number }) => ({
  position: 'absolute' as const,
  left: `${box.x * 100}%`,
  top: `${box.y * 100}%`,
  width: `${box.width * 100}%`,
  height: `${box.height * 100}%`,
  pointerEvents: 'none' as const,
});

/**
 * A page as it looks, drawn by the server, with the cited passage marked from the words' boxes and the words OCR
 * was unsure of outlined. Zoom with the buttons or + and − on the focused image; the text beside it stays the
 * accessible reading of the page.
 */
export function PageImageView({
  source,
  s3Key,
  filename,
  page,
  chunkId,
  onPrevious,
  onNext,
}: PageImageViewProps) {
  const [zoom, setZoom] = useState(DEFAULT_ZOOM);
  const [load, setLoad] = useState<ImageLoad>({ status: 'loading' });
  const { percent, dpi } = PAGE_ZOOMS[zoom]!;

  useEffect(() => {
    let current = true;
    setLoad({ status: 'loading' });
    source.getPageImage(s3Key, page, { dpi, ...(chunkId === null ? {} : { chunkId }) }).then(
      (view) => {
        if (current) setLoad({ status: 'loaded', view });
      },
      (error: unknown) => {
        if (current) setLoad({ status: 'failed', error: getErrorMessage(error, PAGE_IMAGE_MESSAGES.failed) });
      },
    );
    return () => {
      current = false;
    };
  }, [source, s3Key, page, dpi, chunkId]);

  const zoomOut = () => setZoom((step) => Math.max(0, step - 1));
  const zoomIn = () => setZoom((step) => Math.min(PAGE_ZOOMS.length - 1, step + 1));
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const actions: Record<string, (() => void) | undefined> = {
      '+': zoomIn,
      '=': zoomIn,
      '-': zoomOut,
      ArrowLeft: onPrevious,
      ArrowRight: onNext,
    };
    const action = actions[event.key];
    if (!action) return;
    event.preventDefault();
    action();
  };

  const view = load.status === 'loaded' ? load.view : null;
  const lowConfidence = view?.words.filter((word) => word.low_confidence) ?? [];
  return (
    <Flex vertical gap="small" style={{ minWidth: 0 }}>
      <Flex gap="small" align="center" wrap>
        <Button size="small" onClick={zoomOut} disabled={zoom === 0}>
          Zoom out
        </Button>
        <Button size="small" onClick={zoomIn} disabled={zoom === PAGE_ZOOMS.length - 1}>
          Zoom in
        </Button>
        <span aria-live="polite" style={MUTED_TEXT}>
          Zoom {percent}%
        </span>
      </Flex>
      {load.status === 'failed' ? (
        <Alert type="warning" showIcon title={load.error} description={PAGE_IMAGE_MESSAGES.useText} />
      ) : null}
      <div
        tabIndex={0}
        role="group"
        aria-label={`Image of page ${page} of ${filename}: + and \u2212 zoom, \u2190 and \u2192 change page`}
        onKeyDown={onKeyDown}
        className="page-image-scroller"
        style={{
          maxHeight: '60vh',
          overflow: 'auto',
          border: '1px solid var(--ant-color-border-secondary)',
          borderRadius: 6,
          background: 'var(--ant-color-fill-quaternary)',
        }}
      >
        {load.status === 'loading' ? (
          <Flex justify="center" style={{ padding: 24 }}>
            <Spin description="Loading page image..." />
          </Flex>
        ) : null}
        {view ? (
          <div style={{ position: 'relative', width: `${percent}%` }} data-testid="page-image-frame">
            <img
              src={view.image_url}
              alt={`Page ${page} of ${filename} as it looks in the original`}
              width={view.width}
              height={view.height}
              style={{ display: 'block', width: '100%', height: 'auto' }}
            />
            {view.passage_boxes.map((box, index) => (
              <div
                key={`passage-${index}`}
                data-testid="passage-box"
                aria-hidden
                style={{
                  ...boxStyle(box),
                  background: 'rgba(250, 219, 20, 0.35)',
                  outline: '2px solid #ad6800',
                  outlineOffset: 1,
                }}
              />
            ))}
            {lowConfidence.map((word, index) => (
              <div
                key={`low-${index}`}
                data-testid="low-confidence-word"
                aria-hidden
                title={`Read as \u201c${word.text}\u201d with ${Math.round(word.ocr_confidence ?? 0)}% confidence`}
                style={{ ...boxStyle(word), outline: '2px dashed #cf1322', outlineOffset: 1 }}
              />
            ))}
          </div>
        ) : null}
      </div>
      {view ? (
        <Typography.Text style={MUTED_TEXT}>
          {chunkId === null
            ? null
            : view.passage_boxes.length > 0
              ? PAGE_IMAGE_MESSAGES.passageMarked
              : PAGE_IMAGE_MESSAGES.passageNotPlaced}{' '}
          {lowConfidence.length > 0 ? PAGE_IMAGE_MESSAGES.lowConfidence : null}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
