import { ENTITY_TYPES } from '@cinema-dna/shared-types';
import { ArrowRight, Radar, Route, Shapes } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/use-document-title';
import { buttonClasses } from '../../ui/button';
import { DegreeChain } from './degree-chain';

// Film grain: fractal noise, tiled behind the hero at low opacity.
const GRAIN =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='160' height='160'%3E%3Cfilter id='n'%3E%3CfeTurbulence type='fractalNoise' baseFrequency='0.9' numOctaves='2' stitchTiles='stitch'/%3E%3C/filter%3E%3Crect width='100%25' height='100%25' filter='url(%23n)'/%3E%3C/svg%3E\")";

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

export default function HomePage() {
  useDocumentTitle();
  return (
    <>
      <section className="relative isolate overflow-hidden">
        <div aria-hidden className="pointer-events-none absolute inset-0 -z-10">
          <div className="absolute left-1/2 top-[-30%] h-[120%] w-[140%] -translate-x-1/2 bg-[radial-gradient(ellipse_at_top,rgba(242,176,74,0.16),rgba(242,176,74,0.04)_35%,transparent_65%)]" />
          <div className="absolute inset-0 opacity-[0.07] mix-blend-overlay" style={{ backgroundImage: GRAIN }} />
          <div className="absolute inset-x-0 bottom-0 h-40 bg-gradient-to-b from-transparent to-ink-900" />
        </div>
        <div className="mx-auto max-w-7xl px-4 pb-20 pt-20 text-center sm:px-6 sm:pb-28 sm:pt-28 lg:px-8">
          <p className="text-xs font-semibold uppercase tracking-[0.28em] text-amber-glow">Six degrees of cinema</p>
          <h1 className="mt-6 font-display text-6xl font-medium leading-[0.95] tracking-tight text-bone-50 sm:text-8xl lg:text-[8.5rem]">
            Cinema DNA
          </h1>
          <p className="mx-auto mt-7 max-w-2xl text-lg leading-relaxed text-bone-300 sm:text-xl">
            Name any two cinema entities and Cinema DNA finds the chain of links between them, within six degrees.
          </p>
          <div className="mt-10 flex flex-col items-center justify-center gap-3 sm:flex-row">
            <a href="#how-it-works" className={buttonClasses('primary', 'lg')}>
              See how it works
              <ArrowRight aria-hidden className="size-4" />
            </a>
            <Link to="/help" className={buttonClasses('secondary', 'lg')}>
              Read the guide
            </Link>
          </div>
          <div className="mt-20 sm:mt-24">
            <DegreeChain />
          </div>
        </div>
      </section>

      <section id="how-it-works" className="scroll-mt-20 border-t border-ink-800">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 sm:py-24 lg:px-8">
          <div className="max-w-2xl">
            <p className="text-xs font-semibold uppercase tracking-[0.22em] text-amber-glow">How it works</p>
            <h2 className="mt-4 font-display text-3xl font-medium tracking-tight text-bone-50 sm:text-4xl">
              Every film is a few handshakes from every other.
            </h2>
          </div>
          <ol className="mt-12 grid gap-px overflow-hidden rounded-2xl border border-ink-800 bg-ink-800 md:grid-cols-3">
            {STEPS.map((step, index) => (
              <li key={step.title} className="relative bg-ink-900 p-7 sm:p-8">
                <div className="flex items-center justify-between">
                  <span className="flex size-11 items-center justify-center rounded-xl bg-ink-800 text-amber-glow ring-1 ring-inset ring-ink-700">
                    <step.icon aria-hidden className="size-5" strokeWidth={1.6} />
                  </span>
                  <span aria-hidden className="font-display text-4xl font-light text-ink-600">
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
    </>
  );
}
