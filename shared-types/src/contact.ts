import { z } from 'zod';
import { text } from './text.js';

export const CONTACT_CATEGORIES = ['general', 'bug', 'feature', 'account', 'data', 'other'] as const;

/** POST /api/contact body. Bounds keep a message readable and the table small. */
export const ContactMessageSchema = z.object({
  name: text().trim().min(1, 'Name is required').max(120),
  email: text().pipe(z.email('Enter a valid email address').max(254)),
  subject: text().trim().min(1, 'Subject is required').max(200),
  category: z.enum(CONTACT_CATEGORIES).default('general'),
  message: text().trim().min(1, 'Message is required').max(5000),
});
export type ContactMessage = z.infer<typeof ContactMessageSchema>;

export const ContactResponseSchema = z.object({ success: z.literal(true), message: z.string() });
export type ContactResponse = z.infer<typeof ContactResponseSchema>;
