import { Typography } from 'antd';
import type { ChronologyUnreadDate } from '@ewrt/contract';
import { MUTED_TEXT } from '../conversation/conversationStyles';
import { CHRONOLOGY_MESSAGES } from './chronologyMessages';

/** Where an unread date is written: "letter.pdf, page 2 (bundle page 14)". */
function placeOf(date: ChronologyUnreadDate): string {
  const bundle = date.bundle_page === null ? '' : ` (bundle page ${date.bundle_page})`;
  return `${date.filename}, page ${date.page}${bundle}`;
}

/** The numeric dates of the records that could not be read as a real day, each with its page and line. */
export function UnreadDatesList({ dates }: { dates: readonly ChronologyUnreadDate[] }) {
  if (dates.length === 0) return null;
  return (
    <section aria-labelledby="chronology-unread-dates">
      <Typography.Title level={3} id="chronology-unread-dates" style={{ fontSize: 16 }}>
        {CHRONOLOGY_MESSAGES.unreadDatesTitle}
      </Typography.Title>
      <Typography.Paragraph style={MUTED_TEXT}>
        {CHRONOLOGY_MESSAGES.unreadDatesExplanation}
      </Typography.Paragraph>
      <ul>
        {dates.map((date, index) => (
          <li key={`${date.s3_key}-${date.page}-${index}`}>
            <strong>
              {CHRONOLOGY_MESSAGES.unreadDate}: {date.date_text}
            </strong>{' '}
            — {placeOf(date)}: <q>{date.passage}</q>
          </li>
        ))}
      </ul>
    </section>
  );
}
