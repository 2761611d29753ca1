import { motion, useReducedMotion } from 'framer-motion';
import { Clapperboard, UserRound } from 'lucide-react';

/** Seven nodes, six links: the longest chain the search looks for, alternating people and films. */
const NODES = Array.from({ length: 7 }, (_, index) => ({
  index,
  kind: index % 2 === 0 ? ('person' as const) : ('movie' as const),
  label: index === 0 ? 'Start' : index === 6 ? 'Target' : `Step ${index}`,
  shortLabel: index === 0 ? 'Start' : index === 6 ? 'Target' : String(index),
}));

/**
 * Decorative illustration of a six-degree path assembling link by link.
 * It names no real entities: the finder, with real results, arrives with the search feature.
 */
export function DegreeChain() {
  const reduceMotion = useReducedMotion();
  return (
    <figure aria-hidden className="relative mx-auto w-full max-w-3xl select-none">
      <div className="relative flex items-start justify-between">
        <div className="absolute left-[7%] right-[7%] top-[22px] h-px bg-ink-700 sm:top-[26px]">
          <motion.div
            className="h-full origin-left bg-gradient-to-r from-amber-glow via-amber-deep to-amber-glow"
            initial={{ scaleX: reduceMotion ? 1 : 0 }}
            animate={{ scaleX: 1 }}
            transition={{ duration: 2.4, ease: [0.65, 0, 0.35, 1], delay: 0.3 }}
          />
        </div>
        {NODES.map((node) => {
          const Icon = node.kind === 'person' ? UserRound : Clapperboard;
          const endpoint = node.index === 0 || node.index === 6;
          return (
            <motion.div
              key={node.index}
              className="relative z-10 flex w-[14%] flex-col items-center gap-3"
              initial={reduceMotion ? false : { opacity: 0, y: 8 }}
              animate={{ opacity: 1, y: 0 }}
              transition={{ duration: 0.5, delay: 0.3 + node.index * 0.34 }}
            >
              <span
                className={
                  endpoint
                    ? 'flex size-11 items-center justify-center rounded-full bg-amber-glow text-ink-950 shadow-[0_0_0_6px_rgba(242,176,74,0.12),0_0_40px_rgba(242,176,74,0.35)] sm:size-13'
                    : 'flex size-11 items-center justify-center rounded-full border border-ink-600 bg-ink-850 text-bone-300 sm:size-13'
                }
              >
                <Icon className="size-4 sm:size-5" strokeWidth={1.6} />
              </span>
              <span
                className={
                  endpoint
                    ? 'text-[10px] font-semibold uppercase tracking-[0.08em] text-amber-soft sm:text-xs sm:tracking-[0.16em]'
                    : 'text-[10px] uppercase tracking-[0.08em] text-bone-500 sm:text-xs sm:tracking-[0.16em]'
                }
              >
                <span className="sm:hidden">{node.shortLabel}</span>
                <span className="hidden sm:inline">{node.label}</span>
              </span>
            </motion.div>
          );
        })}
      </div>
    </figure>
  );
}
