import { PROFILE_TEXTS } from '@cinema-dna/shared-types';
import type { RouteObject } from 'react-router-dom';
import HomePage from '../pages/home/home-page';
import NotFoundPage from '../pages/not-found/not-found-page';
import { Layout } from './layout/layout';
import { lazyPage } from './lazy-page';

// Home and the not-found page ship in the main bundle; every other page is its own lazy chunk.
const AboutPage = lazyPage(() => import('../pages/about/about-page'));
const TermsPage = lazyPage(() => import('../pages/terms/terms-page'));
const PrivacyPage = lazyPage(() => import('../pages/privacy/privacy-page'));
const HelpPage = lazyPage(() => import('../pages/help/help-page'));
const ContactPage = lazyPage(() => import('../pages/contact/contact-page'));
const EntityPage = lazyPage(() => import('../pages/entity/entity-page'));
const ConnectionPage = lazyPage(() => import('../pages/connection/connection-page'));
const ConnectionResultPage = lazyPage(() => import('../pages/connection-result/connection-result-page'));
const LoginPage = lazyPage(() => import('../pages/login/login-page'));
/** Sign-in required: guarded by RequireAuth inside the page. */
const ApiKeysPage = lazyPage(() => import('../pages/account/api-keys-page'));
const VerifyEmailPage = lazyPage(() => import('../pages/verify-email/verify-email-page'));
/** The API reference with its test console, and the developer guide: their code never loads on other pages. */
const ApiDocsPage = lazyPage(() => import('../pages/api-docs/api-docs-page'));
const DocsPage = lazyPage(() => import('../pages/docs/docs-page'));
/** Progression: the badge collection (sign-in required, guarded inside the page) and the public boards. */
const BadgesPage = lazyPage(() => import('../pages/badges/badges-page'));
const LeaderboardsPage = lazyPage(() => import('../pages/leaderboards/leaderboards-page'));
/** Challenges: the page (signed-out prompt inside), the play screen and the race rooms. */
const ChallengesPage = lazyPage(() => import('../pages/challenges/challenges-page'));
const ChallengePlayPage = lazyPage(() => import('../pages/challenges/challenge-play-page'));
const RacePage = lazyPage(() => import('../pages/challenges/race-page'));
const DiaryPage = lazyPage(() => import('../pages/diary/diary-page'));
/** Community: the social page (guest preview inside), your own profile (guarded inside) and anyone's. */
const SocialPage = lazyPage(() => import('../pages/social/social-page'));
const ProfilePage = lazyPage(() => import('../pages/profile/profile-page'));
const UserProfilePage = lazyPage(() => import('../pages/profile/user-profile-page'));
/** Discovery: the lists, the special picks and, signed in, the recommendations. */
const DiscoveryPage = lazyPage(() => import('../pages/discovery/discovery-page'));
/** Operations: the admin dashboard (role-gated inside; the server checks every call) and the public status page. */
const AdminPage = lazyPage(() => import('../pages/admin/admin-page'));
const StatusPage = lazyPage(() => import('../pages/status/status-page'));

/**
 * What a route tells the shell: its tab title ("<title> · Cinema DNA"; null for the product name alone).
 * The layout sets it on arrival, so no route is ever left with the bare product name or the last page's
 * title; a page may refine it once it knows more (a film's name, a race's code).
 */
export interface RouteHandle {
  title: string | null;
  notFound?: true;
}
const page = (title: string | null): RouteHandle => ({ title });

/** Marks the not-found route among the current matches. */
export const NOT_FOUND_HANDLE = { notFound: true } as const;

/** The route table of the spec, as far as it is built. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <HomePage />, handle: page(null) },
      { path: 'about', element: <AboutPage />, handle: page('About') },
      { path: 'terms', element: <TermsPage />, handle: page('Terms') },
      { path: 'privacy', element: <PrivacyPage />, handle: page('Privacy') },
      { path: 'help', element: <HelpPage />, handle: page('Help and FAQ') },
      { path: 'contact', element: <ContactPage />, handle: page('Contact') },
      { path: 'entity/:type/:id', element: <EntityPage />, handle: page('Entity') },
      { path: 'connection', element: <ConnectionPage />, handle: page('Shared connection') },
      { path: 'connection-result', element: <ConnectionResultPage />, handle: page('Connection') },
      { path: 'login', element: <LoginPage />, handle: page('Login') },
      { path: 'account/api-keys', element: <ApiKeysPage />, handle: page('API keys') },
      { path: 'verify-email', element: <VerifyEmailPage />, handle: page('Confirm your email') },
      { path: 'api-docs', element: <ApiDocsPage />, handle: page('API Documentation') },
      { path: 'docs', element: <DocsPage />, handle: page('Developer Guide') },
      { path: 'badges', element: <BadgesPage />, handle: page('Badges') },
      { path: 'leaderboards', element: <LeaderboardsPage />, handle: page('Rankings') },
      { path: 'challenges', element: <ChallengesPage />, handle: page('Challenges') },
      { path: 'challenges/play/:challengeId', element: <ChallengePlayPage />, handle: page('Play a challenge') },
      { path: 'challenges/race/:code', element: <RacePage />, handle: page('Race') },
      { path: 'diary', element: <DiaryPage />, handle: page('Film Diary') },
      { path: 'social', element: <SocialPage />, handle: page('Community') },
      { path: 'profile', element: <ProfilePage />, handle: page(PROFILE_TEXTS.ownTitle) },
      { path: 'u/:username', element: <UserProfilePage />, handle: page('Profile') },
      { path: 'discovery', element: <DiscoveryPage />, handle: page('Discovery') },
      { path: 'secure-admin-access-panel', element: <AdminPage />, handle: page('Admin Dashboard') },
      { path: 'status', element: <StatusPage />, handle: page('System Status') },
      // The header reads this handle: a nav item is never lit for a path that shows the not-found page.
      { path: '*', element: <NotFoundPage />, handle: { ...NOT_FOUND_HANDLE, ...page('Page not found') } },
    ],
  },
];
