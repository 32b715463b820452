import { useMemo } from 'react';
import { Button, Flex, Table, type TableColumnsType } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, SwapOutlined } from '@ant-design/icons';
import type { ManagedUser } from '@ewrt/contract';
import { USERS_PAGE_SIZE } from '@ewrt/contract/limits';
import { canEditUser } from '../access/userManagementRules';
import { RoleBadge, StatusBadge } from '../user-info/UserBadges';
import { accessLevelLabel, dateAddedLabel, groupLabel } from '../user-info/userLabels';
import type { UserSort, UserSortField } from './filterUsers';
import type { User } from '@ewrt/shared';

interface UsersTableProps {
  actor: User | null;
  /** The users to show, filtered and sorted already. */
  users: ManagedUser[];
  loading: boolean;
  sort: UserSort | null;
  onSort: (field: UserSortField) => void;
  page: number;
  onPageChange: (page: number) => void;
  onView: (user: ManagedUser) => void;
  onEdit: (user: ManagedUser) => void;
}

const ARIA_SORT = { ascend: 'ascending', descend: 'descending' } as const;

interface SortHeaderProps {
  label: string;
  field: UserSortField;
  sort: UserSort | null;
  onSort: (field: UserSortField) => void;
}

// A real button in the header: reachable with Tab, and the header cell's aria-sort says the current order.
function SortHeader({ label, field, sort, onSort }: SortHeaderProps) {
  const direction = sort?.field === field ? sort.direction : null;
  const icon =
    direction === 'ascend' ? (
      <ArrowUpOutlined aria-hidden />
    ) : direction === 'descend' ? (
      <ArrowDownOutlined aria-hidden />
    ) : (
      <SwapOutlined rotate={90} aria-hidden />
    );
  return (
    <Button
      type="text"
      size="small"
      icon={icon}
      iconPlacement="end"
      onClick={() => onSort(field)}
      aria-label={`Sort by ${label}`}
      style={{ fontWeight: 600, paddingInline: 4 }}
    >
      {label}
    </Button>
  );
}

/** The user table of USR-02: five rows a page, the page control only when there is a second page. */
export function UsersTable({
  actor,
  users,
  loading,
  sort,
  onSort,
  page,
  onPageChange,
  onView,
  onEdit,
}: UsersTableProps) {
  const columns = useMemo<TableColumnsType<ManagedUser>>(() => {
    const sortedHeader = (field: UserSortField) => () => ({
      'aria-sort': sort?.field === field ? ARIA_SORT[sort.direction] : ('none' as const),
    });
    return [
      {
        key: 'Name',
        title: <SortHeader label="Name" field="Name" sort={sort} onSort={onSort} />,
        onHeaderCell: sortedHeader('Name'),
        render: (_value: unknown, user: ManagedUser) => user.Name,
      },
      {
        key: 'role',
        title: 'Role',
        render: (_value: unknown, user: ManagedUser) => <RoleBadge user={user} />,
      },
      {
        key: 'status',
        title: 'Status',
        render: (_value: unknown, user: ManagedUser) => <StatusBadge active={user.user_active === 1} />,
      },
      { key: 'Username', title: 'Username', dataIndex: 'Username' },
      {
        key: 'group',
        title: 'Group',
        render: (_value: unknown, user: ManagedUser) => groupLabel(user),
      },
      {
        key: 'level',
        title: 'Access level',
        render: (_value: unknown, user: ManagedUser) => accessLevelLabel(user),
      },
      {
        key: 'date_added',
        title: <SortHeader label="Date Added" field="date_added" sort={sort} onSort={onSort} />,
        onHeaderCell: sortedHeader('date_added'),
        render: (_value: unknown, user: ManagedUser) => dateAddedLabel(user),
      },
      {
        key: 'actions',
        title: 'Actions',
        render: (_value: unknown, user: ManagedUser) => (
          <Flex gap="small" wrap>
            <Button size="small" onClick={() => onView(user)} aria-label={`View ${user.Name}`}>
              View
            </Button>
            {canEditUser(actor, user) && (
              <Button size="small" onClick={() => onEdit(user)} aria-label={`Edit ${user.Name}`}>
                Edit
              </Button>
            )}
          </Flex>
        ),
      },
    ];
  }, [actor, sort, onSort, onView, onEdit]);

  return (
    <div style={{ overflowX: 'auto' }}>
      <Table<ManagedUser>
        rowKey="ID_User"
        size="middle"
        columns={columns}
        dataSource={users}
        loading={loading}
        pagination={{
          current: page,
          pageSize: USERS_PAGE_SIZE,
          hideOnSinglePage: true,
          showSizeChanger: false,
          onChange: onPageChange,
          align: 'end',
        }}
        locale={{ emptyText: 'No users match the search and filters.' }}
        aria-label="Users"
      />
    </div>
  );
}
