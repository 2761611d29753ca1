import type { EntityType } from '@cinema-dna/shared-types';
import { Award, Building, Clapperboard, Drama, Hash, Library, MapPin, UserRound, type LucideIcon } from 'lucide-react';
import { cn } from '../../../lib/class-names';

/** One icon per entity type, used wherever an entity is listed. */
export const ENTITY_TYPE_ICONS: Record<EntityType, LucideIcon> = {
  person: UserRound,
  movie: Clapperboard,
  genre: Drama,
  keyword: Hash,
  company: Building,
  collection: Library,
  award: Award,
  location: MapPin,
};

/** Text and tint classes per type: placeholders and type markers share them. */
export const ENTITY_TYPE_TINTS: Record<EntityType, { text: string; tile: string }> = {
  person: { text: 'text-amber-soft', tile: 'from-amber-glow/25 to-amber-deep/5' },
  movie: { text: 'text-teal-info', tile: 'from-teal-info/25 to-teal-info/5' },
  genre: { text: 'text-violet-reel', tile: 'from-violet-reel/25 to-violet-reel/5' },
  keyword: { text: 'text-bone-300', tile: 'from-bone-400/20 to-bone-400/5' },
  company: { text: 'text-live', tile: 'from-live/20 to-live/5' },
  collection: { text: 'text-teal-info', tile: 'from-teal-info/20 to-violet-reel/10' },
  award: { text: 'text-amber-glow', tile: 'from-amber-glow/30 to-scarlet/10' },
  location: { text: 'text-scarlet', tile: 'from-scarlet/25 to-scarlet/5' },
};

/** The type's icon in the type's colour. */
export function EntityTypeIcon({ type, className }: { type: EntityType; className?: string }) {
  const Icon = ENTITY_TYPE_ICONS[type];
  return <Icon aria-hidden className={cn('size-4 shrink-0', ENTITY_TYPE_TINTS[type].text, className)} strokeWidth={1.75} />;
}
