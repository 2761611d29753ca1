import { ENTITY_TYPES } from '@cinema-dna/shared-types';
import { Radar, Route, Shapes } from 'lucide-react';
import { Link } from 'react-router-dom';

const STEPS = [
  {
    icon: Shapes,
    title: 'Pick two entities',
    body: `Any two points in the film world: ${ENTITY_TYPES.slice(0, -1).join(', ')} or ${ENTITY_TYPES.at(-1)}.`,
  },
  {
    icon: Radar,
    title: 'Watch the search',
    body: 'The search spreads out from both ends at once, layer by layer, and you see each layer as it is explored.',
  },
  {
    icon: Route,
    title: 'Follow the chain',
    body: 'The shortest path comes back with every link named (acted in, directed, produced, won), never more than six degrees long.',
  },
];

/** How it works: the three feature blurbs. */
export function FeatureBlurbs() {
  return (
    <section id="how-it-works" className="scroll-mt-20 border-t border-ink-800">
      <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-24 lg:px-8">
        <div className="max-w-2xl">
          <p className="text-xs font-semibold uppercase tracking-[0.22em] text-amber-glow">How it works</p>
          <h2 className="mt-4 font-display text-3xl font-medium tracking-tight text-bone-50 sm:text-4xl">Every film is a few handshakes from every other.</h2>
        </div>
        <ol className="mt-12 grid gap-px overflow-hidden rounded-2xl border border-ink-800 bg-ink-800 md:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="relative bg-ink-900 p-7 sm:p-8">
              <div className="flex items-center justify-between">
                <span className="flex size-11 items-center justify-center rounded-xl bg-ink-800 text-amber-glow ring-1 ring-inset ring-ink-700">
                  <step.icon aria-hidden className="size-5" strokeWidth={1.6} />
                </span>
                <span aria-hidden className="font-display text-4xl font-light text-bone-500/80">
                  0{index + 1}
                </span>
              </div>
              <h3 className="mt-6 text-lg font-semibold text-bone-50">{step.title}</h3>
              <p className="mt-2 leading-relaxed text-bone-400">{step.body}</p>
            </li>
          ))}
        </ol>
        <p className="mt-10 text-sm text-bone-500">
          Film and people data from TMDB and IMDb; awards from Wikidata.{' '}
          <Link to="/about" className="text-bone-300 underline decoration-ink-600 underline-offset-4 hover:text-amber-soft hover:decoration-amber-glow">
            About the data
          </Link>
        </p>
      </div>
    </section>
  );
}
