import type { ContactMessage, ContactResponse } from '@cinema-dna/shared-types';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** POST /api/contact; answers `{ success: true, message }`. */
export function sendContactMessage(input: ContactMessage): Promise<ContactResponse> {
  return apiFetch<ContactResponse>('/api/contact', { method: 'POST', body: input });
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
