import { z } from 'zod';
import { CONTACT_CATEGORIES } from './contact.js';

/*
 * The contact inbox (the admin Content tab): messages from /contact with their read / answered state.
 */

export const InboxMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  subject: z.string(),
  category: z.enum(CONTACT_CATEGORIES),
  message: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
  answeredAt: z.string().nullable(),
});
export type InboxMessage = z.infer<typeof InboxMessageSchema>;
export const InboxQuerySchema = z.object({ state: z.enum(['all', 'unread', 'unanswered']).default('all') });
export const InboxResponseSchema = z.object({ messages: z.array(InboxMessageSchema), unread: z.number().int() });
export const InboxMessageParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const InboxUpdateSchema = z
  .object({ read: z.boolean().optional(), answered: z.boolean().optional() })
  .strict()
  .refine((value) => value.read !== undefined || value.answered !== undefined, { message: 'Give read or answered' });
