import { Button, Flex, Typography } from 'antd';
import type { CopiedPage, ReviewedPage } from '@ewrt/contract';
import { placeLabel } from '../chronology/placeCitation';
import { similarityPercent } from './similarityPercent';

interface CopiedPagesListProps {
  copiedPages: readonly CopiedPage[];
  onOpenPage: (page: ReviewedPage) => void;
}

const label = (page: ReviewedPage) => placeLabel({ ...page, bundle_page: null });

/**
 * Pages found again inside another document (a letter filed again in the GP record), where the documents as a
 * whole are not copies: each pair with how alike they are, either page one click away. Listed to read once.
 */
export function CopiedPagesList({ copiedPages, onOpenPage }: CopiedPagesListProps) {
  return (
    <section aria-labelledby="copied-pages">
      <Typography.Title level={3} id="copied-pages" style={{ fontSize: 16 }}>
        Pages found again in other documents
      </Typography.Title>
      <ul aria-label="Pages found again" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {copiedPages.map((copy) => (
          <li key={`${copy.page.s3_key}:${copy.page.page}:${copy.found_in.s3_key}:${copy.found_in.page}`}>
            <Flex gap="small" align="center" wrap style={{ padding: '6px 0' }}>
              <Typography.Text>
                {label(copy.page)} is found again as {label(copy.found_in)} (
                {similarityPercent(copy.similarity)} similar)
              </Typography.Text>
              {[copy.page, copy.found_in].map((page) => (
                <Button key={page.s3_key} size="small" onClick={() => onOpenPage(page)}>
                  Open {label(page)}
                </Button>
              ))}
            </Flex>
          </li>
        ))}
      </ul>
    </section>
  );
}
