import { DEFAULT_ALLOWED_TYPES, DEFAULT_MAX_DEGREES, ENTITY_TYPES, MAX_DEGREES, MIN_DEGREES } from '@cinema-dna/shared-types';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ErrorConventions, RateLimitConventions, SocketConventions, type ApiReference } from '../../features/api-docs/guide-entry';

const code = 'font-mono text-[13px] text-bone-50';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid min-w-0 content-start gap-3">
      <h2 id={id} className="font-display text-2xl font-medium tracking-tight text-bone-50">
        {title}
      </h2>
      <div className="grid min-w-0 gap-3 text-[15px] leading-relaxed text-bone-300">{children}</div>
    </section>
  );
}

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
        <Section id="guide-entities" title="Entities and their keys">
          <p>
            Everything in the graph is an entity of one of eight types: {ENTITY_TYPES.join(', ')}. An entity is named by its key,{' '}
            <code className={code}>type:id</code>, where the id is its source’s own: <code className={code}>person:tom-hanks</code> in the starter
            catalog, <code className={code}>movie:603</code> from TMDB, <code className={code}>person:nm0000158</code> from IMDb.
          </p>
          <p>
            You rarely type a key yourself: the typeahead (<code className={code}>GET /api/search?q=</code>) answers with each match’s{' '}
            <code className={code}>key</code>, ready for the connection calls.
          </p>
        </Section>
        <Section id="guide-degrees" title="Chains and degrees">
          <p>
            Entities are linked when one worked on, appeared in, belongs to or won another: an actor <code className={code}>acted_in</code> a film, a
            director <code className={code}>directed</code> it, a film <code className={code}>has_genre</code> Drama. A connection is the shortest chain of
            such links between two entities; its <code className={code}>degrees</code> are the number of links.
          </p>
          <p>
            The server searches from both ends at once, layer by layer. Over HTTP you get the answer; over Socket.IO you also watch each layer as it is
            explored.
          </p>
        </Section>
      </div>

      <Section id="guide-parameters" title="Search parameters">
        <dl className="grid gap-px overflow-hidden rounded-2xl ring-1 ring-inset ring-ink-700">
          {PARAMETERS.map(([name, meaning]) => (
            <div key={name} className="grid gap-1 bg-ink-900/60 px-4 py-3 sm:grid-cols-[16rem_minmax(0,1fr)] sm:gap-4">
              <dt>
                <code className={code}>{name}</code>
              </dt>
              <dd className="text-sm text-bone-400">{meaning}</dd>
            </div>
          ))}
        </dl>
      </Section>

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
