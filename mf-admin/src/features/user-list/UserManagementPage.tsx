import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Card, Flex, Result, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { ManagedUser } from '@ewrt/contract';
import { useSession } from '@ewrt/shared';
import { canAdministerEverything, canManageUsers } from '../access/userManagementRules';
import { AllGroupsModal } from '../groups/AllGroupsModal';
import { CreateGroupModal } from '../groups/CreateGroupModal';
import { ADMIN_MESSAGES } from '../messages/adminMessages';
import { refreshSignedInUser } from '../session/refreshSignedInUser';
import { ConfirmDeleteModal } from '../user-delete/ConfirmDeleteModal';
import { UserDetailsModal } from '../user-details/UserDetailsModal';
import { UserFormModal } from '../user-form/UserFormModal';
import {
  filterUsers,
  nextSort,
  NO_USER_FILTERS,
  sortUsers,
  type UserFilters,
  type UserSort,
} from './filterUsers';
import { UserFiltersBar } from './UserFiltersBar';
import { UsersTable } from './UsersTable';
import { useUserDirectory } from './useUserDirectory';

/** The one modal open at a time, and whom it is about. */
type OpenDialog =
  | { kind: 'none' }
  | { kind: 'add' }
  | { kind: 'edit'; user: ManagedUser }
  | { kind: 'details'; user: ManagedUser }
  | { kind: 'delete'; user: ManagedUser }
  | { kind: 'create-group' }
  | { kind: 'groups' };

const CLOSED: OpenDialog = { kind: 'none' };

/** /users: user management (USR-02) for administrators and group admins. */
export function UserManagementPage() {
  const { user: actor } = useSession();
  if (!canManageUsers(actor)) {
    // The shell's guard keeps other users away; this covers the remote's own dev page.
    return <Result status="403" title="User Management" subTitle={ADMIN_MESSAGES.noManagePermission} />;
  }
  return <UserManagement />;
}

function UserManagement() {
  const { user: actor } = useSession();
  const administers = canAdministerEverything(actor);
  const directory = useUserDirectory(actor);
  const [filters, setFilters] = useState<UserFilters>(NO_USER_FILTERS);
  const [sort, setSort] = useState<UserSort | null>(null);
  const [page, setPage] = useState(1);
  const [dialog, setDialog] = useState<OpenDialog>(CLOSED);

  const matching = useMemo(() => filterUsers(directory.users, filters), [directory.users, filters]);
  const rows = useMemo(() => sortUsers(matching, sort), [matching, sort]);

  const changeFilters = (next: UserFilters) => {
    setFilters(next);
    setPage(1);
  };
  const changeSort = useCallback((field: UserSort['field']) => {
    setSort((current) => nextSort(current, field));
    setPage(1);
  }, []);
  const view = useCallback((user: ManagedUser) => setDialog({ kind: 'details', user }), []);
  const edit = useCallback((user: ManagedUser) => setDialog({ kind: 'edit', user }), []);
  const close = () => setDialog(CLOSED);
  const closeAndReload = () => {
    setDialog(CLOSED);
    void directory.reloadUsers();
  };

  return (
    <div style={{ padding: 24 }}>
      <Flex vertical gap="large">
        <Flex justify="space-between" align="center" wrap gap="middle">
          <Typography.Title level={1} id="user-management-title" style={{ margin: 0 }}>
            User Management
          </Typography.Title>
          <Flex gap="small" wrap>
            {administers && <Button onClick={() => setDialog({ kind: 'groups' })}>View Groups</Button>}
            {administers && <Button onClick={() => setDialog({ kind: 'create-group' })}>Create Group</Button>}
            <Button
              type="primary"
              icon={<PlusOutlined aria-hidden />}
              onClick={() => setDialog({ kind: 'add' })}
            >
              Add User
            </Button>
          </Flex>
        </Flex>

        <Card>
          <Flex vertical gap="middle">
            <UserFiltersBar
              filters={filters}
              onChange={changeFilters}
              groups={administers ? directory.groups : null}
            />
            {directory.groupsError && <Alert type="warning" showIcon title={directory.groupsError} />}
            {directory.error ? (
              <Alert
                type="error"
                showIcon
                title={directory.error}
                action={
                  <Button size="small" onClick={() => void directory.reloadUsers()}>
                    Retry
                  </Button>
                }
              />
            ) : (
              <Typography.Text type="secondary" role="status">
                {directory.loading && directory.users.length === 0
                  ? 'Loading users...'
                  : `Showing ${matching.length} of ${directory.users.length} users`}
              </Typography.Text>
            )}
            <UsersTable
              actor={actor}
              users={rows}
              loading={directory.loading}
              sort={sort}
              onSort={changeSort}
              page={page}
              onPageChange={setPage}
              onView={view}
              onEdit={edit}
            />
          </Flex>
        </Card>
      </Flex>

      <UserFormModal
        open={dialog.kind === 'add' || dialog.kind === 'edit'}
        actor={actor}
        user={dialog.kind === 'edit' ? dialog.user : null}
        groups={directory.groups}
        accessLevels={directory.accessLevels}
        onCancel={close}
        onSaved={(saved) => {
          // Editing one's own account here changes the session too (name in the navbar, role).
          refreshSignedInUser(saved);
          closeAndReload();
        }}
        onDelete={(user) => setDialog({ kind: 'delete', user })}
      />
      <UserDetailsModal
        open={dialog.kind === 'details'}
        actor={actor}
        user={dialog.kind === 'details' ? dialog.user : null}
        onClose={close}
        onChanged={() => void directory.reloadUsers()}
      />
      <ConfirmDeleteModal
        open={dialog.kind === 'delete'}
        user={dialog.kind === 'delete' ? dialog.user : null}
        onCancel={close}
        onDeleted={closeAndReload}
      />
      {administers && (
        <>
          <CreateGroupModal
            open={dialog.kind === 'create-group'}
            onCancel={close}
            onCreated={() => {
              setDialog(CLOSED);
              void directory.reloadGroups();
            }}
          />
          <AllGroupsModal
            open={dialog.kind === 'groups'}
            groups={directory.groups}
            users={directory.users}
            error={directory.groupsError}
            onClose={close}
          />
        </>
      )}
    </div>
  );
}
