import { Descriptions } from 'antd';
import type { ManagedUser } from '@ewrt/contract';
import { RoleBadge, StatusBadge } from './UserBadges';
import {
  accessLevelLabel,
  dateAddedLabel,
  groupLabel,
  lastSignInLabel,
  orNotGiven,
  twoFactorLabel,
} from './userLabels';

/** Who the user is: name, username and how to reach them. */
export function UserIdentityFacts({ user, title }: { user: ManagedUser; title?: string }) {
  return (
    <Descriptions
      title={title}
      column={1}
      size="small"
      items={[
        { key: 'name', label: 'Name', children: user.Name },
        { key: 'username', label: 'Username', children: user.Username },
        { key: 'email', label: 'Email', children: orNotGiven(user.Email) },
        { key: 'contact', label: 'Contact number', children: orNotGiven(user.ContactNumber) },
      ]}
    />
  );
}

/** The account: group, role, access level, status, two-factor, when added and when last signed in. */
export function UserAccountFacts({ user, title }: { user: ManagedUser; title?: string }) {
  return (
    <Descriptions
      title={title}
      column={1}
      size="small"
      items={[
        { key: 'group', label: 'Group', children: groupLabel(user) },
        { key: 'role', label: 'Role', children: <RoleBadge user={user} /> },
        { key: 'level', label: 'Access level', children: accessLevelLabel(user) },
        { key: 'status', label: 'Status', children: <StatusBadge active={user.user_active === 1} /> },
        { key: 'two-factor', label: 'Two-factor authentication', children: twoFactorLabel(user) },
        { key: 'added', label: 'Date added', children: dateAddedLabel(user) },
        { key: 'last-login', label: 'Last sign-in', children: lastSignInLabel(user) },
      ]}
    />
  );
}
