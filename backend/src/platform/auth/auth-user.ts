import type { AuthUser } from '@cinema-dna/shared-types';
import type { AuthenticatedUser } from './types.js';

/** The user as API responses show it (shared-types AuthUserSchema). */
export function toAuthUser(user: AuthenticatedUser): AuthUser {
  return {
    id: user.id,
    username: user.username,
    displayName: user.displayName,
    email: user.email,
    emailVerified: user.emailVerified,
    role: user.role,
    level: user.level,
    points: user.points,
    createdAt: user.createdAt.toISOString(),
  };
}
