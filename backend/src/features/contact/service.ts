import type { ContactMessage, ContactResponse } from '@cinema-dna/shared-types';
import type { ContactStore } from './store.js';

export const CONTACT_THANKS = "Thank you for contacting us. We'll get back to you within 24 hours.";

/** Keeps a contact message; nothing is sent anywhere else. */
export async function submitContactMessage(store: ContactStore, message: ContactMessage): Promise<ContactResponse> {
  await store.insert(message);
  return { success: true, message: CONTACT_THANKS };
}
