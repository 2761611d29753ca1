import { z } from 'zod';
import { EntityKeySchema } from './entities.js';
import { SearchParametersSchema } from './search-parameters.js';

/**
 * Domain events: what happened, named `entity.verb_past` and typed once (name → zod payload).
 * Services record them; subscribers in other features react (points, badges, activity, trending...).
 * A feature that adds a moment adds its name and payload here.
 */

const UserIdSchema = z.number().int().positive();

/** How an account signed in or was created. */
export const SignInMethodSchema = z.enum(['password', 'google']);
export type SignInMethod = z.infer<typeof SignInMethodSchema>;

/** A search answered (fresh or from the cache); a link preview is not one. Changes no data by itself. */
export const ConnectionFoundSchema = z.object({
  /** The signed-in user who searched; null for an anonymous search. */
  actor: UserIdSchema.nullable(),
  from: EntityKeySchema,
  to: EntityKeySchema,
  /** The search parameters with their defaults applied. */
  parameters: SearchParametersSchema,
  /** Links in the path; null when no path exists within maxDegrees. */
  degrees: z.number().int().nonnegative().nullable(),
  cached: z.boolean(),
  /** The answer needed obscure links or hubs. */
  usedObscure: z.boolean(),
});

/** A user kept a found path (POST /api/connections/save). */
export const ConnectionSavedSchema = z.object({
  userId: UserIdSchema,
  connectionId: z.number().int().positive(),
  /** `type:id` of the saved ends, as the client sent them (a saved path names entities the graph may not hold). */
  from: z.string().min(1),
  to: z.string().min(1),
  degrees: z.number().int().nonnegative(),
});

/** An account was created (password registration, a first Google sign-in, or the configured admin). */
export const UserRegisteredSchema = z.object({
  userId: UserIdSchema,
  username: z.string(),
  method: SignInMethodSchema,
});

/** A user signed in with a password or with Google (not an API key, not a session resumed). */
export const UserSignedInSchema = z.object({
  userId: UserIdSchema,
  method: SignInMethodSchema,
});

/** Every domain event: name → payload schema. */
export const DOMAIN_EVENTS = {
  'connection.found': ConnectionFoundSchema,
  'connection.saved': ConnectionSavedSchema,
  'user.registered': UserRegisteredSchema,
  'user.signed_in': UserSignedInSchema,
} as const;

export type DomainEventName = keyof typeof DOMAIN_EVENTS;
export type DomainEventPayload<N extends DomainEventName = DomainEventName> = z.output<(typeof DOMAIN_EVENTS)[N]>;
export const DOMAIN_EVENT_NAMES = Object.keys(DOMAIN_EVENTS) as DomainEventName[];

export const isDomainEventName = (name: string): name is DomainEventName => Object.hasOwn(DOMAIN_EVENTS, name);
