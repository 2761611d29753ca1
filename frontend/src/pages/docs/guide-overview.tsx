import { DEFAULT_ALLOWED_TYPES, DEFAULT_MAX_DEGREES, ENTITY_TYPES, MAX_DEGREES, MIN_DEGREES } from '@cinema-dna/shared-types';
import { Link } from 'react-router-dom';
import { ErrorConventions, RateLimitConventions, SocketConventions, type ApiReference } from '../../features/api-docs/guide-entry';
import { DocSection, docCode } from '../../ui/doc-section';

/** The search switches, with their defaults from the contract. */
const PARAMETERS: Array<[string, string]> = [
  ['maxDegrees', `How many links the chain may have: ${MIN_DEGREES} to ${MAX_DEGREES}, ${DEFAULT_MAX_DEGREES} by default.`],
  ['allowedTypes', `Which kinds of entity may stand in between. By default: ${DEFAULT_ALLOWED_TYPES.join(', ')}.`],
  ['prioritizeDirectConnections', 'On by default: among equally short chains, core links (top-billed cast, directors, writers, composers) beat supporting ones, which beat obscure ones.'],
  ['weightByPopularity', 'On by default: then chains through well-known people and films win.'],
  ['includeObscureConnections', 'Off by default: minor crew jobs and links through genres, keywords, companies and places are used only when nothing else fits.'],
  ['avoid', 'Entity keys to leave out of the chain, to find another route.'],
];

/** The guide's opening: the ideas behind every call. */
export function GuideOverview({ reference }: { reference?: ApiReference }) {
  return (
    <div className="grid gap-12">
      <div className="grid gap-12 xl:grid-cols-2">
        <DocSection id="guide-entities" title="Entities and their keys">
          <p>
            Everything in the graph is an entity of one of eight types: {ENTITY_TYPES.join(', ')}. An entity is named by its key,{' '}
            <code className={docCode}>type:id</code>, where the id is its source’s own: <code className={docCode}>person:tom-hanks</code> in the starter
            catalog, <code className={docCode}>movie:603</code> from TMDB, <code className={docCode}>person:nm0000158</code> from IMDb.
          </p>
          <p>
            You rarely type a key yourself: the typeahead (<code className={docCode}>GET /api/search?q=</code>) answers with each match’s{' '}
            <code className={docCode}>key</code>, ready for the connection calls.
          </p>
        </DocSection>
        <DocSection id="guide-degrees" title="Chains and degrees">
          <p>
            Entities are linked when one worked on, appeared in, belongs to or won another: an actor <code className={docCode}>acted_in</code> a film, a
            director <code className={docCode}>directed</code> it, a film <code className={docCode}>has_genre</code> Drama. A connection is the shortest chain of
            such links between two entities; its <code className={docCode}>degrees</code> are the number of links.
          </p>
          <p>
            The server searches from both ends at once, layer by layer. Over HTTP you get the answer; over Socket.IO you also watch each layer as it is
            explored.
          </p>
        </DocSection>
      </div>

      <DocSection id="guide-parameters" title="Search parameters">
        <dl className="grid gap-px overflow-hidden rounded-2xl ring-1 ring-inset ring-ink-700">
          {PARAMETERS.map(([name, meaning]) => (
            <div key={name} className="grid gap-1 bg-ink-900/60 px-4 py-3 sm:grid-cols-[16rem_minmax(0,1fr)] sm:gap-4">
              <dt>
                <code className={docCode}>{name}</code>
              </dt>
              <dd className="text-sm text-bone-400">{meaning}</dd>
            </div>
          ))}
        </dl>
      </DocSection>

      <div className="grid gap-12 xl:grid-cols-2">
        <ErrorConventions />
        <RateLimitConventions reference={reference} />
      </div>
      <SocketConventions />

      <p className="text-[15px] text-bone-300">
        Ready to try? The Examples tab runs real calls, and{' '}
        <Link to="/api-docs?tab=testing" className="text-amber-soft underline decoration-amber-glow/40 underline-offset-4 hover:text-amber-glow">
          the test console
        </Link>{' '}
        sends any request you write.
      </p>
    </div>
  );
}
