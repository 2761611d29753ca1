import { z } from 'zod';
import { text } from './text.js';

/** Answers of the account rules, word for word (clients show them). */
export const INVALID_CREDENTIALS = 'Invalid username or password.';
export const USERNAME_TAKEN = 'Username already taken';
export const EMAIL_TAKEN = 'An account with this email already exists. Sign in instead.';
export const ACCOUNT_DEACTIVATED = 'This account has been deactivated.';

/** Spec §6 roles, least to most privileged. */
/** A user's id as the API takes and gives it: a positive 32-bit integer (a larger one is a 400, not a database error). */
export const UserIdSchema = z.number().int().positive().max(2_147_483_647);

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
