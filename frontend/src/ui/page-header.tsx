import type { ReactNode } from 'react';
import { cn } from '../lib/class-names';

interface PageHeaderProps {
  eyebrow?: string;
  title: string;
  lead?: ReactNode;
  className?: string;
  children?: ReactNode;
}

/** The opening block of a content page: a small eyebrow, a serif title and a lead paragraph. */
export function PageHeader({ eyebrow, title, lead, className, children }: PageHeaderProps) {
  return (
    <header className={cn('max-w-3xl', className)}>
      {eyebrow && <p className="mb-4 text-xs font-semibold uppercase tracking-[0.22em] text-amber-glow">{eyebrow}</p>}
      <h1 className="font-display text-4xl font-medium leading-[1.05] tracking-tight text-bone-50 sm:text-5xl">{title}</h1>
      {lead && <p className="mt-5 text-lg leading-relaxed text-bone-400">{lead}</p>}
      {children}
    </header>
  );
}

/** Centred page column with the site's horizontal padding. */
export function PageContainer({ className, children }: { className?: string; children: ReactNode }) {
  return <div className={cn('mx-auto w-full max-w-7xl px-4 py-14 sm:px-6 sm:py-20 lg:px-8', className)}>{children}</div>;
}
