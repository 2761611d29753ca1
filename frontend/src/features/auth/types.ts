/**
 * The signed-in user as GET /api/auth/me returns it.
 * TODO(auth issue): move to shared-types with the auth routes' zod schema.
 */
export interface AuthUser {
  id: string | number;
  username: string;
  displayName?: string | null;
  level: number;
  points: number;
  role: 'user' | 'moderator' | 'admin';
}

export interface LoginInput {
  username: string;
  password: string;
}

export interface RegisterInput {
  username: string;
  email: string;
  password: string;
}
