import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { App, Button, Flex, Typography, type InputRef } from 'antd';
import { CalendarOutlined } from '@ant-design/icons';
import {
  DATE_ENTRY_FORMAT,
  DateInput,
  formatDate,
  formatDateOrNotSpecified,
  getErrorMessage,
  parseDateEntry,
  type Patient,
} from '@ewrt/shared';
import { updateDateOfEvent } from '../api/draftReportsApi';
import { DRAFT_REPORT_MESSAGES } from './draftReportMessages';
import { ERROR_TEXT_COLOUR, MUTED_TEXT } from './draftReportStyles';

interface DateOfEventEditorProps {
  patientId: number;
  dateOfEvent: string | null;
  onUpdated: (patient: Patient) => void;
}

/** The sidebar's Date of Event: shown dd/mm/yyyy, Edit Event Date → a date field with Save and Cancel. */
export function DateOfEventEditor({ patientId, dateOfEvent, onUpdated }: DateOfEventEditorProps) {
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
  // Focus follows the mode change: into the field on Edit, back to Edit Event Date after Save or Cancel.
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
      onUpdated(await updateDateOfEvent(patientId, isoDate));
      void message.success(DRAFT_REPORT_MESSAGES.dateOfEventUpdated);
      stopEditing();
    } catch (error) {
      // The typed date stays in the field so the user can try again.
      void message.error(getErrorMessage(error, DRAFT_REPORT_MESSAGES.dateOfEventFailed));
    } finally {
      setSaving(false);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key === 'Escape' && !saving) stopEditing();
  };

  if (!editing) {
    return (
      <Flex vertical gap={4}>
        <Typography.Text strong>Date of Event</Typography.Text>
        <span>{formatDateOrNotSpecified(dateOfEvent)}</span>
        <div>
          <Button
            ref={editButtonRef}
            size="small"
            icon={<CalendarOutlined aria-hidden />}
            onClick={startEditing}
          >
            Edit Event Date
          </Button>
        </div>
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
        <span id={hintId} style={MUTED_TEXT}>
          {DATE_ENTRY_FORMAT}; leave empty for none
        </span>
        {invalid ? (
          <Typography.Text id={errorId} role="alert" style={{ color: ERROR_TEXT_COLOUR }}>
            {DRAFT_REPORT_MESSAGES.dateOfEventInvalid}
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
