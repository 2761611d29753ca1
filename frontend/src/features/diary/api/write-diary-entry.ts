import type { DiaryEntry, DiaryEntryCreate, DiaryEntryUpdate } from '@cinema-dna/shared-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';
import { DIARY_QUERY_ROOT } from './query-keys';

/** POST /api/diary: logs a film (201 with the entry). */
export function createDiaryEntry(body: DiaryEntryCreate): Promise<DiaryEntry> {
  return apiFetch<DiaryEntry>('/api/diary', { method: 'POST', body });
}

/** PATCH /api/diary/:entryId: changes your entry. */
export function updateDiaryEntry({ entryId, body }: { entryId: number; body: DiaryEntryUpdate }): Promise<DiaryEntry> {
  return apiFetch<DiaryEntry>(`/api/diary/${encodeURIComponent(entryId)}`, { method: 'PATCH', body });
}

/** DELETE /api/diary/:entryId (204). */
export function deleteDiaryEntry(entryId: number): Promise<void> {
  return apiFetch<void>(`/api/diary/${encodeURIComponent(entryId)}`, { method: 'DELETE' });
}

/** The list refreshes after each write (spec §7). */
function useRefreshDiary() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: DIARY_QUERY_ROOT });
}

export function useCreateDiaryEntry() {
  const refresh = useRefreshDiary();
  return useMutation({ mutationFn: createDiaryEntry, onSuccess: () => refresh() });
}

export function useUpdateDiaryEntry() {
  const refresh = useRefreshDiary();
  return useMutation({ mutationFn: updateDiaryEntry, onSuccess: () => refresh() });
}

export function useDeleteDiaryEntry() {
  const refresh = useRefreshDiary();
  return useMutation({ mutationFn: deleteDiaryEntry, onSuccess: () => refresh() });
}
