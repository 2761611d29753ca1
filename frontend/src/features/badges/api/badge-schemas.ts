import { BadgeSchema, EarnedBadgeSchema, type Badge, type EarnedBadge } from '@cinema-dna/shared-types';
import { z } from 'zod';

/**
 * The badge shapes as this page reads them. The icon may be a name this client does not know
 * (a newer catalog): the spec shows the star for those (`badgeIcon`), so it is not refused here.
 */
const ShownBadgeSchema = BadgeSchema.extend({ icon: z.string() });
export const CatalogSchema = z.array(ShownBadgeSchema).transform((badges) => badges as Badge[]);
export const EarnedListSchema = z.array(EarnedBadgeSchema.extend({ badge: ShownBadgeSchema })).transform((earned) => earned as EarnedBadge[]);
