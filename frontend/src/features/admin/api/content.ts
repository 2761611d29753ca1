import type { InboxMessage } from '@cinema-dna/shared-types';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { REVIEWS_QUERY_ROOT } from '../../reviews';
import { adminQueryKeys } from './query-keys';

export type ModerationState = 'open' | 'hidden' | 'all';
export type InboxState = 'all' | 'unread' | 'unanswered';
export interface InboxResponse {
  messages: InboxMessage[];
  unread: number;
}

/** GET /api/admin/reports?state: the reported reviews. */
export const getReportedReviews = (state: ModerationState, signal?: AbortSignal) =>
  api.get('/api/admin/reports', { query: { state }, signal });

export function useReportedReviews(state: ModerationState, enabled: boolean) {
  return useQuery({ queryKey: adminQueryKeys.reports(state), queryFn: ({ signal }) => getReportedReviews(state, signal), enabled, staleTime: 0 });
}

/** POST /api/admin/reviews/{reviewId}/hide or /restore. */
export const moderateReview = ({ reviewId, action }: { reviewId: number; action: 'hide' | 'restore' }) =>
  api.post(`/api/admin/reviews/:reviewId/${action}`, { params: { reviewId } });

export function useModerateReview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moderateReview,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.reportsRoot() });
      void queryClient.invalidateQueries({ queryKey: adminQueryKeys.audit() });
      // The entity's public list changes too.
      void queryClient.invalidateQueries({ queryKey: [REVIEWS_QUERY_ROOT] });
    },
  });
}

/** GET /api/admin/contact?state: messages from /contact and how many are unread. */
export const getInbox = (state: InboxState, signal?: AbortSignal) => api.get('/api/admin/contact', { query: { state }, signal });

export function useInbox(state: InboxState, enabled: boolean) {
  return useQuery({ queryKey: adminQueryKeys.inbox(state), queryFn: ({ signal }) => getInbox(state, signal), enabled, staleTime: 0 });
}

/** PATCH /api/admin/contact/{id} with read and/or answered. */
export const updateInboxMessage = ({ id, update }: { id: number; update: { read?: boolean; answered?: boolean } }) =>
  api.patch('/api/admin/contact/:id', { params: { id }, body: update });

export function useUpdateInboxMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateInboxMessage,
    onSuccess: (message) => {
      queryClient.setQueriesData<InboxResponse>({ queryKey: adminQueryKeys.inboxRoot() }, (data) => {
        if (!data) return data;
        const before = data.messages.find((row) => row.id === message.id);
        const unreadChange = before ? Number(before.readAt === null) - Number(message.readAt === null) : 0;
        return { messages: data.messages.map((row) => (row.id === message.id ? message : row)), unread: Math.max(0, data.unread - unreadChange) };
      });
      // No refetch: a message just opened stays in the Unread view until the filter changes.
    },
  });
}
