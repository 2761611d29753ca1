import type { ReactNode } from 'react';

/** Inline code in documentation prose. */
export const docCode = 'font-mono text-[13px] text-bone-50';

/** A titled section of a documentation page (the API reference and the developer guide). */
export function DocSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="grid min-w-0 content-start gap-3">
      <h2 id={id} className="font-display text-2xl font-medium tracking-tight text-bone-50">
        {title}
      </h2>
      <div className="grid min-w-0 gap-3 text-[15px] leading-relaxed text-bone-300">{children}</div>
    </section>
  );
}
