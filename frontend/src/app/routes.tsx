import { lazy } from 'react';
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

/** Marks the not-found route among the current matches. */
export const NOT_FOUND_HANDLE = { notFound: true } as const;

/** The route table of the spec, as far as it is built. */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <Layout />,
    children: [
      { index: true, element: <HomePage /> },
      { path: 'about', element: <AboutPage /> },
      { path: 'terms', element: <TermsPage /> },
      { path: 'privacy', element: <PrivacyPage /> },
      { path: 'help', element: <HelpPage /> },
      { path: 'contact', element: <ContactPage /> },
      { path: 'entity/:type/:id', element: <EntityPage /> },
      { path: 'connection', element: <ConnectionPage /> },
      { path: 'connection-result', element: <ConnectionResultPage /> },
      { path: 'login', element: <LoginPage /> },
      { path: 'account/api-keys', element: <ApiKeysPage /> },
      { path: 'verify-email', element: <VerifyEmailPage /> },
      { path: 'api-docs', element: <ApiDocsPage /> },
      { path: 'docs', element: <DocsPage /> },
      { path: 'badges', element: <BadgesPage /> },
      { path: 'leaderboards', element: <LeaderboardsPage /> },
      { path: 'challenges', element: <ChallengesPage /> },
      { path: 'challenges/play/:challengeId', element: <ChallengePlayPage /> },
      { path: 'challenges/race/:code', element: <RacePage /> },
      { path: 'diary', element: <DiaryPage /> },
      { path: 'social', element: <SocialPage /> },
      { path: 'profile', element: <ProfilePage /> },
      { path: 'u/:username', element: <UserProfilePage /> },
      { path: 'discovery', element: <DiscoveryPage /> },
      { path: 'secure-admin-access-panel', element: <AdminPage /> },
      { path: 'status', element: <StatusPage /> },
      // The header reads this handle: a nav item is never lit for a path that shows the not-found page.
      { path: '*', element: <NotFoundPage />, handle: NOT_FOUND_HANDLE },
    ],
  },
];
