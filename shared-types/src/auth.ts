import { z } from 'zod';
import { PathStepSchema } from './connections.js';
import { EntityTypeSchema } from './entities.js';
import { text } from './text.js';

/** Spec §6 roles, least to most privileged. */
export const ROLES = ['user', 'moderator', 'admin'] as const;
export const RoleSchema = z.enum(ROLES);
export type Role = z.infer<typeof RoleSchema>;

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 128;

/** Shown beside the username field and returned when a username is refused. */
export const USERNAME_RULE = `Usernames are ${USERNAME_MIN} to ${USERNAME_MAX} letters, digits, underscores, dots or dashes.`;
/** Shown beside the password field and returned when a password is refused. */
export const PASSWORD_RULE = `Passwords are ${PASSWORD_MIN} to ${PASSWORD_MAX} characters, not one character repeated, and not your username.`;

const USERNAME_PATTERN = new RegExp(`^[A-Za-z0-9_.-]{${USERNAME_MIN},${USERNAME_MAX}}$`);

/**
 * Unicode compatibility forms fold to their plain letters first ("ａｄａ" is "ada"), so two names
 * that look the same are the same name; anything still outside the ASCII set (zero-width joiners,
 * Cyrillic look-alikes) is refused rather than silently dropped.
 */
export const normalizeUsername = (value: string) => value.normalize('NFKC').trim();
/** Passwords are compared after NFKC too, so the same password typed on another keyboard still matches. */
export const normalizePassword = (value: string) => value.normalize('NFKC');

export const UsernameSchema = text().transform(normalizeUsername).pipe(z.string().regex(USERNAME_PATTERN, USERNAME_RULE));
export const PasswordSchema = text()
  .transform(normalizePassword)
  .pipe(
    z
      .string()
      .min(PASSWORD_MIN, PASSWORD_RULE)
      .max(PASSWORD_MAX, PASSWORD_RULE)
      .refine((password) => new Set(password).size > 1, PASSWORD_RULE),
  );

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

/** GET /api/auth/csrf: send it back as the X-CSRF-Token header on every POST, PUT, PATCH and DELETE. */
export const CsrfTokenResponseSchema = z.object({ csrfToken: z.string() });
export type CsrfTokenResponse = z.infer<typeof CsrfTokenResponseSchema>;
export const CSRF_HEADER = 'X-CSRF-Token';

/** POST /api/users/me/api-keys. */
export const ApiKeyCreateRequestSchema = z.object({ name: text().trim().min(1, 'Name is required').max(60) });
export type ApiKeyCreateRequest = z.input<typeof ApiKeyCreateRequestSchema>;

/** An API key as lists show it: never the secret. */
export const ApiKeySummarySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters, to recognise it. */
  prefix: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKeySummary = z.infer<typeof ApiKeySummarySchema>;
/** The answer to creating a key: the only time `key` is shown. */
export const ApiKeyCreatedSchema = ApiKeySummarySchema.omit({ lastUsedAt: true }).extend({ key: z.string() });
export type ApiKeyCreated = z.infer<typeof ApiKeyCreatedSchema>;
export const ApiKeyListSchema = z.object({ keys: z.array(ApiKeySummarySchema) });
export type ApiKeyList = z.infer<typeof ApiKeyListSchema>;

export const INVALID_CONNECTION_PATH = 'Invalid connection path';
const entityId = z.union([text().trim().min(1).max(150), z.number().int().nonnegative()]).transform(String);

/**
 * POST /api/connections/save: spec §3 saved connection payload; a path has at least 2 steps. The
 * server checks the path against the graph and counts its degrees itself: a `degrees` sent by the
 * client is accepted for older clients and ignored.
 */
export const SaveConnectionRequestSchema = z.object({
  fromEntityId: entityId,
  fromEntityName: text().trim().min(1).max(300),
  fromEntityType: EntityTypeSchema,
  toEntityId: entityId,
  toEntityName: text().trim().min(1).max(300),
  toEntityType: EntityTypeSchema,
  path: z.array(PathStepSchema).min(2, INVALID_CONNECTION_PATH).max(9, INVALID_CONNECTION_PATH),
  degrees: z.number().int().min(1).max(8).optional().meta({ deprecated: true, description: 'Ignored: the server counts the degrees of the path.' }),
});
export type SaveConnectionRequest = z.input<typeof SaveConnectionRequestSchema>;

const ConnectionEndSchema = z.object({ id: z.string(), name: z.string(), type: EntityTypeSchema });
/** Spec §3 "User connection": a saved path with its two ends. */
export const UserConnectionSchema = z.object({
  id: z.number().int(),
  fromEntity: ConnectionEndSchema,
  toEntity: ConnectionEndSchema,
  degrees: z.number().int(),
  path: z.array(PathStepSchema),
  createdAt: z.string(),
});
export type UserConnection = z.infer<typeof UserConnectionSchema>;
export const UserConnectionListSchema = z.object({ connections: z.array(UserConnectionSchema) });
export type UserConnectionList = z.infer<typeof UserConnectionListSchema>;

/** POST /api/auth/verify-email: the token of an emailed verification link. */
export const VerifyEmailRequestSchema = z.object({ token: z.string().min(1, 'Token is required').max(200) });
export type VerifyEmailRequest = z.input<typeof VerifyEmailRequestSchema>;
/** POST /api/auth/verify-email/resend answers 202 with where the new link went. */
export const VerificationSentSchema = z.object({ sentTo: z.string() });
export type VerificationSent = z.infer<typeof VerificationSentSchema>;
