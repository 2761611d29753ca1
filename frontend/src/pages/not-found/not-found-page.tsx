import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../lib/use-document-title';
import { buttonClasses } from '../../ui/button';

/** Any path the route table does not know. */
export default function NotFoundPage() {
  useDocumentTitle('Page not found');
  return (
    <section className="relative isolate flex min-h-[62vh] items-center justify-center overflow-hidden px-4 py-20 text-center">
      <div
        aria-hidden
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(ellipse_at_center,rgba(242,176,74,0.10),transparent_60%)]"
      />
      <div className="max-w-lg">
        <p aria-hidden className="font-display text-[7rem] font-light leading-none tracking-tighter text-ink-700 sm:text-[9rem]">
          404
        </p>
        <h1 className="mt-2 font-display text-3xl font-medium tracking-tight text-bone-50 sm:text-4xl">404 Page Not Found</h1>
        <p className="mx-auto mt-4 max-w-md text-bone-400">
          This reel isn't in the archive. The link may be mistyped, or the page may not exist yet.
        </p>
        <Link to="/" className={buttonClasses('primary', 'lg', 'mt-9')}>
          <ArrowLeft aria-hidden className="size-4" />
          Back to home
        </Link>
      </div>
    </section>
  );
}
