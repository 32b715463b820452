import { App, Button, Card, Col, Flex, Row, Tag, Typography } from 'antd';
import type {
  DuplicateDocument,
  DuplicateGroup,
  DuplicateGroupsResponse,
  ReviewedPage,
} from '@ewrt/contract';
import { getErrorMessage } from '@ewrt/shared';
import { SectionCard } from '@ewrt/shared/kit';
import { useState } from 'react';
import { restoreDuplicate, setAsideDuplicates } from '../api/recordReviewApi';
import { CopiedPagesList } from './CopiedPagesList';
import { FirstPageImage } from './FirstPageImage';
import { RECORD_REVIEW_MESSAGES } from './recordReviewMessages';
import { STATUS_COLOURS, tagStyle } from '../jobs/jobStatusPresentation';
import { similarityPercent } from './similarityPercent';

interface DuplicateGroupsCardProps {
  patientId: number;
  duplicates: DuplicateGroupsResponse;
  onChanged: () => void;
  onOpenPage: (page: ReviewedPage) => void;
}

function pagesLine(document: DuplicateDocument): string {
  const pages =
    document.page_count === null
      ? 'pages unknown'
      : `${document.page_count} ${document.page_count === 1 ? 'page' : 'pages'}`;
  return document.ocr_page_count > 0 ? `${pages}, ${document.ocr_page_count} read by OCR` : pages;
}

function CopyCard({
  patientId,
  group,
  document,
  busy,
  onKeep,
  onRestore,
  onOpenPage,
}: {
  patientId: number;
  group: DuplicateGroup;
  document: DuplicateDocument;
  busy: boolean;
  onKeep: (document: DuplicateDocument) => void;
  onRestore: (document: DuplicateDocument) => void;
  onOpenPage: (page: ReviewedPage) => void;
}) {
  const first = group.documents[0]!;
  const othersInRecords = group.documents.some((other) => other !== document && !other.set_aside);
  return (
    <Card size="small" title={document.filename}>
      <Flex vertical gap="small">
        <Flex gap="small" wrap align="center">
          {document.set_aside ? (
            <Tag style={tagStyle(STATUS_COLOURS.gold)}>Set aside as a copy</Tag>
          ) : (
            <Tag style={tagStyle(STATUS_COLOURS.green)}>In the records</Tag>
          )}
          <Typography.Text>{pagesLine(document)}</Typography.Text>
        </Flex>
        <Typography.Text>
          {document === first
            ? 'Shown as the original'
            : `${similarityPercent(document.similarity)} similar to ${first.filename}`}
        </Typography.Text>
        <FirstPageImage patientId={patientId} s3Key={document.s3_key} filename={document.filename} />
        <Flex gap="small" wrap>
          <Button
            onClick={() => onOpenPage({ filename: document.filename, s3_key: document.s3_key, page: 1 })}
            aria-label={`Open page 1 of ${document.filename}`}
          >
            Open page 1
          </Button>
          {document.set_aside ? (
            <Button
              loading={busy}
              onClick={() => onRestore(document)}
              aria-label={`Bring back ${document.filename}`}
            >
              Bring back
            </Button>
          ) : othersInRecords ? (
            <Button
              type="primary"
              loading={busy}
              onClick={() => onKeep(document)}
              aria-label={`Keep this one: ${document.filename}; set the others aside`}
            >
              Keep this one
            </Button>
          ) : null}
        </Flex>
      </Flex>
    </Card>
  );
}

/** The groups of copies, side by side, with "keep this one" and undo. */
export function DuplicateGroupsCard({
  patientId,
  duplicates,
  onChanged,
  onOpenPage,
}: DuplicateGroupsCardProps) {
  const { message } = App.useApp();
  const [busyKey, setBusyKey] = useState<string | null>(null);

  const keep = async (group: DuplicateGroup, kept: DuplicateDocument) => {
    setBusyKey(kept.s3_key);
    try {
      const answer = await setAsideDuplicates(patientId, {
        keep: kept.s3_key,
        set_aside: group.documents
          .filter((other) => other !== kept && !other.set_aside)
          .map((other) => other.s3_key),
      });
      void message.success(answer.message);
      onChanged();
    } catch (error) {
      void message.error(getErrorMessage(error, RECORD_REVIEW_MESSAGES.keepFailed));
    } finally {
      setBusyKey(null);
    }
  };

  const restore = async (document: DuplicateDocument) => {
    setBusyKey(document.s3_key);
    try {
      void message.success((await restoreDuplicate(patientId, document.s3_key)).message);
      onChanged();
    } catch (error) {
      void message.error(getErrorMessage(error, RECORD_REVIEW_MESSAGES.restoreFailed));
    } finally {
      setBusyKey(null);
    }
  };

  return (
    <SectionCard title="Copies of documents">
      <Flex vertical gap="middle">
        <Typography.Text role="status">
          {duplicates.groups.length === 0
            ? RECORD_REVIEW_MESSAGES.noCopies(duplicates.documents_compared)
            : `${duplicates.groups.length} ${duplicates.groups.length === 1 ? 'group' : 'groups'} of copies among ${duplicates.documents_compared} documents; ${duplicates.set_aside_count} set aside`}
        </Typography.Text>
        {duplicates.groups.length > 0 ? (
          <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
            {RECORD_REVIEW_MESSAGES.setAsideNote}
          </Typography.Paragraph>
        ) : null}
        {duplicates.groups.map((group, index) => (
          <section
            key={group.documents.map((document) => document.s3_key).join('+')}
            aria-labelledby={`copies-${index}`}
          >
            <Typography.Title level={3} id={`copies-${index}`} style={{ fontSize: 16 }}>
              Group {index + 1}: {group.documents.length} copies, at least{' '}
              {similarityPercent(group.similarity)} similar
            </Typography.Title>
            <Row gutter={[16, 16]}>
              {group.documents.map((document) => (
                <Col key={document.s3_key} xs={24} md={12} xl={8}>
                  <CopyCard
                    patientId={patientId}
                    group={group}
                    document={document}
                    busy={busyKey === document.s3_key}
                    onKeep={(kept) => void keep(group, kept)}
                    onRestore={(restored) => void restore(restored)}
                    onOpenPage={onOpenPage}
                  />
                </Col>
              ))}
            </Row>
          </section>
        ))}
        {duplicates.copied_pages.length > 0 ? (
          <CopiedPagesList copiedPages={duplicates.copied_pages} onOpenPage={onOpenPage} />
        ) : null}
      </Flex>
    </SectionCard>
  );
}
