import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ArticleLayout, type ArticleSection } from '../../ui/article-layout';

const SECTIONS: ArticleSection[] = [
  {
    id: 'using',
    title: 'Using Cinema DNA',
    body: (
      <p>
        Cinema DNA lets you search for connections between cinema entities, and, with an account, save paths, take part in challenges, keep a
        film diary and interact with other members. Anyone may search without an account.
      </p>
    ),
  },
  {
    id: 'accounts',
    title: 'Accounts',
    body: (
      <ul>
        <li>You must be at least 13 years old to create an account.</li>
        <li>You are responsible for keeping your password private and for what is done with your account.</li>
        <li>One person, one account. Usernames that impersonate others or are offensive may be changed or removed.</li>
      </ul>
    ),
  },
  {
    id: 'your-content',
    title: 'What you post',
    body: (
      <p>
        Reviews, diary notes and other content you add remain yours. By posting content that others can see, you allow us to display it within
        the service. Don't post anything unlawful, hateful or that infringes someone else's rights; we may remove such content and suspend
        accounts that repeatedly do so.
      </p>
    ),
  },
  {
    id: 'fair-use',
    title: 'Fair use of the service',
    body: (
      <ul>
        <li>Don't try to break, overload or scrape the service; automated access is rate limited.</li>
        <li>Don't use scripts or shared accounts to gain points in challenges or rankings.</li>
      </ul>
    ),
  },
  {
    id: 'film-data',
    title: 'Film data',
    body: (
      <p>
        Film, people and award information comes from TMDB, IMDb and Wikidata and belongs to them and their contributors. It is provided as is;
        it may contain errors or be incomplete. This product uses the TMDB API but is not endorsed or certified by TMDB.
      </p>
    ),
  },
  {
    id: 'no-warranty',
    title: 'No warranty',
    body: (
      <p>
        Cinema DNA is provided without warranty of any kind. We do our best to keep it available and correct, but we can't promise it will
        always be either.
      </p>
    ),
  },
  {
    id: 'changes',
    title: 'Changes',
    body: (
      <p>
        We may update these terms as the product grows. Material changes will be announced in the app. Questions? <Link to="/contact">Contact us</Link>.
      </p>
    ),
  },
];

export default function TermsPage() {
  useDocumentTitle('Terms');
  return (
    <ArticleLayout
      eyebrow="Legal"
      title="Terms of Use"
      lead="The short version: be kind, don't abuse the service, and remember the film data belongs to its sources."
      sections={SECTIONS}
    />
  );
}
