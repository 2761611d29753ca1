import { and, eq, lt, sql } from 'drizzle-orm';
import session, { type SessionData } from 'express-session';
import type { Db } from '../db/database.js';
import { sessions } from './schema.js';
import type { Logger } from '../logging.js';

type Callback<T = void> = (error?: unknown, value?: T) => void;

export interface SessionStoreOptions {
  /** Lifetime of a session whose cookie has no expiry of its own. */
  defaultTtlMs: number;
  /** How often expired rows are deleted; 0 only on `prune()`. */
  pruneIntervalMs?: number;
  logger?: Logger;
}

/** A touch only writes when it moves the expiry by more than this: rolling sessions would otherwise write on every request. */
const TOUCH_RESOLUTION_MS = 60_000;

/**
 * express-session's store over drizzle, so sessions live in the app's database (embedded or not)
 * and survive restarts. Reads ignore expired rows; a timer deletes them.
 */
export class DbSessionStore extends session.Store {
  private readonly timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Db,
    private readonly options: SessionStoreOptions,
  ) {
    super();
    const interval = options.pruneIntervalMs ?? 15 * 60_000;
    if (interval > 0) {
      this.timer = setInterval(() => {
        this.prune().catch((error: unknown) => options.logger?.warn({ err: error instanceof Error ? error.message : String(error) }, 'session prune failed'));
      }, interval);
      this.timer.unref();
    }
  }

  private expiryOf(data: SessionData): Date {
    const expires = data.cookie?.expires;
    return expires ? new Date(expires) : new Date(Date.now() + this.options.defaultTtlMs);
  }

  override get(sid: string, callback: Callback<SessionData | null>): void {
    this.db
      .select({ data: sessions.data })
      .from(sessions)
      .where(and(eq(sessions.sid, sid), sql`${sessions.expiresAt} > now()`))
      .then(([row]) => callback(undefined, (row?.data as SessionData | undefined) ?? null), callback);
  }

  override set(sid: string, data: SessionData, callback?: Callback): void {
    // The cookie serialises through its toJSON; the row keeps the user id for deleting a user's sessions.
    const row = { data: JSON.parse(JSON.stringify(data)) as Record<string, unknown>, expiresAt: this.expiryOf(data), userId: data.passport?.user ?? null };
    this.db
      .insert(sessions)
      .values({ sid, ...row })
      .onConflictDoUpdate({ target: sessions.sid, set: row })
      .then(() => callback?.(), (error: unknown) => callback?.(error));
  }

  override destroy(sid: string, callback?: Callback): void {
    this.db
      .delete(sessions)
      .where(eq(sessions.sid, sid))
      .then(() => callback?.(), (error: unknown) => callback?.(error));
  }

  override touch(sid: string, data: SessionData, callback?: Callback): void {
    const expiresAt = this.expiryOf(data);
    this.db
      .update(sessions)
      .set({ expiresAt })
      .where(and(eq(sessions.sid, sid), lt(sessions.expiresAt, new Date(expiresAt.getTime() - TOUCH_RESOLUTION_MS))))
      .then(() => callback?.(), (error: unknown) => callback?.(error));
  }

  override length(callback: Callback<number>): void {
    this.db
      .select({ count: sql<number>`count(*)::int` })
      .from(sessions)
      .where(sql`${sessions.expiresAt} > now()`)
      .then(([row]) => callback(undefined, row?.count ?? 0), callback);
  }

  override clear(callback?: Callback): void {
    this.db
      .delete(sessions)
      .then(() => callback?.(), (error: unknown) => callback?.(error));
  }

  /** Deletes expired sessions; resolves to how many. */
  async prune(): Promise<number> {
    const removed = await this.db.delete(sessions).where(sql`${sessions.expiresAt} <= now()`).returning({ sid: sessions.sid });
    return removed.length;
  }

  /** Ends every session of a user (deactivation, password change). */
  async destroyForUser(userId: number): Promise<void> {
    await this.db.delete(sessions).where(eq(sessions.userId, userId));
  }

  /** Stops the prune timer. */
  close(): void {
    if (this.timer) clearInterval(this.timer);
  }
}
