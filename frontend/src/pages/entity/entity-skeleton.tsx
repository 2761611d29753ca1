import { Skeleton } from '../../ui/skeleton';

/** The entity page's shape while it loads. */
export function EntitySkeleton() {
  return (
    <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8" aria-busy="true" aria-label="Loading entity">
      <Skeleton className="h-9 w-36 rounded-full" />
      <div className="mt-10 flex flex-col gap-10 md:flex-row">
        <Skeleton className="aspect-[2/3] w-52 shrink-0 rounded-2xl md:w-64" />
        <div className="grid flex-1 content-start gap-4">
          <Skeleton className="h-5 w-24 rounded-full" />
          <Skeleton className="h-12 w-2/3" />
          <Skeleton className="h-4 w-1/3" />
          <Skeleton className="mt-4 h-4 w-full" />
          <Skeleton className="h-4 w-11/12" />
          <Skeleton className="h-4 w-4/5" />
        </div>
      </div>
    </div>
  );
}
