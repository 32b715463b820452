import { Select } from 'antd';
import type { TranscriptionType } from '@ewrt/contract';

type LoadedTypes =
  | { status: 'loading' }
  | { status: 'ready'; value: TranscriptionType[] }
  | { status: 'failed'; error: string };

interface TranscriptionTypeSelectProps {
  /** The id of the control, for its <label>. */
  id: string;
  types: LoadedTypes;
  value: number | null;
  /** The screen is busy; the list is also disabled while there is no type to choose. */
  disabled: boolean;
  maxWidth: number;
  onChange: (typeId: number) => void;
}

/** The transcription type to record or upload as, from the server's list. */
export function TranscriptionTypeSelect({
  id,
  types,
  value,
  disabled,
  maxWidth,
  onChange,
}: TranscriptionTypeSelectProps) {
  const typeList = types.status === 'ready' ? types.value : [];
  return (
    <Select<number>
      id={id}
      style={{ width: '100%', maxWidth }}
      placeholder="Choose a transcription type"
      loading={types.status === 'loading'}
      disabled={disabled || typeList.length === 0}
      value={value ?? undefined}
      onChange={onChange}
      options={typeList.map((type) => ({
        value: type.ID_transcription,
        label: type.text_transcription_type,
      }))}
    />
  );
}
