import type { ReactNode } from 'react';
import { Tag } from 'antd';
import {
  CheckCircleOutlined,
  SafetyCertificateOutlined,
  StopOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import type { User } from '@ewrt/shared';
import { userRoleLabel, type UserRoleLabel } from '../access/userManagementRules';

// Badges say what they mean in words, with an icon: colour is never the only signal (WCAG 1.4.1). They keep the
// theme's text colour, which reaches 4.5:1 on the tag background.
const ROLE_ICONS: Record<UserRoleLabel, ReactNode> = {
  Administrator: <SafetyCertificateOutlined aria-hidden />,
  'Group Admin': <TeamOutlined aria-hidden />,
  User: <UserOutlined aria-hidden />,
};

export function RoleBadge({ user }: { user: Pick<User, 'Administrator' | 'group_admin'> }) {
  const role = userRoleLabel(user);
  return <Tag icon={ROLE_ICONS[role]}>{role}</Tag>;
}

export function StatusBadge({ active }: { active: boolean }) {
  return active ? (
    <Tag icon={<CheckCircleOutlined aria-hidden />}>Active</Tag>
  ) : (
    <Tag icon={<StopOutlined aria-hidden />} variant="filled">
      Inactive
    </Tag>
  );
}
