import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Button, Flex, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, HolderOutlined } from '@ant-design/icons';
import type { BundleDocument } from '@ewrt/contract';
import { formatDate } from '@ewrt/shared';
import { LiveAnnouncement } from '../jobs/LiveAnnouncement';
import { BundleDescription } from './BundleDescription';
import { moveDocument } from './moveDocument';

interface BundleOrderListProps {
  documents: readonly BundleDocument[];
  onChange: (documents: BundleDocument[]) => void;
  /** Saves how the index describes a document. */
  onDescribe: (document: BundleDocument, description: string) => Promise<void>;
  disabled?: boolean;
}

const pagesLabel = (count: number | null) =>
  count === null ? 'pages not known' : `${count} ${count === 1 ? 'page' : 'pages'}`;

/** Where the focus goes after a move: the same row's button, or its other one when this one is now disabled. */
interface FocusRequest {
  key: string;
  direction: 'up' | 'down';
}

/**
 * The documents in bundle order. A row moves by dragging it, or with its Move up / Move down buttons (each named
 * after its document), so the order can be set with the keyboard alone; each move is announced.
 */
export function BundleOrderList({ documents, onChange, onDescribe, disabled = false }: BundleOrderListProps) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [focusRequest, setFocusRequest] = useState<FocusRequest | null>(null);
  const buttons = useRef(new Map<string, HTMLElement | null>());

  useEffect(() => {
    if (!focusRequest) return;
    const index = documents.findIndex((document) => document.s3_key === focusRequest.key);
    const atEdge = focusRequest.direction === 'up' ? index === 0 : index === documents.length - 1;
    const direction = atEdge ? (focusRequest.direction === 'up' ? 'down' : 'up') : focusRequest.direction;
    buttons.current.get(`${focusRequest.key}:${direction}`)?.focus();
    setFocusRequest(null);
  }, [documents, focusRequest]);

  const move = (from: number, to: number) => {
    if (to < 0 || to >= documents.length || from === to) return;
    const document = documents[from]!;
    onChange(moveDocument(documents, from, to));
    setAnnouncement(`${document.filename} moved to position ${to + 1} of ${documents.length}`);
  };

  const drop = (event: DragEvent<HTMLLIElement>, index: number) => {
    event.preventDefault();
    if (dragged !== null) move(dragged, index);
    setDragged(null);
    setDropTarget(null);
  };

  return (
    <>
      <ol aria-label="Documents in bundle order" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {documents.map((document, index) => (
          <li
            key={document.s3_key}
            draggable={!disabled}
            onDragStart={(event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', document.s3_key);
              setDragged(index);
            }}
            onDragOver={(event) => {
              if (dragged === null) return;
              event.preventDefault();
              setDropTarget(index);
            }}
            onDragLeave={() => setDropTarget((current) => (current === index ? null : current))}
            onDrop={(event) => drop(event, index)}
            onDragEnd={() => {
              setDragged(null);
              setDropTarget(null);
            }}
            style={{
              border: `1px solid ${dropTarget === index ? '#1677ff' : '#d9d9d9'}`,
              borderRadius: 6,
              padding: '8px 12px',
              marginBottom: 8,
              background: dragged === index ? '#f0f5ff' : '#fff',
              cursor: disabled ? 'default' : 'grab',
            }}
          >
            <Flex align="center" gap="middle" wrap>
              <HolderOutlined aria-hidden style={{ color: '#595959' }} />
              <Typography.Text strong style={{ minWidth: 28 }}>
                {index + 1}.
              </Typography.Text>
              <Flex vertical style={{ flex: '1 1 240px', minWidth: 0 }}>
                <Typography.Text strong style={{ wordBreak: 'break-word' }}>
                  {document.filename}
                </Typography.Text>
                <Typography.Text style={{ color: '#595959' }}>
                  {document.document_date ? formatDate(document.document_date) : 'Undated'} ·{' '}
                  {pagesLabel(document.page_count)}
                </Typography.Text>
                <BundleDescription
                  document={document}
                  disabled={disabled}
                  onSave={(description) => onDescribe(document, description)}
                />
              </Flex>
              <Flex gap="small">
                <Button
                  ref={(element) => {
                    buttons.current.set(`${document.s3_key}:up`, element);
                  }}
                  icon={<ArrowUpOutlined aria-hidden />}
                  aria-label={`Move up: ${document.filename}`}
                  disabled={disabled || index === 0}
                  onClick={() => {
                    move(index, index - 1);
                    setFocusRequest({ key: document.s3_key, direction: 'up' });
                  }}
                >
                  Move up
                </Button>
                <Button
                  ref={(element) => {
                    buttons.current.set(`${document.s3_key}:down`, element);
                  }}
                  icon={<ArrowDownOutlined aria-hidden />}
                  aria-label={`Move down: ${document.filename}`}
                  disabled={disabled || index === documents.length - 1}
                  onClick={() => {
                    move(index, index + 1);
                    setFocusRequest({ key: document.s3_key, direction: 'down' });
                  }}
                >
                  Move down
                </Button>
              </Flex>
            </Flex>
          </li>
        ))}
      </ol>
      <LiveAnnouncement text={announcement} />
    </>
  );
}
