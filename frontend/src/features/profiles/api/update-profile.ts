import { UserProfileSchema, type ProfileUpdate, type UserProfile } from '@cinema-dna/shared-types';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client-typed';
import { PROFILES_QUERY_ROOT } from './query-keys';

/** PATCH /api/users/me/profile: display name and bio (an empty bio clears it). */
export async function updateProfile(update: ProfileUpdate): Promise<UserProfile> {
  return UserProfileSchema.parse(await api.patch('/api/users/me/profile', { body: update }));
}

/** Saves the edit, then every profile query reads again (the header, cards and lists show the new name). */
export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [PROFILES_QUERY_ROOT] }),
  });
}
