import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { AuthenticatedUser } from '../../platform/auth/types.js';
import type { Db } from '../../platform/db/database.js';
import { emailVerificationTokens } from './schema.js';
import { AppError } from '../../platform/errors.js';
import type { Logger } from '../../platform/logging.js';
import type { Accounts } from './accounts.js';
import type { Mailer } from './mailer.js';

/** The frontend page a verification link opens; it posts the token to POST /api/auth/verify-email. */
export const VERIFY_EMAIL_PAGE_PATH = '/verify-email';
/** A link works for this long. */
export const VERIFICATION_TTL_MS = 24 * 60 * 60_000;
export const INVALID_VERIFICATION_LINK = 'This verification link is invalid or has expired. Ask for a new one.';
export const ALREADY_VERIFIED = 'Your email is already verified.';
export const NO_EMAIL = 'This account has no email address to verify.';

const TOKEN_FORMAT = /^[A-Za-z0-9_-]{43}$/;
/** Tokens are 256 random bits: a plain SHA-256 is enough to make a stolen table useless. */
const digest = (token: string) => createHash('sha256').update(token).digest('hex');
const invalidLink = () => new AppError(400, 'VALIDATION_FAILED', INVALID_VERIFICATION_LINK, [{ path: 'token', message: INVALID_VERIFICATION_LINK }]);

/**
 * Email ownership: a single-use, expiring link mailed to the address. Only the token's hash is
 * stored, and a token works only for the account it was issued to, while signed in as that account:
 * the owner of an address someone else registered can click the link without handing it over.
 */
export function createEmailVerification(deps: { db: Db; users: Pick<Accounts, 'markEmailVerified'>; mailer: Mailer; logger?: Logger; ttlMs?: number }) {
  const { db } = deps;
  const ttlMs = deps.ttlMs ?? VERIFICATION_TTL_MS;

  return {
    /** Mails a new link for the user's current email (earlier unused links stop working); `origin` is the app's. */
    async send(user: AuthenticatedUser, origin: string): Promise<void> {
      if (user.emailVerified) throw new AppError(409, 'CONFLICT', ALREADY_VERIFIED, []);
      if (!user.email) throw new AppError(409, 'CONFLICT', NO_EMAIL, []);
      const token = randomBytes(32).toString('base64url');
      await db.transaction(async (tx) => {
        await tx.delete(emailVerificationTokens).where(and(eq(emailVerificationTokens.userId, user.id), isNull(emailVerificationTokens.usedAt)));
        await tx.insert(emailVerificationTokens).values({ userId: user.id, email: user.email, tokenHash: digest(token), expiresAt: new Date(Date.now() + ttlMs) });
      });
      const link = `${origin}${VERIFY_EMAIL_PAGE_PATH}?token=${token}`;
      const hours = Math.round(ttlMs / 3_600_000);
      await deps.mailer.send({
        to: user.email,
        subject: 'Confirm your email for Cinema DNA',
        link,
        text: [
          `Hi ${user.username},`,
          '',
          `Confirm that ${user.email} is yours by opening this link while signed in as ${user.username}:`,
          link,
          '',
          `It works once, within ${hours} hours. If you did not create this account, ignore this email: the address stays unconfirmed.`,
        ].join('\n'),
      });
    },

    /**
     * Uses the token: the user's email is verified if the token was issued to this user for the email
     * the account still has, unused and unexpired. Anything else is the same 400, and a token of
     * another account is left untouched.
     */
    async verify(userId: number, token: string): Promise<AuthenticatedUser> {
      if (!TOKEN_FORMAT.test(token)) throw invalidLink();
      const [used] = await db
        .update(emailVerificationTokens)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(emailVerificationTokens.tokenHash, digest(token)),
            eq(emailVerificationTokens.userId, userId),
            isNull(emailVerificationTokens.usedAt),
            gt(emailVerificationTokens.expiresAt, new Date()),
            ne(emailVerificationTokens.email, ''),
          ),
        )
        .returning({ email: emailVerificationTokens.email });
      const user = used ? await deps.users.markEmailVerified(userId, used.email) : null;
      if (!user) throw invalidLink();
      deps.logger?.info({ userId }, 'email verified');
      return user;
    },
  };
}
export type EmailVerification = ReturnType<typeof createEmailVerification>;
