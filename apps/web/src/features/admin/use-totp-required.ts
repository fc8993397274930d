import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { isApiError } from '../../lib/api-client';

/** What {@link useTotpRequired} returns. */
export interface TotpRequiredState {
  /** True once a request of the page was refused with `totp_required` (403). */
  isRequired: boolean;
  /** Forgets the refusal, so the page's parts mount and ask again. */
  retry: () => void;
}

/**
 * Whether the global-admin API refused this session with 403
 * `totp_required` (DESIGN.md §3: global admins need a session that passed
 * the authenticator step) while the page is open: watches every query and
 * mutation that fails, whichever tab made it, so the page can show one
 * explanation instead of an error in each panel. The refusal is kept until
 * `retry` or until the page unmounts; its queries refetch when it mounts
 * again (TanStack Query retries a failed query on mount).
 */
export function useTotpRequired(): TotpRequiredState {
  const queryClient = useQueryClient();
  const [isRequired, setIsRequired] = useState(false);
  useEffect(() => {
    const noteFailure = (event: { type: string; action?: { type: string; error?: unknown } }) => {
      if (
        event.type === 'updated' &&
        event.action?.type === 'error' &&
        isApiError(event.action.error, 'totp_required')
      ) {
        setIsRequired(true);
      }
    };
    const stopQueries = queryClient.getQueryCache().subscribe(noteFailure);
    const stopMutations = queryClient.getMutationCache().subscribe(noteFailure);
    return () => {
      stopQueries();
      stopMutations();
    };
  }, [queryClient]);
  const retry = useCallback(() => setIsRequired(false), []);
  return { isRequired, retry };
}
