import type { EntitySummary, PathStep } from '@cinema-dna/shared-types';
import { m, useReducedMotion } from 'framer-motion';
import { memo, useLayoutEffect, useRef, useState } from 'react';
import { Ban } from 'lucide-react';
import { Link } from 'react-router-dom';
import { describeEntity, EntityImage } from '../../entities';
import { cn } from '../../../lib/class-names';
import { entityPagePath } from '../lib/connection-link';
import { describeRelationship } from '../lib/relationship-wording';
import { MotionFeatures } from '../../../ui/motion-features';

interface PathChainProps {
  path: readonly PathStep[];
  /** How many steps have assembled so far (all by default); the rest show as empty slots. */
  revealed?: number;
  /** Offers "avoid this entity and search again" on the steps between the ends. */
  onAvoid?: (entity: EntitySummary) => void;
}

/** The step label of the spec: START, STEP n, TARGET. */
export function stepLabel(index: number, count: number): string {
  if (index === 0) return 'START';
  if (index === count - 1) return 'TARGET';
  return `STEP ${index}`;
}

/** Widths of the row layout's pieces (w-36 cards, w-24 links): a chain is a row only where all of it fits. */
const ROW_CARD_PX = 144;
const ROW_LINK_PX = 96;
export const rowWidth = (steps: number) => steps * ROW_CARD_PX + Math.max(0, steps - 1) * ROW_LINK_PX;

/**
 * The found path as one row of step cards joined by relationship badges where the whole chain fits
 * the space it has, else as a column (phones, dialogs, long chains): a chain never wraps, so no link
 * is left hanging at the end of a line. Steps assemble one by one as `revealed` grows; each card
 * opens the step's entity page.
 */
