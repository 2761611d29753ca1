import type { ContactMessage, InboxMessage } from '@cinema-dna/shared-types';
import { CONTACT_CATEGORIES } from '@cinema-dna/shared-types';
import { count, desc, eq, isNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import type { DbTransaction } from '../../platform/events/index.js';
import { notFound } from '../../platform/errors.js';
import { contactMessages } from './schema.js';

/** Messages the inbox lists at once (newest first). */
export const INBOX_LIMIT = 200;

/** Writes the inbox change's audit row in its transaction (the admin feature's, through a port). */
export type InboxAudit = (tx: DbTransaction, entry: { actorId: number; action: 'contact.updated'; targetType: 'contact'; targetId: number; before: unknown; after: unknown }) => Promise<void>;

type Row = typeof contactMessages.$inferSelect;
const category = (value: string): InboxMessage['category'] => ((CONTACT_CATEGORIES as readonly string[]).includes(value) ? (value as InboxMessage['category']) : 'other');
const toInbox = (row: Row): InboxMessage => ({
  id: row.id,
  name: row.name,
  email: row.email,
  subject: row.subject,
  category: category(row.category),
  message: row.message,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
  answeredAt: row.answeredAt?.toISOString() ?? null,
});
const stateOf = (row: Pick<Row, 'readAt' | 'answeredAt'>) => ({ read: row.readAt !== null, answered: row.answeredAt !== null });

export function createContactStore(db: Db) {
  return {
    async insert(message: ContactMessage) {
      const [row] = await db.insert(contactMessages).values(message).returning();
      return row!;
    },
    /** Newest first; for the admin dashboard. */
    async list(limit: number) {
      return db.select().from(contactMessages).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(limit);
    },

    /** The inbox: all, unread or unanswered messages (newest first, at most INBOX_LIMIT), and how many are unread. */
    async inbox(state: 'all' | 'unread' | 'unanswered'): Promise<{ messages: InboxMessage[]; unread: number }> {
      const where: SQL | undefined = state === 'unread' ? isNull(contactMessages.readAt) : state === 'unanswered' ? isNull(contactMessages.answeredAt) : undefined;
      const [rows, [unread]] = await Promise.all([
        db.select().from(contactMessages).where(where).orderBy(desc(contactMessages.createdAt), desc(contactMessages.id)).limit(INBOX_LIMIT),
        db.select({ value: count() }).from(contactMessages).where(isNull(contactMessages.readAt)),
      ]);
      return { messages: rows.map(toInbox), unread: unread?.value ?? 0 };
    },

    /**
     * Marks a message read/unread and answered/unanswered (true sets the timestamp, keeping an earlier
     * one; false clears it), with its audit row in the same transaction. 404 for an unknown id.
     */
    async update(actorId: number, id: number, change: { read?: boolean; answered?: boolean }, audit: InboxAudit): Promise<InboxMessage> {
      return db.transaction(async (tx) => {
        const [row] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update');
        if (!row) throw notFound('Message not found');
        const set: { readAt?: SQL | null; answeredAt?: SQL | null } = {};
        if (change.read !== undefined) set.readAt = change.read ? sql`coalesce(${contactMessages.readAt}, now())` : null;
        if (change.answered !== undefined) set.answeredAt = change.answered ? sql`coalesce(${contactMessages.answeredAt}, now())` : null;
        const [updated] = await tx.update(contactMessages).set(set).where(eq(contactMessages.id, id)).returning();
        await audit(tx, { actorId, action: 'contact.updated', targetType: 'contact', targetId: id, before: stateOf(row), after: stateOf(updated!) });
        return toInbox(updated!);
      });
    },
  };
}
export type ContactStore = ReturnType<typeof createContactStore>;
