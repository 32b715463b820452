import type { CSSProperties } from 'react';
import { Button, Flex, Table, Tag, type TableColumnsType } from 'antd';
import type { ChronologyEvent, ChronologyPlace } from '@ewrt/contract';
import { formatDate } from '@ewrt/shared';
import { OcrPassageNote } from '@ewrt/shared/kit';
import { MUTED_TEXT, UNSUPPORTED_NOTE, UNSUPPORTED_SENTENCE } from '../conversation/conversationStyles';
import { CHRONOLOGY_MESSAGES } from './chronologyMessages';
import { eventKindLabel } from './eventKindLabel';
import { describeEventDate, formatEventDate } from './formatEventDate';
import { groupAroundDateOfEvent } from './groupAroundDateOfEvent';
import { placeLabel } from './placeCitation';
import { STATUS_COLOURS, tagStyle } from '../jobs/jobStatusPresentation';

interface ChronologyTableProps {
  /** The events in date order. */
  events: readonly ChronologyEvent[];
  /** The patient's Date of Event (yyyy-mm-dd): the dividing line; null draws none. */
  dateOfEvent: string | null;
  /** What the table's caption says it holds. */
  caption: string;
  onOpenPlace: (place: ChronologyPlace, event: ChronologyEvent) => void;
}

type TableRow =
  | { key: string; kind: 'event'; event: ChronologyEvent; onDateOfEvent: boolean }
  | { key: string; kind: 'date-of-event'; dateOfEvent: string };

const COLUMN_COUNT = 5;
const PASSAGE_STYLE: CSSProperties = {
  margin: '4px 0 0',
  paddingInlineStart: 12,
  borderInlineStart: '3px solid var(--ant-color-border-secondary)',
};
const DIVIDER_ROW_STYLE: CSSProperties = {
  background: 'var(--ant-color-primary-bg)',
  borderBlock: '2px solid var(--ant-color-primary)',
};
const PLACE_BUTTON_STYLE: CSSProperties = {
  padding: 0,
  height: 'auto',
  whiteSpace: 'normal',
  textAlign: 'start',
};

/** The events before the Date of Event, its dividing row, the events on it, then those after. */
function tableRows(events: readonly ChronologyEvent[], dateOfEvent: string | null): TableRow[] {
  const eventRow = (event: ChronologyEvent, onDateOfEvent: boolean): TableRow => ({
    key: `event-${event.id}`,
    kind: 'event',
    event,
    onDateOfEvent,
  });
  const groups = groupAroundDateOfEvent(events, dateOfEvent);
  if (dateOfEvent === null || events.length === 0)
    return groups.before.map((event) => eventRow(event, false));
  return [
    ...groups.before.map((event) => eventRow(event, false)),
    { key: 'date-of-event', kind: 'date-of-event', dateOfEvent },
    ...groups.on.map((event) => eventRow(event, true)),
    ...groups.after.map((event) => eventRow(event, false)),
  ];
}

/** The event in words: the model's summary when its passage supports it; the passage otherwise, or alongside. */
function EventText({ event }: { event: ChronologyEvent }) {
  if (event.summary === null) return <span>{event.passage}</span>;
  if (event.summary_supported === false) {
    return (
      <Flex vertical gap={2}>
        <span>
          <span style={UNSUPPORTED_SENTENCE}>{event.summary}</span>
          <span style={UNSUPPORTED_NOTE}>{CHRONOLOGY_MESSAGES.unsupportedSummary}</span>
        </span>
        <blockquote style={PASSAGE_STYLE}>{event.passage}</blockquote>
      </Flex>
    );
  }
  return (
    <Flex vertical gap={2}>
      <span>{event.summary}</span>
      <details>
        <summary>Passage</summary>
        <blockquote style={PASSAGE_STYLE}>{event.passage}</blockquote>
      </details>
    </Flex>
  );
}

