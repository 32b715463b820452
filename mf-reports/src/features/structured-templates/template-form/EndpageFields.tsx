import { memo } from 'react';
import { Form, Input } from 'antd';
import type { Endpage } from '@ewrt/contract';
import { DECLARATION_MAX_LENGTH, FRONTPAGE_TEXT_MAX_LENGTH } from '@ewrt/contract/limits';

/** The declaration box's height in rows (TPL-08). */
export const DECLARATION_ROWS = 12;

interface EndpageFieldsProps {
  value: Endpage;
  onChange: (endpage: Endpage) => void;
}

/** Endpage Configuration: the expert's declaration and the signature line under it. */
export const EndpageFields = memo(function EndpageFields({ value, onChange }: EndpageFieldsProps) {
  return (
    <>
      <Form.Item label="Declaration" htmlFor="template-endpage-declaration">
        <Input.TextArea
          id="template-endpage-declaration"
          rows={DECLARATION_ROWS}
          value={value.declaration_text}
          maxLength={DECLARATION_MAX_LENGTH}
          onChange={(event) => onChange({ ...value, declaration_text: event.target.value })}
        />
      </Form.Item>
      <Form.Item label="Signature line" htmlFor="template-endpage-signature">
        <Input
          id="template-endpage-signature"
          value={value.signature_line}
          maxLength={FRONTPAGE_TEXT_MAX_LENGTH}
          placeholder="e.g. Signed: ____________  Date: ____________"
          onChange={(event) => onChange({ ...value, signature_line: event.target.value })}
        />
      </Form.Item>
    </>
  );
});
