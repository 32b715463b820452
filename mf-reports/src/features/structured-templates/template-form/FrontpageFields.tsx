import { memo } from 'react';
import { Checkbox, Flex, Form, Input } from 'antd';
import type { Frontpage } from '@ewrt/contract';
import { FRONTPAGE_TEXT_MAX_LENGTH } from '@ewrt/contract/limits';

type IncludeFlag = Extract<keyof Frontpage, `include_${string}`>;

/** The patient details a frontpage may carry, in the order the report prints them. */
const INCLUDE_FLAGS: readonly { flag: IncludeFlag; label: string }[] = [
  { flag: 'include_patient_name', label: 'Patient name' },
  { flag: 'include_patient_dob', label: 'Date of birth' },
  { flag: 'include_patient_mrn', label: 'MRN' },
  { flag: 'include_event_date', label: 'Date of event' },
  { flag: 'include_report_date', label: 'Report date' },
];

interface FrontpageFieldsProps {
  value: Frontpage;
  onChange: (frontpage: Frontpage) => void;
}

/** Frontpage Configuration: the report's title, the author's details and which patient details it shows. */
export const FrontpageFields = memo(function FrontpageFields({ value, onChange }: FrontpageFieldsProps) {
  const set = <Field extends keyof Frontpage>(field: Field, fieldValue: Frontpage[Field]) =>
    onChange({ ...value, [field]: fieldValue });

  return (
    <>
      <Form.Item label="Report title" htmlFor="template-frontpage-title">
        <Input
          id="template-frontpage-title"
          value={value.title_text}
          maxLength={FRONTPAGE_TEXT_MAX_LENGTH}
          onChange={(event) => set('title_text', event.target.value)}
        />
      </Form.Item>
      <Form.Item
        label="Author information"
        htmlFor="template-frontpage-author"
        extra={
          <span id="template-frontpage-author-hint">
            Your name, qualifications and role as the report shows them.
          </span>
        }
      >
        <Input.TextArea
          id="template-frontpage-author"
          aria-describedby="template-frontpage-author-hint"
          value={value.author_info}
          maxLength={FRONTPAGE_TEXT_MAX_LENGTH}
          rows={3}
          onChange={(event) => set('author_info', event.target.value)}
        />
      </Form.Item>
      <fieldset style={{ border: 0, margin: 0, padding: 0 }}>
        <legend style={{ fontSize: 14, marginBottom: 8, border: 0 }}>Patient details on the frontpage</legend>
        <Flex wrap gap="small" vertical={false}>
          {INCLUDE_FLAGS.map(({ flag, label }) => (
            <Checkbox key={flag} checked={value[flag]} onChange={(event) => set(flag, event.target.checked)}>
              {label}
            </Checkbox>
          ))}
        </Flex>
      </fieldset>
    </>
  );
});
