import type { EntitySummary } from '@cinema-dna/shared-types';
import { useSnapshot } from 'valtio';
import { DailyChallengeCard } from '../../features/challenges';
import { ConnectionFinder, ExamplePairs, LazyAdvancedPanel, SearchStage, TrendingGrid, connectionsState, setFromEntity, setPair, setToEntity, useConnectionSearch } from '../../features/connections';
import { LazyFacetedFilterPanel } from '../../features/faceted-search';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LoadWhenNear } from '../../ui/load-when-near';
import { Skeleton } from '../../ui/skeleton';
import { FeatureBlurbs } from './feature-blurbs';
import { HeroStats } from './hero-stats';

// Film grain: fractal noise, tiled behind the hero at low opacity.
const GRAIN =
  "url(\"data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='160' height='160'%3E%3Cfilter id='n'%3E%3CfeTurbulence type='fractalNoise' baseFrequency='0.9' numOctaves='2' stitchTiles='stitch'/%3E%3C/filter%3E%3Crect width='100%25' height='100%25' filter='url(%23n)'/%3E%3C/svg%3E\")";

function SectionHeading({ eyebrow, title, lead }: { eyebrow: string; title: string; lead?: string }) {
  return (
    <div className="mb-8 max-w-2xl">
      <p className="text-xs font-semibold uppercase tracking-[0.22em] text-amber-glow">{eyebrow}</p>
      <h2 className="mt-3 font-display text-3xl font-medium tracking-tight text-bone-50 sm:text-4xl">{title}</h2>
      {lead && <p className="mt-3 leading-relaxed text-bone-400">{lead}</p>}
    </div>
  );
}

/** Home: the hero with the catalog's numbers and the finder, the live search, trending, the advanced tools. */
export default function HomePage() {
  useDocumentTitle();
  const { run } = useConnectionSearch('finder');
  const { from, to } = useSnapshot(connectionsState);

  function runPair(a: EntitySummary, b: EntitySummary) {
    setPair(a, b);
    run(a, b);
  }

  function pick(entity: EntitySummary, end: 'from' | 'to') {
    if (end === 'from') setFromEntity(entity);
    else setToEntity(entity);
  }

  return (
    <>
      <section className="relative isolate">
        {/* Decoration sized by the viewport, not by the section, and faded out by a mask: as the hero's
            numbers and examples arrive, nothing here moves (no layout shift). */}
        <div aria-hidden className="pointer-events-none absolute inset-0 -z-10 overflow-hidden [mask-image:linear-gradient(to_bottom,black_calc(100%-10rem),transparent)]">
          <div className="absolute left-1/2 top-[-14rem] h-[58rem] w-[140%] -translate-x-1/2 bg-[radial-gradient(ellipse_at_top,rgba(242,176,74,0.16),rgba(242,176,74,0.04)_35%,transparent_65%)]" />
          <div className="absolute inset-0 opacity-[0.07] mix-blend-overlay" style={{ backgroundImage: GRAIN }} />
        </div>
        <div className="mx-auto max-w-7xl px-4 pb-14 pt-10 text-center sm:px-6 sm:pb-20 sm:pt-20 lg:px-8">
          <p className="text-xs font-semibold uppercase tracking-[0.28em] text-amber-glow">Six degrees of cinema</p>
          {/* Sized by the phone's width below `sm`: one line in the web font and in its fallback alike (at a fixed
              60 px the fallback wrapped at 390 wide where Fraunces did not, so the font's arrival moved the page). */}
          <h1 className="mt-5 font-display text-[length:min(3.75rem,14vw)] font-medium leading-[0.95] tracking-tight text-bone-50 sm:text-8xl lg:text-[7.5rem]">Cinema DNA</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-relaxed text-bone-300 sm:text-xl">
            Name any two cinema entities and Cinema DNA finds the chain of links between them, within six degrees.
          </p>
          <HeroStats />
          <div className="mx-auto mt-10 grid max-w-5xl gap-5 sm:mt-12">
            <ConnectionFinder />
            <ExamplePairs />
          </div>
        </div>
      </section>

      <SearchStage origin="finder" className="mx-auto max-w-7xl scroll-mt-24 px-4 pb-20 sm:px-6 lg:px-8" />

      <section aria-label="Today's challenge" className="border-t border-ink-800">
        <div className="mx-auto grid max-w-7xl gap-8 px-4 py-20 sm:px-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)] lg:items-center lg:px-8">
          <SectionHeading
            eyebrow="Play"
            title="Today’s challenge"
            lead="One pair for everyone, every day. Build the chain link by link before the clock runs out, in as few degrees as you can."
          />
          <DailyChallengeCard />
        </div>
      </section>

      <section aria-labelledby="trending-heading" className="border-t border-ink-800">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <div className="mb-8 max-w-2xl">
            <p className="text-xs font-semibold uppercase tracking-[0.22em] text-amber-glow">What people are searching</p>
            <h2 id="trending-heading" className="mt-3 font-display text-3xl font-medium tracking-tight text-bone-50 sm:text-4xl">
              Trending Connections
            </h2>
            <p className="mt-3 leading-relaxed text-bone-400">The pairs searched most often. Pick one to watch its search run.</p>
          </div>
          <TrendingGrid onRun={runPair} />
        </div>
      </section>

      <section id="advanced" aria-label="Advanced Connection Discovery" className="scroll-mt-20 border-t border-ink-800">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <SectionHeading
            eyebrow="Go deeper"
            title="Advanced Connection Discovery"
            lead="Tune the search: how far it may go, which kinds of entities it may pass through, and what it should prefer. Then read the result's numbers."
          />
          <LoadWhenNear placeholder={<Skeleton className="h-[46.5rem] rounded-[1.75rem] md:h-[29.5rem] lg:h-[22rem]" />}>
            <LazyAdvancedPanel />
          </LoadWhenNear>
        </div>
      </section>

      <section id="filters" aria-label="Faceted search" className="scroll-mt-20 border-t border-ink-800">
        <div className="mx-auto max-w-7xl px-4 py-20 sm:px-6 lg:px-8">
          <SectionHeading eyebrow="Explore the catalog" title="Search with filters" lead="Find films and people by year, rating, genre, award and language, and send any of them to the finder." />
          <LoadWhenNear placeholder={<Skeleton className="h-[65rem] rounded-[1.75rem] md:h-[60rem] lg:h-[45.5rem]" />}>
            <LazyFacetedFilterPanel onPick={pick} picked={{ from: from?.key ?? null, to: to?.key ?? null }} />
          </LoadWhenNear>
        </div>
      </section>

      <FeatureBlurbs />
    </>
  );
}
