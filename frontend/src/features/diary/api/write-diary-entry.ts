import type { DiaryEntry, DiaryEntryCreate, DiaryEntryUpdate } from '@cinema-dna/shared-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { DIARY_QUERY_ROOT } from './query-keys';

/** POST /api/diary: logs a film (201 with the entry). */
export function createDiaryEntry(body: DiaryEntryCreate): Promise<DiaryEntry> {
  return api.post('/api/diary', { body });
}

/** PATCH /api/diary/:entryId: changes your entry. */
export function updateDiaryEntry({ entryId, body }: { entryId: number; body: DiaryEntryUpdate }): Promise<DiaryEntry> {
  return api.patch('/api/diary/:entryId', { params: { entryId }, body });
}

/** DELETE /api/diary/:entryId (204). */
export function deleteDiaryEntry(entryId: number): Promise<void> {
  return api.delete('/api/diary/:entryId', { params: { entryId } });
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
