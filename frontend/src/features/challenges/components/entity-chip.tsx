import type { EntitySummary } from '@cinema-dna/shared-types';
import { cn } from '../../../lib/class-names';
import { EntityImage, entityKindLabel } from '../../entities';

/** An entity with its picture, name and type (spec §2: the card shows both entities' name and type; a person's is their main role, as in the chain). */
export function EntityChip({ entity, label, className, size = 'md' }: { entity: EntitySummary; label?: string; className?: string; size?: 'sm' | 'md' }) {
  const person = entity.type === 'person';
  return (
    <div className={cn('flex min-w-0 items-center gap-3', className)}>
      <EntityImage
        entity={entity}
        size="w92"
        compact={size === 'sm'}
        alt=""
        className={cn('shrink-0', person ? 'rounded-full' : 'rounded-lg', size === 'sm' ? (person ? 'size-9' : 'h-10 w-7') : person ? 'size-12' : 'h-14 w-10')}
      />
      <div className="min-w-0">
        {label && <p className="text-[10px] font-bold uppercase tracking-[0.16em] text-bone-500">{label}</p>}
        <p className={cn('truncate font-medium text-bone-50', size === 'md' && 'font-display text-lg leading-tight')}>{entity.name}</p>
        <p className="truncate text-xs text-bone-400">{entityKindLabel(entity)}</p>
      </div>
    </div>
  );
}
