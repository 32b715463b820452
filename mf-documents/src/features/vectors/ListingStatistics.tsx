import type { PatientDocumentListResponse } from '@ewrt/contract';
import { formatFileSize } from '@ewrt/shared';
import { totalDocumentBytes } from '../api/totalDocumentBytes';
import { DocumentStatistics } from './DocumentStatistics';

interface ListingStatisticsProps {
  /** Null while the listing loads: dashes show. */
  listing: PatientDocumentListResponse | null;
  /** The screen's names for its document count and its indexed-passage count. */
  titles: { documents: string; passages: string };
}

/** A document listing's figures: how many documents, their size, and how many indexed passages. */
export function ListingStatistics({ listing, titles }: ListingStatisticsProps) {
  return (
    <DocumentStatistics
      statistics={[
        { key: 'documents', title: titles.documents, value: listing?.total_documents },
        {
          key: 'size',
          title: 'Total Size',
          value: listing ? formatFileSize(totalDocumentBytes(listing.documents)) : undefined,
        },
        { key: 'passages', title: titles.passages, value: listing?.vector_count },
      ]}
    />
  );
}
