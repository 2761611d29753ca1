import { z } from 'zod';
import { text } from './text.js';
import { normalizePassword, normalizeUsername, PASSWORD_RULE, PasswordSchema, RoleSchema, UsernameSchema } from './users.js';

/** POST /api/auth/register. */
export const RegisterRequestSchema = z
  .object({
    username: UsernameSchema,
    email: text().trim().max(254).pipe(z.email('Enter a valid email address')),
    password: PasswordSchema,
  })
  .refine((body) => body.password.toLowerCase() !== body.username.toLowerCase(), { message: PASSWORD_RULE, path: ['password'] });
export type RegisterRequest = z.input<typeof RegisterRequestSchema>;

/** POST /api/auth/login. Only shapes are checked: any wrong value is the same "Invalid username or password." */
export const LoginRequestSchema = z.object({
  username: text().min(1, 'Username is required').max(200).transform(normalizeUsername),
  password: text().min(1, 'Password is required').max(1024).transform(normalizePassword),
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

/** The signed-in user as every auth call returns it. Never holds a password hash. */
export const AuthUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  email: z.string(),
  /** The owner proved the email is theirs; until then it is only a claim. */
  emailVerified: z.boolean(),
  role: RoleSchema,
  level: z.number().int(),
  points: z.number().int(),
  createdAt: z.string(),
});
export type AuthUser = z.infer<typeof AuthUserSchema>;

/** GET /api/auth/session: the session's user, or null when signed out (a 200 either way, unlike /api/auth/me). */
export const SessionResponseSchema = z.object({ user: AuthUserSchema.nullable() });
export type SessionResponse = z.infer<typeof SessionResponseSchema>;

/** GET /api/auth/providers: the sign-in methods this server offers besides username and password. */
export const AuthProvidersSchema = z.object({ google: z.boolean() });
export type AuthProviders = z.infer<typeof AuthProvidersSchema>;

/** GET /api/auth/csrf: send it back in the CSRF_HEADER header on every POST, PUT, PATCH and DELETE. */
export const CsrfTokenResponseSchema = z.object({ csrfToken: z.string() });
export type CsrfTokenResponse = z.infer<typeof CsrfTokenResponseSchema>;
/**
 * The CSRF token's header, both ways: clients send it on every write, and a response that changed
 * the session (sign-in, registration, sign-out) carries the new token in it.
 */
export const CSRF_HEADER = 'X-CSRF-Token';

/** POST /api/auth/verify-email: the token of an emailed verification link. */
export const VerifyEmailRequestSchema = z.object({ token: z.string().min(1, 'Token is required').max(200) });
export type VerifyEmailRequest = z.input<typeof VerifyEmailRequestSchema>;
/** POST /api/auth/verify-email/resend answers 202 with where the new link went. */
export const VerificationSentSchema = z.object({ sentTo: z.string() });
export type VerificationSent = z.infer<typeof VerificationSentSchema>;
