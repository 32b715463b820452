import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Descriptions, Flex, Modal, Spin } from 'antd';
import type { DocumentPageResponse, SourceLocation } from '@ewrt/contract';
import { getErrorMessage } from '@ewrt/shared';
import { downloadFromLink } from './downloadFromLink';
import { MUTED_TEXT } from './mutedText';
import { OcrPassageNote } from './OcrPassageNote';
import { PageImageView } from './PageImageView';
import type { PageSource } from './PageSource';

export const PAGE_VIEWER_MESSAGES = {
  pageFailed: 'Failed to load the cited page',
  // The documents list's download says the same.
  downloadFailed: 'Failed to download document',
  passageNotOnPage: 'The cited passage is no longer part of this page as indexed; its preview was:',
  bundleFailed: 'Failed to open the bundle',
} as const;

type PageLoad =
  | { status: 'loading' }
  | { status: 'loaded'; page: DocumentPageResponse }
  | { status: 'failed'; error: string };

/**
 * A place in a document the viewer opens at: a citation of an answer, a report section's source, a chronology
 * event's page, or the first page of a bundled document (then no passage: `chunk_id` null).
 */
export interface PageLocation {
  s3_key: string;
  filename: string;
  page: number;
  /** The page's number in the patient's current bundle, when the caller already knows it (the page says too). */
  bundle_page: number | null;
  /** The passage to mark on the page; null to show the page alone. */
  chunk_id: number | null;
  /** How the passage was read (absent with no passage): a passage read by OCR is said to be so. */
  source?: SourceLocation['source'];
  ocr_confidence?: number | null;
  /** What the passage said when it was cited, shown when the page as indexed no longer holds it. */
  location_details?: { content_preview: string };
}

interface PageViewerProps {
  /** Where to open; null when the viewer is closed. */
  citation: PageLocation | null;
  source: PageSource;
  onClose: () => void;
  /** The dialog's title, e.g. "Source 2: mri.pdf, page 2". */
  title: string;
}

/** The page's text cut around the cited passage, by the passage's offsets in it. */
function splitAtPassage(page: DocumentPageResponse, chunkId: number) {
  const passage = page.passages.find((candidate) => candidate.chunk_id === chunkId);
  if (!passage) return null;
  const start = Math.max(0, Math.min(passage.start_offset, page.text.length));
  const end = Math.max(start, Math.min(passage.end_offset, page.text.length));
  return {
    before: page.text.slice(0, start),
    cited: page.text.slice(start, end),
    after: page.text.slice(end),
  };
}

function PageText({ page, citation }: { page: DocumentPageResponse; citation: PageLocation }) {
  const scrollerRef = useRef<HTMLDivElement>(null);
  const markRef = useRef<HTMLElement>(null);
  const citedPage = page.page === citation.page;
  const parts = citedPage && citation.chunk_id !== null ? splitAtPassage(page, citation.chunk_id) : null;

  // Scrolls the page's text, not the whole screen, to the highlighted passage.
  useEffect(() => {
    const scroller = scrollerRef.current;
    const mark = markRef.current;
    if (scroller && mark) scroller.scrollTop = Math.max(0, mark.offsetTop - scroller.clientHeight / 3);
  }, [page, citation]);

  return (
    <Flex vertical gap="small" style={{ minWidth: 0 }}>
      {parts || !citedPage || citation.chunk_id === null ? null : (
        <Alert
          type="warning"
          showIcon
          title={PAGE_VIEWER_MESSAGES.passageNotOnPage}
          description={citation.location_details?.content_preview}
        />
      )}
      <div
        ref={scrollerRef}
        tabIndex={0}
        aria-label={`Text of page ${page.page} of ${page.filename}`}
        style={{
          maxHeight: '60vh',
          overflowY: 'auto',
          whiteSpace: 'pre-wrap',
          position: 'relative',
          border: '1px solid var(--ant-color-border-secondary)',
          borderRadius: 6,
          padding: 12,
          lineHeight: 1.6,
        }}
      >
        {page.text === '' ? <span style={MUTED_TEXT}>This page has no text.</span> : null}
        {parts ? (
          <>
            {parts.before}
            <mark ref={markRef} style={{ background: '#ffe58f', color: 'inherit', padding: '0 1px' }}>
              {parts.cited}
            </mark>
            {parts.after}
          </>
        ) : (
          page.text
        )}
      </div>
    </Flex>
  );
}

/**
 * The page a citation points at, as it looks and as text side by side: the page image with the cited passage
 * marked, and its indexed text with the passage highlighted (the accessible reading of the page); the pages before
 * and after it, the original file to download, and the same page in the patient's bundle when there is one. A
 * modal, so focus stays inside while it is open and returns to the button that opened it when it closes. Every
 * screen that shows where a fact came from opens it.
 */
