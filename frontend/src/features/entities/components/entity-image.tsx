import { useState } from 'react';
import { cn } from '../../../lib/class-names';
import { initialsOf } from '../lib/entity-description';
import { entityImagePath, tmdbImageUrl, type ImageFields, type ImageSize } from '../lib/image-url';
import { ENTITY_TYPE_ICONS, ENTITY_TYPE_TINTS } from './entity-type-icon';

interface EntityImageProps {
  entity: ImageFields & { name: string };
  /** Image host size prefix (default w185). */
  size?: ImageSize;
  /** Sizing, aspect ratio and rounding of the frame. */
  className?: string;
  /** Small thumbnails show the type icon alone; larger tiles show initials too. */
  compact?: boolean;
  alt?: string;
}

/**
 * An entity's picture from the image host, or a placeholder when there is no path or the image
 * fails to load: a tile tinted by type with the name's initials and the type icon.
 */
export function EntityImage({ entity, size = 'w185', className, compact = false, alt }: EntityImageProps) {
  const url = tmdbImageUrl(entityImagePath(entity), size);
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const label = alt ?? entity.name;

  if (url && failedUrl !== url) {
    return <img src={url} alt={label} loading="lazy" decoding="async" onError={() => setFailedUrl(url)} className={cn('bg-ink-800 object-cover', className)} />;
  }

  const Icon = ENTITY_TYPE_ICONS[entity.type];
  const tint = ENTITY_TYPE_TINTS[entity.type];
  return (
    <div
      // alt="" (the name is written beside it): decoration, hidden like an <img alt="">; otherwise an image named by alt.
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      data-placeholder="true"
      className={cn('@container relative isolate flex items-center justify-center overflow-hidden bg-ink-800 bg-gradient-to-br ring-1 ring-inset ring-white/5', tint.tile, className)}
    >
      {compact ? (
        <Icon aria-hidden className={cn('size-[52cqw]', tint.text)} strokeWidth={1.6} />
      ) : (
        <>
          <span aria-hidden className="absolute inset-0 -z-10 bg-[radial-gradient(circle_at_30%_20%,rgba(255,255,255,0.07),transparent_60%)]" />
          <span aria-hidden className={cn('font-display font-medium leading-none tracking-tight opacity-90', entity.type === 'person' ? 'text-[34cqw]' : 'text-[46cqw]', tint.text)}>
            {initialsOf(entity.name, entity.type)}
          </span>
          {entity.type !== 'person' && (
            <>
              <Icon aria-hidden className={cn('absolute bottom-[7cqw] right-[7cqw] size-[16cqw] opacity-60', tint.text)} strokeWidth={1.6} />
              {/* On poster-sized tiles the title is set small at the foot, like a one-sheet. */}
              <span aria-hidden className="absolute inset-x-[8cqw] bottom-[8cqw] hidden pr-[20cqw] text-left text-[6.5cqw] font-semibold uppercase leading-tight tracking-[0.12em] text-bone-300/80 @min-[9rem]:line-clamp-2">
                {entity.name}
              </span>
            </>
          )}
        </>
      )}
    </div>
  );
}
