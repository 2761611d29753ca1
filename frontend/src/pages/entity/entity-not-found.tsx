import { ArrowLeft, SearchX } from 'lucide-react';
import { Link } from 'react-router-dom';
import { buttonClasses } from '../../ui/button';

/** 'Entity Not Found' with the spec's line and Return Home. */
export function EntityNotFound({ type }: { type: string }) {
  return (
    <section className="flex min-h-[55vh] items-center justify-center px-4 py-20 text-center">
      <div className="max-w-md">
        <SearchX aria-hidden className="mx-auto size-12 text-ink-500" strokeWidth={1.3} />
        <h1 className="mt-5 font-display text-4xl font-medium tracking-tight text-bone-50">Entity Not Found</h1>
        <p className="mt-3 text-bone-400">The requested {type} could not be found.</p>
        <Link to="/" className={buttonClasses('primary', 'lg', 'mt-8')}>
          <ArrowLeft aria-hidden className="size-4" />
          Return Home
        </Link>
      </div>
    </section>
  );
}
