/** A destination in the header or footer. */
export interface NavItem {
  label: string;
  to: string;
}

/** Spec §2 "Navigation and footer": what a visitor who is not signed in sees. */
export const SIGNED_OUT_NAV: NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Discovery', to: '/discovery' },
  { label: 'Rankings', to: '/leaderboards' },
];

/** Spec §2: what a signed-in user sees (followed by the Level and points badges and Logout). */
export const SIGNED_IN_NAV: NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Discovery', to: '/discovery' },
  { label: 'Challenges', to: '/challenges' },
  { label: 'Community', to: '/social' },
  { label: 'Diary', to: '/diary' },
  { label: 'Badges', to: '/badges' },
  { label: 'Rankings', to: '/leaderboards' },
  { label: 'Profile', to: '/profile' },
];

/** Spec §2 footer groups, in order. */
export const FOOTER_GROUPS: Array<{ title: string; items: NavItem[] }> = [
  {
    title: 'Platform',
    items: [
      { label: 'Discovery', to: '/discovery' },
      { label: 'Rankings', to: '/leaderboards' },
      { label: 'Badges', to: '/badges' },
    ],
  },
  {
    title: 'Community',
    items: [
      { label: 'Social Feed', to: '/social' },
      { label: 'Film Diary', to: '/diary' },
      { label: 'API Documentation', to: '/api-docs' },
    ],
  },
  {
    title: 'Support',
    items: [
      { label: 'About', to: '/about' },
      { label: 'Help and FAQ', to: '/help' },
      { label: 'Contact', to: '/contact' },
      { label: 'System Status', to: '/status' },
    ],
  },
  {
    title: 'Legal',
    items: [
      { label: 'Terms', to: '/terms' },
      { label: 'Privacy', to: '/privacy' },
    ],
  },
];

/** The admin dashboard (spec route table), shown beside the account actions to administrators and moderators. */
export const ADMIN_NAV_ITEM: NavItem = { label: 'Admin', to: '/secure-admin-access-panel' };
