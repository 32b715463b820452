import { Input, type InputRef } from 'antd';
import { forwardRef, type ChangeEvent } from 'react';
import { DATE_ENTRY_FORMAT } from '../format/dateEntry';

export interface DateInputProps {
  id: string;
  /** The text as typed, e.g. "12/04/1980"; `parseDateEntry` turns it into yyyy-mm-dd. */
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  /** The id of the hint or error that describes the field. */
  'aria-describedby'?: string;
  'aria-invalid'?: boolean;
  'aria-required'?: boolean;
}

/**
 * A date field that reads and accepts dd/mm/yyyy whatever the browser's language, typed directly (no
 * picker to operate). The caller shows the format as the field's visible hint.
 */
export const DateInput = forwardRef<InputRef, DateInputProps>(function DateInput(props, ref) {
  return (
    <Input
      {...props}
      ref={ref}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={DATE_ENTRY_FORMAT}
    />
  );
});