function EventDate({ event, onDateOfEvent }: { event: ChronologyEvent; onDateOfEvent: boolean }) {
  return (
    <Flex vertical gap={2} align="start">
      <span>{describeEventDate(event)}</span>
      <span style={MUTED_TEXT}>As written: {event.date_text}</span>
      {event.alternative_date ? (
        <>
          <Tag style={tagStyle(STATUS_COLOURS.gold)}>{CHRONOLOGY_MESSAGES.maySwap}</Tag>
          <span>
            {CHRONOLOGY_MESSAGES.maySwapReadings(
              formatEventDate(event.date, 'day'),
              formatEventDate(event.alternative_date, 'day'),
            )}
          </span>
        </>
      ) : null}
      {onDateOfEvent ? <Tag>On the Date of Event</Tag> : null}
    </Flex>
  );
}

function EventKind({ event }: { event: ChronologyEvent }) {
  return (
    <Flex vertical gap={2} align="start">
      <span>{eventKindLabel(event.kind)}</span>
      {event.planned ? <Tag style={tagStyle(STATUS_COLOURS.blue)}>{CHRONOLOGY_MESSAGES.planned}</Tag> : null}
    </Flex>
  );
}

function EventPlaces({
  event,
  onOpenPlace,
}: {
  event: ChronologyEvent;
  onOpenPlace: ChronologyTableProps['onOpenPlace'];
}) {
  return (
    <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
      {event.places.map((place) => (
        <li key={`${place.s3_key}-${place.page}-${place.chunk_id ?? 'page'}`} style={{ marginBottom: 4 }}>
          <Button
            type="link"
            size="small"
            style={PLACE_BUTTON_STYLE}
            onClick={() => onOpenPlace(place, event)}
          >
            {placeLabel(place)}
          </Button>
          {place.source === 'ocr' ? (
            <div>
              <OcrPassageNote confidence={place.ocr_confidence} />
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

/** Spans the dividing row's one cell across the table; the other columns give it no cell. */
const dividerSpan = (row: TableRow, first: boolean) =>
  row.kind === 'date-of-event' ? { colSpan: first ? COLUMN_COUNT : 0 } : {};

/**
 * The chronology's events in date order (date with its precision, kind, event, clinician, every place it is
 * stated), with the Date of Event as a dividing row and the events on it marked; a date whose day and month may be
 * swapped shows both readings, and planned care is marked planned.
 */
export function ChronologyTable({ events, dateOfEvent, caption, onOpenPlace }: ChronologyTableProps) {
  const columns: TableColumnsType<TableRow> = [
    {
      key: 'date',
      title: 'Date',
      width: 170,
      onCell: (row) => dividerSpan(row, true),
      render: (_, row) =>
        row.kind === 'date-of-event' ? (
          <span>
            <strong>Date of Event: {formatDate(row.dateOfEvent)}</strong> — events before above, after below
          </span>
        ) : (
          <EventDate event={row.event} onDateOfEvent={row.onDateOfEvent} />
        ),
    },
    {
      key: 'kind',
      title: 'Kind',
      width: 130,
      onCell: (row) => dividerSpan(row, false),
      render: (_, row) => (row.kind === 'event' ? <EventKind event={row.event} /> : null),
    },
    {
      key: 'event',
      title: 'Event',
      onCell: (row) => dividerSpan(row, false),
      render: (_, row) => (row.kind === 'event' ? <EventText event={row.event} /> : null),
    },
    {
      key: 'clinician',
      title: 'Clinician',
      width: 160,
      onCell: (row) => dividerSpan(row, false),
      render: (_, row) =>
        row.kind === 'event' ? (row.event.clinician ?? <span style={MUTED_TEXT}>Not named</span>) : null,
    },
    {
      key: 'source',
      title: 'Source',
      width: 230,
      onCell: (row) => dividerSpan(row, false),
      render: (_, row) =>
        row.kind === 'event' ? <EventPlaces event={row.event} onOpenPlace={onOpenPlace} /> : null,
    },
  ];

  return (
    <Table<TableRow>
      size="small"
      caption={caption}
      columns={columns}
      dataSource={tableRows(events, dateOfEvent)}
      pagination={false}
      scroll={{ x: 900 }}
      locale={{ emptyText: CHRONOLOGY_MESSAGES.noMatchingEvents }}
      onRow={(row) => (row.kind === 'date-of-event' ? { style: DIVIDER_ROW_STYLE } : {})}
    />
  );
}
