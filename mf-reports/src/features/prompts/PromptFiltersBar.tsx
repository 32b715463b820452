import { Button, Col, Flex, Input, Row, Select, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { LookupType } from '@ewrt/contract';
import type { PromptFilters } from './filterPrompts';

interface PromptFiltersBarProps {
  filters: PromptFilters;
  onChange: (filters: PromptFilters) => void;
  types: LookupType[];
}

const SEARCH_ID = 'prompts-search';
const TYPE_ID = 'prompts-type-filter';
const ALL_TYPES = 'all';

/** Search in titles and texts (with Clear) and the type filter. */
export function PromptFiltersBar({ filters, onChange, types }: PromptFiltersBarProps) {
  const update = (patch: Partial<PromptFilters>) => onChange({ ...filters, ...patch });
  return (
    <Row gutter={[16, 12]} align="bottom">
      <Col xs={24} md={14}>
        <Flex vertical gap={4}>
          <label htmlFor={SEARCH_ID}>
            <Typography.Text strong>Search prompts</Typography.Text>
          </label>
          <Flex gap="small">
            <Input
              id={SEARCH_ID}
              type="search"
              prefix={<SearchOutlined aria-hidden />}
              value={filters.search}
              onChange={(event) => update({ search: event.target.value })}
              autoComplete="off"
              placeholder="Words in the title or the prompt"
            />
            <Button onClick={() => update({ search: '' })} disabled={filters.search === ''}>
              Clear
            </Button>
          </Flex>
        </Flex>
      </Col>
      <Col xs={24} md={10}>
        <Flex vertical gap={4}>
          <label htmlFor={TYPE_ID}>
            <Typography.Text strong>Filter by type</Typography.Text>
          </label>
          <Select<number | typeof ALL_TYPES>
            id={TYPE_ID}
            value={filters.typeId ?? ALL_TYPES}
            onChange={(value) => update({ typeId: value === ALL_TYPES ? null : value })}
            options={[
              { value: ALL_TYPES, label: 'All types' },
              ...types.map((type) => ({ value: type.ID_LookupType, label: type.LookupTypeText })),
            ]}
            style={{ width: '100%' }}
          />
        </Flex>
      </Col>
    </Row>
  );
}
