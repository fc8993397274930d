import { profilesRoutes } from '@rally/shared/api/profiles';
import type { CreateProfile } from '@rally/shared/profiles';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../lib/api-request';

// Apart from api.ts: only the "Add a child" dialog (loaded when opened)
// uses it, and the home's first screen then does not load the profiles
// route table (docs/decisions/018, sixth pass).

/**
 * `POST /api/profiles`: adds a profile the user manages (a child: relationship
 * `guardian`). Refreshes home and profile lists. Throws `ApiError`
 * (`validation_failed` with `errors[].path` `displayName` or `dateOfBirth`).
 */
export function useCreateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateProfile) => request(profilesRoutes.create, { body }),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['home'] });
      await queryClient.invalidateQueries({ queryKey: ['profiles'] });
    },
  });
}
