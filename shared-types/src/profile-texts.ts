/** The profile pages' texts and limits, apart from its schemas: the route table reads the title on every page. */

export const PROFILE_TEXTS = {
  signInRequired: 'Please sign in to view your profile and track your movie discovery journey.',
  notFound: 'Profile Not Found',
  /** The tab title of /profile, your own profile (also while it loads or asks you to sign in). */
  ownTitle: 'Your profile',
} as const;

export const DISPLAY_NAME_MAX = 40;
export const BIO_MAX = 500;
/** Spec §9: recent activity 5; achievement targets. */
export const PROFILE_RECENT_CONNECTIONS = 5;
export const ACHIEVEMENTS = [
  { id: 'connection-explorer', name: 'Connection Explorer', target: 10 },
  { id: 'review-master', name: 'Review Master', target: 10 },
  { id: 'point-collector', name: 'Point Collector', target: 1000 },
] as const;
