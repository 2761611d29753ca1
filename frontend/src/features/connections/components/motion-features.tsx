import { domAnimation, LazyMotion } from 'framer-motion';
import type { ReactNode } from 'react';

/**
 * The live search's motion: framer-motion's `m` components with the `domAnimation` features (animations,
 * exits, gestures; no layout animation, which the search does not use). Every exported component of this
 * feature that draws `m` elements wraps itself in this. `motion` would bring the layout engine too: 13 kB
 * more compressed script on the result page and in the home page's search stage. `strict`: a `motion`
 * element inside throws, so the full bundle cannot creep back unnoticed.
 */
export function MotionFeatures({ children }: { children: ReactNode }) {
  return (
    <LazyMotion features={domAnimation} strict>
      {children}
    </LazyMotion>
  );
}
