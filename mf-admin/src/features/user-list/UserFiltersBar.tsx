import { Button, Col, Flex, Input, Radio, Row, Select, Typography } from 'antd';
import { SearchOutlined } from '@ant-design/icons';
import type { Group } from '@ewrt/contract';
import type { UserFilters, UserStatusFilter } from './filterUsers';

interface UserFiltersBarProps {
  filters: UserFilters;
  onChange: (filters: UserFilters) => void;
  /** The groups of the group filter; null hides it (only administrators see users of several groups). */
  groups: Group[] | null;
}

const SEARCH_ID = 'users-search';
const STATUS_LABEL_ID = 'users-status-label';
const GROUP_ID = 'users-group-filter';

const STATUS_OPTIONS: { value: UserStatusFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'active', label: 'Active' },
  { value: 'inactive', label: 'Inactive' },
];

const ALL_GROUPS = 'all';

/** Search by name or username (with Clear), the status filter and, for administrators, the group filter. */
export function UserFiltersBar({ filters, onChange, groups }: UserFiltersBarProps) {
  const update = (patch: Partial<UserFilters>) => onChange({ ...filters, ...patch });
  return (
    <Row gutter={[16, 12]} align="bottom">
      <Col xs={24} md={10}>
        <Flex vertical gap={4}>
          <label htmlFor={SEARCH_ID}>
            <Typography.Text strong>Search by name or username</Typography.Text>
          </label>
          <Flex gap="small">
            <Input
              id={SEARCH_ID}
              prefix={<SearchOutlined aria-hidden />}
              value={filters.search}
              onChange={(event) => update({ search: event.target.value })}
              autoComplete="off"
              placeholder="e.g. Patel or dr.patel"
            />
            <Button onClick={() => update({ search: '' })} disabled={filters.search === ''}>
              Clear
            </Button>
          </Flex>
        </Flex>
      </Col>
      <Col xs={24} md={7}>
        <Flex vertical gap={4}>
          <Typography.Text strong id={STATUS_LABEL_ID}>
            Status
          </Typography.Text>
          <Radio.Group
            aria-labelledby={STATUS_LABEL_ID}
            optionType="button"
            value={filters.status}
            options={STATUS_OPTIONS}
            onChange={(event) => update({ status: event.target.value as UserStatusFilter })}
          />
        </Flex>
      </Col>
      {groups && (
        <Col xs={24} md={7}>
          <Flex vertical gap={4}>
            <label htmlFor={GROUP_ID}>
              <Typography.Text strong>Group</Typography.Text>
            </label>
            <Select<number | typeof ALL_GROUPS>
              id={GROUP_ID}
              value={filters.groupId ?? ALL_GROUPS}
              onChange={(value) => update({ groupId: value === ALL_GROUPS ? null : value })}
              options={[
                { value: ALL_GROUPS, label: 'All groups' },
                ...groups.map((group) => ({ value: group.ID_Group, label: group.Group_Name })),
              ]}
              style={{ width: '100%' }}
            />
          </Flex>
        </Col>
      )}
    </Row>
  );
}
