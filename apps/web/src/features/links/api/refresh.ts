import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { linkKeys } from './keys.ts';

/** Reads every link list, count and summary again (another feature changed what they show). */
export function useRefreshLinks(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: linkKeys.all }), [client]);
}
