import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { App, Button, Flex, Typography, type InputRef } from 'antd';
import {
  DATE_ENTRY_FORMAT,
  DateInput,
  formatDate,
  formatDateOrNotSpecified,
  getErrorMessage,
  parseDateEntry,
  type Patient,
} from '@ewrt/shared';

const INVALID_DATE = 'Enter a real date as dd/mm/yyyy, or leave it empty';
/** antd's error red is 3.9:1 on white; this one passes AA for small text. */
const ERROR_TEXT_COLOUR = '#a8071a';

export interface DateOfEventFieldProps {
  dateOfEvent: string | null;
  /** Stores the new date (ISO, or null for none) and answers the updated patient. */
  save: (isoDate: string | null) => Promise<Patient>;
  onUpdated: (patient: Patient) => void;
  /** The screen's words: its spec part words the confirmation and the failure differently. */
  messages: { updated: string; failed: string };
  /** The edit button's text; a bare "Edit" is named "Edit date of event" for assistive technology. */
  editLabel?: string;
}

/** The patient's Date of Event, shown dd/mm/yyyy (or 'Not specified') with Edit → type the date → Save or Cancel. */
export function DateOfEventField({
  dateOfEvent,
  save: store,
  onUpdated,
  messages,
  editLabel = 'Edit',
}: DateOfEventFieldProps) {
  const { message } = App.useApp();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [saving, setSaving] = useState(false);
  const inputRef = useRef<InputRef>(null);
  const editButtonRef = useRef<HTMLButtonElement>(null);
  // Where focus goes when the field changes mode: into the input on Edit, back to Edit after Save or Cancel.
  const focusAfterRender = useRef<'input' | 'edit' | null>(null);

  useEffect(() => {
    if (focusAfterRender.current === 'input') inputRef.current?.focus();
    if (focusAfterRender.current === 'edit') editButtonRef.current?.focus();
    focusAfterRender.current = null;
  }, [editing]);

  const startEditing = () => {
    setText(formatDate(dateOfEvent));
    setInvalid(false);
    focusAfterRender.current = 'input';
    setEditing(true);
  };

  const stopEditing = () => {
    focusAfterRender.current = 'edit';
    setEditing(false);
  };

  const save = async () => {
    const entered = text.trim();
    const isoDate = entered === '' ? null : parseDateEntry(entered);
    if (entered !== '' && isoDate === null) {
      setInvalid(true);
      return;
    }
    setSaving(true);
    try {
      onUpdated(await store(isoDate));
      void message.success(messages.updated);
      stopEditing();
    } catch (error) {
      // The typed date stays in the field so the user can try again.
      void message.error(getErrorMessage(error, messages.failed));
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape' && !saving) stopEditing();
  };

  if (!editing) {
    return (
      <Flex vertical gap={2}>
        <Typography.Text strong>Date of Event</Typography.Text>
        <Flex align="center" gap="small" wrap>
          <span>{formatDateOrNotSpecified(dateOfEvent)}</span>
          <Button
            ref={editButtonRef}
            size="small"
            onClick={startEditing}
            aria-label={editLabel === 'Edit' ? 'Edit date of event' : undefined}
          >
            {editLabel}
          </Button>
        </Flex>
      </Flex>
    );
  }

  return (
    <form
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Flex vertical gap={4}>
        <label htmlFor={id} style={{ fontWeight: 600 }}>
          Date of Event
        </label>
        <DateInput
          ref={inputRef}
          id={id}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setInvalid(false);
          }}
          aria-describedby={invalid ? `${errorId} ${hintId}` : hintId}
          aria-invalid={invalid}
        />
        <span id={hintId} style={{ color: 'var(--ant-color-text-secondary)' }}>
          {DATE_ENTRY_FORMAT}; leave empty for none
        </span>
        {invalid ? (
          <Typography.Text id={errorId} role="alert" style={{ color: ERROR_TEXT_COLOUR }}>
            {INVALID_DATE}
          </Typography.Text>
        ) : null}
        <Flex gap="small">
          <Button type="primary" htmlType="submit" size="small" loading={saving}>
            Save
          </Button>
          <Button size="small" onClick={stopEditing} disabled={saving}>
            Cancel
          </Button>
        </Flex>
      </Flex>
    </form>
  );
}
