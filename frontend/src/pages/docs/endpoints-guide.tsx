import { plural } from '@cinema-dna/shared-types';
import type { UseQueryResult } from '@tanstack/react-query';
import { Lock } from 'lucide-react';
import { Link } from 'react-router-dom';
import { MethodBadge, ReferenceError, ReferenceSkeleton, groupAnchor, requiresSignIn, type ApiReference } from '../../features/api-docs/guide-entry';

/** Every endpoint at a glance, grouped by feature, with the full reference one click away. */
export function EndpointsGuide({ reference }: { reference: UseQueryResult<ApiReference> }) {
  if (reference.isPending) return <ReferenceSkeleton />;
  if (reference.isError) return <ReferenceError message={reference.error.message} onRetry={() => void reference.refetch()} />;
  const { groups, operations } = reference.data;
  return (
    <div className="grid gap-10">
      <p className="max-w-3xl text-[15px] leading-relaxed text-bone-300">
        {plural(operations.length, 'endpoint')}, grouped by what they are for. Those marked with a lock need credentials (see Auth). Parameters, bodies, answers
        and samples for each are in{' '}
        <Link to="/api-docs?tab=endpoints" className="text-amber-soft underline decoration-amber-glow/40 underline-offset-4 hover:text-amber-glow">
          the full reference
        </Link>
        .
      </p>
      <div className="grid gap-10 xl:grid-cols-2">
        {groups.map((group) => (
          <section key={group.name} aria-labelledby={`guide-${groupAnchor(group.name)}`} className="grid min-w-0 content-start gap-3">
            <div>
              <h2 id={`guide-${groupAnchor(group.name)}`} className="font-display text-2xl font-medium tracking-tight text-bone-50">
                {group.name}
              </h2>
              {group.description && <p className="mt-1 text-sm leading-relaxed text-bone-400">{group.description}</p>}
            </div>
            <ul className="grid gap-px overflow-hidden rounded-2xl ring-1 ring-inset ring-ink-700">
              {group.operations.map((operation) => (
                <li key={operation.key} className="grid gap-1 bg-ink-900/60 px-4 py-3">
                  <span className="flex min-w-0 items-center gap-2.5">
                    <MethodBadge method={operation.method} />
                    <code className="min-w-0 break-all font-mono text-[13px] text-bone-50">{operation.path}</code>
                    {requiresSignIn(operation) && <Lock aria-label="Needs authentication" className="size-3.5 shrink-0 text-amber-glow" />}
                  </span>
                  {operation.summary && <span className="text-sm text-bone-400">{operation.summary}</span>}
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
