import { domAnimation, LazyMotion } from 'framer-motion';
import type { ReactNode } from 'react';

/**
 * Motion without the layout engine: framer-motion's `m` components with the `domAnimation` features
 * (animations, exits, gestures). A component that draws `m` elements and animates no layout (the live
 * search, discovery's special picks) wraps itself in this; `motion` would bring the layout engine too, 13 kB
 * more compressed script on the page. `strict`: a `motion` element inside throws, so the full bundle cannot
 * creep back unnoticed. Kept out of the `common` chunk (vite.config.ts): pages without motion never load it.
 */
export function MotionFeatures({ children }: { children: ReactNode }) {
  return (
    <LazyMotion features={domAnimation} strict>
      {children}
    </LazyMotion>
  );
}