function PathChainView({ path, revealed = path.length, onAvoid }: PathChainProps) {
  const reduce = useReducedMotion();
  const list = useRef<HTMLOListElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const element = list.current;
    if (!element) return;
    setWidth(element.clientWidth);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => setWidth(entry!.contentRect.width));
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  const layout = width >= rowWidth(path.length) ? 'row' : 'column';
  return (
    <ol
      ref={list}
      aria-label="Connection path"
      data-layout={layout}
      className="group/chain flex flex-col items-stretch pb-2 pt-3 data-[layout=row]:flex-row data-[layout=row]:items-stretch data-[layout=row]:justify-center"
    >
      {path.map((step, index) => {
        const shown = index < revealed;
        const linkShown = index + 1 < revealed;
        return (
          <li key={`${step.entity.key}-${index}`} className="flex flex-col items-stretch group-data-[layout=row]/chain:flex-row group-data-[layout=row]/chain:items-center">
            {shown ? (
              <StepCard step={step} index={index} count={path.length} reduce={Boolean(reduce)} onAvoid={onAvoid} />
            ) : (
              <div aria-hidden className="h-24 rounded-2xl border border-dashed border-ink-700 group-data-[layout=row]/chain:h-56 group-data-[layout=row]/chain:w-36" />
            )}
            {step.relationship && (
              <div className="relative flex items-center justify-center py-1.5 group-data-[layout=row]/chain:w-24 group-data-[layout=row]/chain:px-0 group-data-[layout=row]/chain:py-0">
                {/* The link itself: vertical on phones, horizontal from md. */}
                <span aria-hidden className="absolute left-1/2 h-full w-px -translate-x-1/2 bg-ink-700 group-data-[layout=row]/chain:left-0 group-data-[layout=row]/chain:top-1/2 group-data-[layout=row]/chain:h-px group-data-[layout=row]/chain:w-full group-data-[layout=row]/chain:-translate-y-1/2 group-data-[layout=row]/chain:translate-x-0" />
                {linkShown && (
                  <m.span
                    aria-hidden
                    className="absolute left-1/2 h-full w-px origin-top -translate-x-1/2 bg-amber-glow group-data-[layout=row]/chain:left-0 group-data-[layout=row]/chain:top-1/2 group-data-[layout=row]/chain:h-px group-data-[layout=row]/chain:w-full group-data-[layout=row]/chain:origin-left group-data-[layout=row]/chain:-translate-y-1/2 group-data-[layout=row]/chain:translate-x-0"
                    initial={reduce ? false : { opacity: 0 }}
                    animate={{ opacity: 1 }}
                    transition={{ duration: 0.25 }}
                  />
                )}
                <m.span
                  className={cn(
                    'relative z-10 max-w-[15rem] rounded-full border px-2.5 py-1 text-center text-xs font-medium leading-tight group-data-[layout=row]/chain:max-w-[5.5rem]',
                    linkShown ? 'border-amber-glow/40 bg-ink-900 text-amber-soft' : 'border-ink-700 bg-ink-900 text-transparent',
                  )}
                  initial={false}
                  animate={{ opacity: linkShown ? 1 : 0.4, scale: linkShown ? 1 : 0.95 }}
                  transition={{ duration: reduce ? 0 : 0.25 }}
                >
                  {describeRelationship(step.relationship)}
                </m.span>
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}

interface StepCardProps {
  step: PathStep;
  index: number;
  count: number;
  reduce: boolean;
  onAvoid?: (entity: EntitySummary) => void;
}

/** Memoized: while the path assembles, each new step leaves the cards already on screen alone. */
const StepCard = memo(function StepCard({ step, index, count, reduce, onAvoid }: StepCardProps) {
  const { entity } = step;
  const end = index === 0 || index === count - 1;
  const label = stepLabel(index, count);
  return (
    <m.div
      initial={reduce ? false : { opacity: 0, y: 14, scale: 0.96 }}
      animate={{ opacity: 1, y: 0, scale: 1 }}
      transition={{ type: 'spring', stiffness: 320, damping: 26 }}
      className={cn(
        'group relative flex items-center gap-3 rounded-2xl border bg-ink-850 p-3 transition-colors group-data-[layout=row]/chain:h-56 group-data-[layout=row]/chain:w-36 group-data-[layout=row]/chain:flex-col group-data-[layout=row]/chain:justify-start group-data-[layout=row]/chain:gap-2 group-data-[layout=row]/chain:p-3.5 group-data-[layout=row]/chain:pt-4 group-data-[layout=row]/chain:text-center',
        end ? 'border-amber-glow/45 shadow-[0_0_40px_-18px_rgba(242,176,74,0.6)]' : 'border-ink-700 hover:border-ink-500',
        'focus-within:border-amber-glow/70 hover:border-amber-glow/60',
      )}
      data-testid="step-card"
    >
      <span
        className={cn(
          'absolute -top-2.5 left-3 rounded-full px-2 py-0.5 text-[10px] font-bold tracking-[0.14em] group-data-[layout=row]/chain:left-1/2 group-data-[layout=row]/chain:-translate-x-1/2',
          end ? 'bg-amber-glow text-ink-950' : 'bg-ink-700 text-bone-200 ring-1 ring-ink-600',
        )}
      >
        {label}
      </span>
      <EntityImage
        entity={entity}
        size="w185"
        className={cn('shrink-0', entity.type === 'person' ? 'size-14 rounded-full group-data-[layout=row]/chain:size-20' : 'h-16 w-12 rounded-lg group-data-[layout=row]/chain:h-24 group-data-[layout=row]/chain:w-16')}
        alt=""
      />
      <div className="min-w-0 flex-1 group-data-[layout=row]/chain:flex-none">
        <Link
          to={entityPagePath(entity)}
          className="line-clamp-2 font-display text-[15px] font-medium leading-snug text-bone-50 outline-none after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:after:outline-2 focus-visible:after:outline-amber-glow"
        >
          {entity.name}
        </Link>
        <p className="mt-0.5 truncate text-xs text-bone-400">{describeEntity(entity)}</p>
      </div>
      {onAvoid && !end && (
        <button
          type="button"
          onClick={() => onAvoid(entity)}
          aria-label={`Avoid ${entity.name} and search again`}
          title="Avoid this entity and search again"
          className="relative z-10 flex shrink-0 items-center gap-1 rounded-full border border-ink-600 px-2 py-1 text-[11px] text-bone-400 transition-colors hover:border-scarlet/60 hover:text-scarlet group-data-[layout=row]/chain:mt-auto"
        >
          <Ban aria-hidden className="size-3" />
          Avoid
        </button>
      )}
    </m.div>
  );
});

export function PathChain(props: Parameters<typeof PathChainView>[0]) {
  return (
    <MotionFeatures>
      <PathChainView {...props} />
    </MotionFeatures>
  );
}
