import { useId, useState } from 'react';
import { Button, Flex, Input, Select } from 'antd';
import type { ChronologyEventKind } from '@ewrt/contract/limits';
import { CHRONOLOGY_TEXT_FILTER_MAX_LENGTH } from '@ewrt/contract/limits';
import { hasFilterChoices, NO_FILTER_CHOICES, type ChronologyFilterChoices } from './chronologyFilterChoices';
import { eventKindLabel } from './eventKindLabel';

interface ChronologyFiltersProps {
  choices: ChronologyFilterChoices;
  onChange: (choices: ChronologyFilterChoices) => void;
  /** The kinds and years present in the chronology. */
  kinds: readonly ChronologyEventKind[];
  years: readonly number[];
}

const LABEL_STYLE = { fontWeight: 600 } as const;

/** Kind (several), year and text filters; each change goes to the server (and to the export). */
export function ChronologyFilters({ choices, onChange, kinds, years }: ChronologyFiltersProps) {
  const id = useId();
  const [text, setText] = useState(choices.text);

  const clear = () => {
    setText('');
    onChange(NO_FILTER_CHOICES);
  };

  return (
    <Flex gap="middle" wrap align="end" role="search" aria-label="Filter the events">
      <Flex vertical gap={4}>
        <label htmlFor={`${id}-kind`} style={LABEL_STYLE}>
          Kind
        </label>
        <Select
          id={`${id}-kind`}
          mode="multiple"
          allowClear
          placeholder="All kinds"
          style={{ minWidth: 240 }}
          value={choices.kinds}
          options={kinds.map((kind) => ({ value: kind, label: eventKindLabel(kind) }))}
          onChange={(selected: ChronologyEventKind[]) => onChange({ ...choices, kinds: selected })}
        />
      </Flex>
      <Flex vertical gap={4}>
        <label htmlFor={`${id}-year`} style={LABEL_STYLE}>
          Year
        </label>
        <Select
          id={`${id}-year`}
          allowClear
          placeholder="All years"
          style={{ minWidth: 140 }}
          value={choices.year ?? undefined}
          options={years.map((year) => ({ value: year, label: String(year) }))}
          onChange={(year: number | undefined) => onChange({ ...choices, year: year ?? null })}
        />
      </Flex>
      <Flex vertical gap={4}>
        <label htmlFor={`${id}-text`} style={LABEL_STYLE}>
          Text
        </label>
        <Input.Search
          id={`${id}-text`}
          allowClear
          placeholder="Words in the event"
          maxLength={CHRONOLOGY_TEXT_FILTER_MAX_LENGTH}
          style={{ width: 280 }}
          value={text}
          enterButton="Find"
          onChange={(event) => setText(event.target.value)}
          onSearch={(value) => onChange({ ...choices, text: value })}
        />
      </Flex>
      <Button onClick={clear} disabled={!hasFilterChoices(choices) && text === ''}>
        Clear filters
      </Button>
    </Flex>
  );
}
