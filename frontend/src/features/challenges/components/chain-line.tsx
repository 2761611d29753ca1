import type { PathStep } from '@cinema-dna/shared-types';
import { ArrowRight } from 'lucide-react';
import { describeRelationship } from '../../connections';

/** A whole chain on a line or two: names joined by their relationships (reveals, race results). */
export function ChainLine({ path, label }: { path: readonly PathStep[]; label: string }) {
  return (
    <ol aria-label={label} className="flex flex-wrap items-center gap-x-1.5 gap-y-1 text-sm">
      {path.map((step, index) => (
        <li key={`${step.entity.key}-${index}`} className="flex items-center gap-1.5">
          <span className="font-medium text-bone-50">{step.entity.name}</span>
          {step.relationship && (
            <span className="flex items-center gap-1 text-xs text-bone-500">
              <span className="hidden sm:inline">{describeRelationship(step.relationship)}</span>
              <ArrowRight aria-hidden className="size-3.5 text-amber-glow/70" />
            </span>
          )}
        </li>
      ))}
    </ol>
  );
}