export function PageViewer({ citation, source, onClose, title }: PageViewerProps) {
  const [load, setLoad] = useState<PageLoad>({ status: 'loading' });
  const [downloading, setDownloading] = useState(false);
  const [downloadError, setDownloadError] = useState<string | null>(null);
  // The page chosen with previous/next, for the citation it was chosen in: a new citation opens at its own page.
  const [chosenPage, setChosenPage] = useState<{ citation: PageLocation; page: number } | null>(null);
  const viewedPage = chosenPage && chosenPage.citation === citation ? chosenPage.page : (citation?.page ?? 1);
  const setViewedPage = (page: (current: number) => number) => {
    if (citation) setChosenPage({ citation, page: page(viewedPage) });
  };
  const [openingBundle, setOpeningBundle] = useState(false);

  useEffect(() => {
    if (!citation) return undefined;
    let current = true;
    setLoad({ status: 'loading' });
    setDownloadError(null);
    source.getPage(citation.s3_key, viewedPage).then(
      (page) => {
        if (current) setLoad({ status: 'loaded', page });
      },
      (error: unknown) => {
        if (current)
          setLoad({ status: 'failed', error: getErrorMessage(error, PAGE_VIEWER_MESSAGES.pageFailed) });
      },
    );
    return () => {
      current = false;
    };
  }, [citation, source, viewedPage]);

  const download = async () => {
    if (!citation) return;
    setDownloading(true);
    setDownloadError(null);
    try {
      const link = await source.getDownloadLink(citation.s3_key);
      downloadFromLink(link.download_url, link.filename || citation.filename);
    } catch (error) {
      setDownloadError(getErrorMessage(error, PAGE_VIEWER_MESSAGES.downloadFailed));
    } finally {
      setDownloading(false);
    }
  };

  const page = load.status === 'loaded' ? load.page : null;
  const onCitedPage = citation !== null && viewedPage === citation.page;
  const passage = onCitedPage
    ? page?.passages.find((candidate) => candidate.chunk_id === citation?.chunk_id)
    : undefined;
  // The page's own record of the passage once it is loaded; the citation's until then; none without a passage.
  const reading = citation?.chunk_id === null ? null : (passage ?? (onCitedPage ? citation : null));
  const bundlePage =
    page?.page === viewedPage ? page.bundle_page : onCitedPage ? (citation?.bundle_page ?? null) : null;
  const pageCount = page?.page_count ?? null;
  const previous = () => setViewedPage((current) => Math.max(1, current - 1));
  const next = () =>
    setViewedPage((current) => (pageCount === null ? current : Math.min(pageCount, current + 1)));

  const openBundle = async () => {
    if (!source.openBundlePage || bundlePage === null) return;
    setOpeningBundle(true);
    setDownloadError(null);
    try {
      await source.openBundlePage(bundlePage);
    } catch (error) {
      setDownloadError(getErrorMessage(error, PAGE_VIEWER_MESSAGES.bundleFailed));
    } finally {
      setOpeningBundle(false);
    }
  };

  return (
    <Modal
      open={citation !== null}
      title={citation ? title : ''}
      onCancel={onClose}
      width={1200}
      destroyOnHidden
      footer={
        <Flex justify="end" gap="small" wrap>
          {source.openBundlePage && bundlePage !== null ? (
            <Button loading={openingBundle} onClick={() => void openBundle()}>
              Open in bundle (page {bundlePage})
            </Button>
          ) : null}
          <Button loading={downloading} onClick={() => void download()}>
            Download original
          </Button>
          <Button type="primary" onClick={onClose}>
            Close
          </Button>
        </Flex>
      }
    >
      {citation ? (
        <Flex vertical gap="middle">
          <Descriptions
            size="small"
            column={{ xs: 1, sm: 3 }}
            items={[
              { key: 'file', label: 'File', children: citation.filename },
              {
                key: 'page',
                label: 'Page',
                children: pageCount !== null ? `${viewedPage} of ${pageCount}` : String(viewedPage),
              },
              ...(bundlePage === null ? [] : [{ key: 'bundle', label: 'Bundle page', children: bundlePage }]),
            ]}
          />
          <Flex gap="small" align="center" wrap>
            <Button onClick={previous} disabled={viewedPage <= 1}>
              Previous page
            </Button>
            <Button onClick={next} disabled={pageCount === null || viewedPage >= pageCount}>
              Next page
            </Button>
            {onCitedPage ? null : (
              <Button type="link" onClick={() => setViewedPage(() => citation.page)}>
                {citation.chunk_id === null
                  ? `Back to page ${citation.page}`
                  : `Back to the cited page (${citation.page})`}
              </Button>
            )}
          </Flex>
          {reading?.source === 'ocr' ? <OcrPassageNote confidence={reading.ocr_confidence ?? null} /> : null}
          {downloadError ? <Alert type="error" showIcon title={downloadError} /> : null}
          {load.status === 'loading' ? (
            <Flex justify="center" style={{ padding: 24 }}>
              <Spin description="Loading page..." />
            </Flex>
          ) : null}
          {load.status === 'failed' ? <Alert type="error" showIcon title={load.error} /> : null}
          <div
            style={{
              display: 'grid',
              gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 320px), 1fr))',
              gap: 16,
              alignItems: 'start',
            }}
          >
            <PageImageView
              source={source}
              s3Key={citation.s3_key}
              filename={citation.filename}
              page={viewedPage}
              chunkId={onCitedPage ? citation.chunk_id : null}
              onPrevious={previous}
              onNext={next}
            />
            {page ? <PageText page={page} citation={citation} /> : null}
          </div>
        </Flex>
      ) : null}
    </Modal>
  );
}
