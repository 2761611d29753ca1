import type { ContactMessage } from '@cinema-dna/shared-types';
import { desc } from 'drizzle-orm';
import type { Db } from '../../platform/db/database.js';
import { contactMessages } from './schema.js';

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
  };
}
export type ContactStore = ReturnType<typeof createContactStore>;
