import { lazy } from 'react';
import { PROFILE_TEXTS } from '@cinema-dna/shared-types';
import type { RouteObject } from 'react-router-dom';
import HomePage from '../pages/home/home-page';
import NotFoundPage from '../pages/not-found/not-found-page';
import { Layout } from './layout/layout';

// Home and the not-found page ship in the main bundle; every other page is its own lazy chunk.
const AboutPage = lazy(() => import('../pages/about/about-page'));
const TermsPage = lazy(() => import('../pages/terms/terms-page'));
const PrivacyPage = lazy(() => import('../pages/privacy/privacy-page'));
const HelpPage = lazy(() => import('../pages/help/help-page'));
const ContactPage = lazy(() => import('../pages/contact/contact-page'));
const EntityPage = lazy(() => import('../pages/entity/entity-page'));
const ConnectionPage = lazy(() => import('../pages/connection/connection-page'));
const ConnectionResultPage = lazy(() => import('../pages/connection-result/connection-result-page'));
const LoginPage = lazy(() => import('../pages/login/login-page'));
/** Sign-in required: guarded by RequireAuth inside the page. */
const ApiKeysPage = lazy(() => import('../pages/account/api-keys-page'));
const VerifyEmailPage = lazy(() => import('../pages/verify-email/verify-email-page'));
/** The API reference with its test console, and the developer guide: their code never loads on other pages. */
const ApiDocsPage = lazy(() => import('../pages/api-docs/api-docs-page'));
const DocsPage = lazy(() => import('../pages/docs/docs-page'));
/** Progression: the badge collection (sign-in required, guarded inside the page) and the public boards. */
const BadgesPage = lazy(() => import('../pages/badges/badges-page'));
const LeaderboardsPage = lazy(() => import('../pages/leaderboards/leaderboards-page'));
/** Challenges: the page (signed-out prompt inside), the play screen and the race rooms. */
const ChallengesPage = lazy(() => import('../pages/challenges/challenges-page'));
const ChallengePlayPage = lazy(() => import('../pages/challenges/challenge-play-page'));
const RacePage = lazy(() => import('../pages/challenges/race-page'));
const DiaryPage = lazy(() => import('../pages/diary/diary-page'));
/** Community: the social page (guest preview inside), your own profile (guarded inside) and anyone's. */
const SocialPage = lazy(() => import('../pages/social/social-page'));
const ProfilePage = lazy(() => import('../pages/profile/profile-page'));
const UserProfilePage = lazy(() => import('../pages/profile/user-profile-page'));
/** Discovery: the lists, the special picks and, signed in, the recommendations. */
const DiscoveryPage = lazy(() => import('../pages/discovery/discovery-page'));
/** Operations: the admin dashboard (role-gated inside; the server checks every call) and the public status page. */
const AdminPage = lazy(() => import('../pages/admin/admin-page'));
const StatusPage = lazy(() => import('../pages/status/status-page'));

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
