import type { ChainStep, EntitySummary } from '@cinema-dna/shared-types';
import { AnimatePresence, motion, useReducedMotion } from 'framer-motion';
import { cn } from '../../../lib/class-names';
import { describeRelationship } from '../../connections';
import { describeEntity, EntityImage } from '../../entities';
import { Spinner } from '../../../ui/spinner';

interface ChainStepsProps {
  chain: readonly ChainStep[];
  /** The target's key: the step that reaches it reads TARGET. */
  targetKey: string;
  /** An entity picked whose link the server is checking now. */
  pendingPick?: EntitySummary | null;
}

function stepName(index: number, reachedTarget: boolean): string {
  if (index === 0) return 'START';
  return reachedTarget ? 'TARGET' : `LINK ${index}`;
}

/**
 * The chain so far, top to bottom: each step a card, each link labelled with its relationship in words.
 * A new step slides in (the path assembling); a pick in flight shows as a dashed card, honestly pending.
 */
export function ChainSteps({ chain, targetKey, pendingPick }: ChainStepsProps) {
  const reduce = useReducedMotion();
  return (
    <ol aria-label="Your chain" className="grid gap-0">
      <AnimatePresence initial={false}>
        {chain.map((step, index) => {
          const reached = step.entity.key === targetKey && index > 0;
          return (
            <motion.li
              key={`${step.entity.key}-${index}`}
              layout={!reduce}
              initial={reduce ? false : { opacity: 0, y: 12 }}
              animate={{ opacity: 1, y: 0 }}
              exit={reduce ? { opacity: 0, transition: { duration: 0 } } : { opacity: 0, x: -16 }}
              transition={{ type: 'spring', stiffness: 380, damping: 30 }}
              className="grid"
              data-testid="chain-step"
            >
              {step.via && (
                <div className="relative ml-7 flex min-h-9 items-center border-l border-amber-glow/50 pl-5">
                  <span className="rounded-full border border-amber-glow/40 bg-ink-900 px-2.5 py-0.5 text-xs font-medium text-amber-soft" data-testid="chain-link-label">
                    {describeRelationship(step.via)}
                  </span>
                </div>
              )}
              <StepRow entity={step.entity} label={stepName(index, reached)} highlight={index === 0 || reached} />
            </motion.li>
          );
        })}
      </AnimatePresence>
      {/* Not animated out: once the server answers, the pick is a step (or a refusal), never a fading ghost. */}
      {pendingPick && (
        <li className="grid">
          <div className="ml-7 min-h-9 border-l border-dashed border-ink-500" />
          <div className="flex items-center gap-3 rounded-2xl border border-dashed border-ink-500 bg-ink-850/50 p-3">
            <Spinner className="size-5" label="Checking the link" />
            <p className="min-w-0 text-sm text-bone-300">
              Checking the link to <span className="font-medium text-bone-50">{pendingPick.name}</span>…
            </p>
          </div>
        </li>
      )}
    </ol>
  );
}

function StepRow({ entity, label, highlight }: { entity: EntitySummary; label: string; highlight: boolean }) {
  return (
    <div
      className={cn(
        'relative flex items-center gap-3 rounded-2xl border bg-ink-850 p-3',
        highlight ? 'border-amber-glow/45 shadow-[0_0_40px_-18px_rgba(242,176,74,0.6)]' : 'border-ink-700',
      )}
    >
      <EntityImage entity={entity} size="w92" alt="" className={cn('shrink-0', entity.type === 'person' ? 'size-11 rounded-full' : 'h-14 w-10 rounded-lg')} />
      <div className="min-w-0 flex-1">
        <p className="text-[10px] font-bold tracking-[0.14em] text-bone-500">{label}</p>
        <p className="truncate font-display text-[15px] font-medium leading-snug text-bone-50">{entity.name}</p>
        <p className="truncate text-xs text-bone-400">{describeEntity(entity)}</p>
      </div>
    </div>
  );
}
