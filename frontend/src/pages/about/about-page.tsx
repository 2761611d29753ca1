import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ArticleLayout, type ArticleSection } from '../../ui/article-layout';

const SECTIONS: ArticleSection[] = [
  {
    id: 'what-it-is',
    title: 'What it is',
    body: (
      <>
        <p>
          Pick two cinema entities (a person, a movie, a genre, a keyword, a company, a collection, an award or a location) and Cinema DNA
          searches for the chain of links that joins them, within six degrees. Every link is a real relationship: an actor appeared in a film,
          a director made it, a studio produced it, it won or was nominated for an award.
        </p>
        <p>
          The search is a breadth-first, shortest-path search run from both ends at once over a graph held in memory, so an answer usually
          comes back while you watch it being found.
        </p>
      </>
    ),
  },
  {
    id: 'around-the-search',
    title: 'Around the search',
    body: (
      <p>
        With an account you can save the paths you find, take on daily challenges for points, keep a film diary and a watchlist, write
        reviews, follow other film lovers, earn badges and climb the rankings.
      </p>
    ),
  },
  {
    id: 'data-sources',
    title: 'Where the data comes from',
    body: (
      <>
        <ul>
          <li>
            <strong>TMDB</strong>: films, people, credits, companies, collections and images. This product uses the TMDB API but is not
            endorsed or certified by TMDB.
          </li>
          <li>
            <strong>IMDb</strong>: the public IMDb datasets of titles, names and principal credits. Information courtesy of IMDb (
            <a href="https://www.imdb.com" target="_blank" rel="noreferrer">
              https://www.imdb.com
            </a>
            ). Used with permission.
          </li>
          <li>
            <strong>Wikidata</strong>: award winners and nominees, from the free knowledge base.
          </li>
        </ul>
        <p>
          Spotted a wrong credit or a missing link? <Link to="/contact">Tell us</Link> and choose the “Data correction” category.
        </p>
      </>
    ),
  },
];

export default function AboutPage() {
  useDocumentTitle('About');
  return (
    <ArticleLayout
      eyebrow="About"
      title="A map of who worked with whom"
      lead="Cinema DNA turns a century of credits into one graph, then finds the shortest chain of links between any two points in it."
      sections={SECTIONS}
    />
  );
}
