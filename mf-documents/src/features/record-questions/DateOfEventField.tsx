import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { App, Button, Flex, Typography, type InputRef } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import {
  DATE_ENTRY_FORMAT,
  DateInput,
  formatDate,
  formatDateOrNotSpecified,
  getErrorMessage,
  parseDateEntry,
  type Patient,
} from '@ewrt/shared';
import { updateDateOfEvent } from '../api/conversationApi';
import { MUTED_TEXT } from '../conversation/conversationStyles';
import { RECORD_QUESTION_MESSAGES } from './recordQuestionMessages';

interface DateOfEventFieldProps {
  patientId: number;
  dateOfEvent: string | null;
  onUpdated: (patient: Patient) => void;
}

/** The patient's Date of Event, shown dd/mm/yyyy (or 'Not specified') with Edit → type the date → Save. */
export function DateOfEventField({ patientId, dateOfEvent, onUpdated }: DateOfEventFieldProps) {
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
      const patient = await updateDateOfEvent(patientId, isoDate);
      onUpdated(patient);
      void message.success(RECORD_QUESTION_MESSAGES.dateOfEventUpdated);
      stopEditing();
    } catch (error) {
      void message.error(getErrorMessage(error, RECORD_QUESTION_MESSAGES.dateOfEventFailed));
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
            icon={<EditOutlined />}
            onClick={startEditing}
            aria-label="Edit date of event"
          >
            Edit
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
        <span id={hintId} style={MUTED_TEXT}>
          {DATE_ENTRY_FORMAT}; leave empty for none
        </span>
        {invalid ? (
          <Typography.Text id={errorId} type="danger" role="alert">
            {RECORD_QUESTION_MESSAGES.dateOfEventInvalid}
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
