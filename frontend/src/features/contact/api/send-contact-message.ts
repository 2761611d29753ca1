import type { ContactMessage, ContactResponse } from '@cinema-dna/shared-types';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';

/** POST /api/contact; answers `{ success: true, message }`. */
export function sendContactMessage(input: ContactMessage): Promise<ContactResponse> {
  return api.post('/api/contact', { body: input });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
