/** The OS asks for reduced motion; read outside React (stores, timers), where framer's hook cannot go. */
export function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}
