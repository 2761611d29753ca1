import { CircleAlert, RotateCcw } from 'lucide-react';
import { Button } from '../../../ui/button';
import { Skeleton } from '../../../ui/skeleton';

/** Placeholders in the shape of the endpoint groups while the API description loads. */
export function ReferenceSkeleton({ rows = 6 }: { rows?: number }) {
  return (
    <div role="status" aria-label="Loading the API description" className="grid gap-4">
      <Skeleton className="h-8 w-48" />
      <Skeleton className="h-4 w-80 max-w-full" />
      {Array.from({ length: rows }, (_, index) => (
        <div key={index} className="flex items-center gap-3 rounded-2xl bg-ink-850/70 px-4 py-3.5 ring-1 ring-inset ring-ink-700">
          <Skeleton className="h-5 w-16" />
          <Skeleton className="h-4 w-56 max-w-[50%]" />
          <Skeleton className="hidden h-4 flex-1 sm:block" />
        </div>
      ))}
    </div>
  );
}

/** The API description could not be loaded: say so, and offer to try again. */
export function ReferenceError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div role="alert" className="grid justify-items-start gap-3 rounded-2xl bg-scarlet/10 px-5 py-5 ring-1 ring-inset ring-scarlet/40">
      <p className="flex items-center gap-2 font-semibold text-bone-50">
        <CircleAlert aria-hidden className="size-5 text-scarlet" />
        Couldn’t load the API description
      </p>
      <p className="font-mono text-sm text-bone-300">Error: {message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        <RotateCcw aria-hidden className="size-3.5" />
        Try again
      </Button>
    </div>
  );
}
