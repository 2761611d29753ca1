import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ArticleLayout, type ArticleSection } from '../../ui/article-layout';

const SECTIONS: ArticleSection[] = [
  {
    id: 'what-we-collect',
    title: 'What we collect',
    body: (
      <ul>
        <li>
          <strong>Account details</strong>: your username, email address and a securely hashed password, or your Google account's basic profile
          if you sign in with Google.
        </li>
        <li>
          <strong>What you create</strong>: saved connections, challenge attempts, points and badges, diary entries, reviews, your watchlist, and
          who you follow.
        </li>
        <li>
          <strong>Usage data</strong>: the searches you run and technical request logs (time, page or endpoint, browser type), used to keep the
          service running and to show trending connections.
        </li>
        <li>
          <strong>Messages</strong>: what you send through the contact form, so we can answer it.
        </li>
      </ul>
    ),
  },
  {
    id: 'cookies',
    title: 'Cookies',
    body: <p>We use one session cookie to keep you signed in. There are no advertising or cross-site tracking cookies.</p>,
  },
  {
    id: 'retention',
    title: 'How long we keep it',
    body: (
      <p>
        Account data and what you create are kept while your account exists. Usage data is retained for up to 2 years, then deleted or
        aggregated so it no longer identifies you.
      </p>
    ),
  },
  {
    id: 'sharing',
    title: 'Who else sees it',
    body: (
      <p>
        Your public profile, reviews and activity are visible to other members. Film images are loaded from TMDB's image service, which sees
        your browser's request for them. We do not sell or rent personal data to anyone.
      </p>
    ),
  },
  {
    id: 'children',
    title: 'Children',
    body: <p>Cinema DNA is not meant for children under 13, and we do not knowingly collect their personal data.</p>,
  },
  {
    id: 'your-choices',
    title: 'Your choices',
    body: (
      <p>
        You can ask us for a copy of your data, to correct it, or to delete your account and everything in it. Use the{' '}
        <Link to="/contact">contact form</Link> with the “Account” category; we reply within 24 hours.
      </p>
    ),
  },
];

export default function PrivacyPage() {
  useDocumentTitle('Privacy');
  return (
    <ArticleLayout
      eyebrow="Legal"
      title="Privacy Policy"
      lead="We collect what the product needs to work, keep it no longer than we say, and never sell it."
      sections={SECTIONS}
    />
  );
}
