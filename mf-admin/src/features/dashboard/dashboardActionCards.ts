import { declaredRoutes, findRoute, hasFeature, type User } from '@ewrt/shared';
import { canManageUsers } from '../access/userManagementRules';

export interface DashboardActionCard {
  key: string;
  title: string;
  description: string;
  /** Where the card's button goes; null for My Profile, which opens a form here. */
  href: string | null;
}

// The advanced tools of the README's access-level table (the 'advanced-tools' feature): prompts, style
// document, structured templates and the personal opinion documents.
const ADVANCED_TOOL_CARDS: DashboardActionCard[] = [
  {
    key: 'prompt-edit',
    title: 'Edit Prompts',
    description: 'Adjust the prompts used to draft your reports.',
    href: '/prompt-edit',
  },
  {
    key: 'example-report',
    title: 'Style Document',
    description: 'Upload an example report so that drafts follow your writing style.',
    href: '/example-report',
  },
  {
    key: 'structured-templates',
    title: 'Structured Templates',
    description: 'Manage the section templates that structure your reports.',
    href: '/structured-templates',
  },
  {
    key: 'opinions-upload',
    title: 'Opinion Upload',
    description: 'Upload your own opinion documents to be processed for questions.',
    href: '/opinions/upload',
  },
  {
    key: 'opinions-query',
    title: 'Opinion Query',
    description: 'Ask questions about your processed opinion documents.',
    href: '/opinions/query',
  },
  {
    key: 'opinion-documents',
    title: 'Opinion Documents',
    description: 'Review, download and remove your opinion documents.',
    href: '/opinion-documents',
  },
];

const MY_PROFILE_CARD: DashboardActionCard = {
  key: 'my-profile',
  title: 'My Profile',
  description: 'Change your name, contact number or password.',
  href: null,
};

/**
 * The action cards of the user dashboard for the signed-in user (USR-08): Manage Users for administrators
 * and group admins, the advanced tools for administrators and levels with 'advanced-tools', and My Profile on
 * one's own dashboard. A restricted user, on their own dashboard, has My Profile alone.
 */
export function dashboardActionCards(
  viewer: User | null,
  { ownDashboard }: { ownDashboard: boolean },
): DashboardActionCard[] {
  const cards: DashboardActionCard[] = [];
  if (canManageUsers(viewer)) {
    cards.push({
      key: 'manage-users',
      title: 'Manage Users',
      description:
        viewer?.Administrator === 'yes'
          ? 'Add, edit and remove users, and manage groups.'
          : 'Add, edit and remove the users of your group.',
      href: '/users',
    });
  }
  // hasFeature grants administrators every feature whatever their level. A tool whose area this deployment does
  // not serve is not offered, as the patient dashboard does with its cards.
  if (hasFeature(viewer, 'advanced-tools')) {
    const deployed = declaredRoutes();
    cards.push(...ADVANCED_TOOL_CARDS.filter((card) => card.href && findRoute(card.href, deployed)));
  }
  if (ownDashboard) cards.push(MY_PROFILE_CARD);
  return cards;
}
