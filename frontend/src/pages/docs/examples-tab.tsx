import type { DocsExamples } from '@cinema-dna/shared-types';
import { exampleSearch, ReferenceError, ReferenceSkeleton, RunnableExample, useDocsExamples } from '../../features/api-docs/guide-entry';
import { docCode } from '../../ui/doc-section';

/** Worked examples: each one is a real request to this server, sent when its Run button is pressed. */
export function ExamplesTab() {
  const examples = useDocsExamples();
  if (examples.isPending) return <ReferenceSkeleton rows={4} />;
  if (examples.isError) return <ReferenceError message={examples.error.message} onRetry={() => void examples.refetch()} />;
  return <Examples examples={examples.data} />;
}

/** The examples, naming entities the server chose from the catalog it has loaded. */
function Examples({ examples }: { examples: DocsExamples }) {
  const { from, to, movie, genre, searchText } = examples;
  return (
    <div className="grid gap-8">
      <p className="max-w-3xl text-[15px] leading-relaxed text-bone-300">
        Each example below is a real call. Press <strong className="text-bone-50">Run</strong> and it goes to this server; what comes back is the live
        answer, with its status, the time your browser measured, and its headers. Copy the cURL or JavaScript to run it from your own machine.
      </p>
      <RunnableExample id="example-typeahead" title="Find an entity as you type" method="get" path={`/api/search?q=${encodeURIComponent(searchText)}&limit=5`}>
        <p>
          The typeahead behind every search box. It answers from the second character, tolerates one typo and folds accents; whole-name matches come
          first, then word starts, then the most popular. Each result carries its <code className={docCode}>key</code> (<code className={docCode}>type:id</code>),
          the name you pass to the connection calls.
        </p>
      </RunnableExample>
      <RunnableExample
        id="example-find-connection"
        title="Find the chain between two people"
        method="post"
        path="/api/connections/find"
        body={{ fromEntityId: from.key, toEntityId: to.key, maxDegrees: 6 }}
      >
        <p>
          From {from.name} to {to.name}. The heart of the API: the shortest chain of links from one entity to another, within <code className={docCode}>maxDegrees</code> (1 to 8, 6 by
          default). <code className={docCode}>path</code> lists the steps in order, each with the entity and the link to the next one (
          <code className={docCode}>acted_in</code> as a character, <code className={docCode}>directed</code>...); <code className={docCode}>degrees</code> counts
          the links. Run it twice: the second answer comes from the cache (<code className={docCode}>cached: true</code>).
        </p>
      </RunnableExample>
      <RunnableExample
        id="example-tuned-search"
        title="Tune a search"
        method="post"
        path="/api/find-connection"
        body={exampleSearch(examples, { maxDegrees: 4, allowedTypes: ['person', 'movie'], prioritizeDirectConnections: true, weightByPopularity: true, includeObscureConnections: false })}
      >
        <p>
          The same search with its switches: only people and films in between, at most four links. Among equally short chains, core links (top-billed
          cast, directors, writers) beat supporting ones, then popular entities win; the answer says how many shortest chains there were (
          <code className={docCode}>shortestPathCount</code>) and whether it had to use obscure links (<code className={docCode}>usedObscure</code>).
        </p>
      </RunnableExample>
      <RunnableExample id="example-trending" title="What people are searching" method="get" path="/api/trending">
        <p>
          The most searched pairs, each with its answer for the default parameters and how often it was searched. Every search anyone runs, including
          the examples above, counts.
        </p>
      </RunnableExample>
      <RunnableExample id="example-entity" title="An entity’s page" method="get" path={`/api/entity/${to.type}/${encodeURIComponent(to.id)}`}>
        <p>
          {to.name}’s page. Everything an entity page shows: for a person, their details and filmography; for a film, its cast in billing order, crew, genres and
          ratings; for every entity, how many links it has.
        </p>
      </RunnableExample>
      <RunnableExample
        id="example-films"
        title="A genre’s films"
        method="get"
        path={`/api/entity/${genre.type}/${encodeURIComponent(genre.id)}/films?page=1&limit=12`}
      >
        <p>
          The films of {genre.name} (the genre of {movie.name}), best known first, a page at a time: <code className={docCode}>total</code> counts them all,{' '}
          <code className={docCode}>page</code> goes from 1. Keywords, companies, collections, awards and places list their films the same way.
        </p>
      </RunnableExample>
      <RunnableExample id="example-faceted" title="Filter the catalog" method="get" path="/api/search/faceted?query=the&entityTypes=movie&sortBy=vote_average&limit=5">
        <p>
          Search with filters: entity types, years, ratings, genres, countries, languages and awards (lists are comma-separated), sorted by popularity,
          release date, rating, votes or title.
        </p>
      </RunnableExample>
    </div>
  );
}
