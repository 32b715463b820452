import { Alert, Button, Descriptions, Flex, Table } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { BundleEntry, RecordBundle } from '@ewrt/contract';
import { formatDate, formatDateTime } from '@ewrt/shared';
import { SectionCard } from '@ewrt/shared/kit';
import { BUNDLE_MESSAGES } from './bundleMessages';
import { OmittedDuplicatesTable } from './OmittedDuplicatesTable';

interface CurrentBundleCardProps {
  bundle: RecordBundle;
  downloading: boolean;
  onDownload: () => void;
  /** Shows a bundled document's pages as they look, from its first. */
  onViewDocument: (entry: BundleEntry) => void;
}

const pageRange = (entry: BundleEntry) =>
  entry.first_page === entry.last_page
    ? String(entry.first_page)
    : `${entry.first_page}\u2013${entry.last_page}`;

/**
 * The bundle made last: when, how many pages, its index (document → bundle pages, each document opening its pages,
 * then the duplicates it omitted), and its download.
 */
export function CurrentBundleCard({
  bundle,
  downloading,
  onDownload,
  onViewDocument,
}: CurrentBundleCardProps) {
  return (
    <SectionCard title="Current bundle">
      <Flex vertical gap="middle">
        {bundle.out_of_date && <Alert type="warning" showIcon title={BUNDLE_MESSAGES.outOfDate} />}
        <Descriptions
          column={1}
          size="small"
          items={[
            { key: 'file', label: 'File', children: bundle.filename },
            {
              key: 'made',
              label: 'Made on',
              children: formatDateTime(bundle.completed_at ?? bundle.created_at),
            },
            {
              key: 'pages',
              label: 'Pages',
              children: `${bundle.page_count ?? 0} (index: ${bundle.index_pages ?? 0})`,
            },
          ]}
        />
        <Table<BundleEntry>
          size="small"
          pagination={false}
          rowKey={(entry) => `${entry.first_page}`}
          dataSource={bundle.entries}
          columns={[
            { title: 'No.', key: 'number', width: 56, render: (_value, _entry, index) => `${index + 1}.` },
            {
              title: 'Document',
              key: 'filename',
              render: (_value, entry) => (
                <Button
                  type="link"
                  style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'start' }}
                  aria-label={`${entry.filename}: view its pages`}
                  onClick={() => onViewDocument(entry)}
                >
                  {entry.filename}
                </Button>
              ),
            },
            {
              title: 'Date',
              key: 'date',
              render: (_value, entry) => (entry.document_date ? formatDate(entry.document_date) : 'Undated'),
            },
            { title: 'Bundle pages', key: 'pages', render: (_value, entry) => pageRange(entry) },
          ]}
        />
        {bundle.omitted_duplicates.length > 0 && (
          <OmittedDuplicatesTable
            omitted={bundle.omitted_duplicates}
            caption={BUNDLE_MESSAGES.omittedFromBundle}
          />
        )}
        <div>
          <Button
            type="primary"
            icon={<DownloadOutlined aria-hidden />}
            loading={downloading}
            onClick={onDownload}
          >
            Download bundle
          </Button>
        </div>
      </Flex>
    </SectionCard>
  );
}
