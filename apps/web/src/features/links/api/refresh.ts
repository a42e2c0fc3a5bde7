import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { campaignKeys, projectKeys } from '@/features/projects';
import { linkKeys } from './keys.ts';

/** Reads every link list, count and summary again (another feature changed what they show). */
export function useRefreshLinks(): () => Promise<void> {
  const client = useQueryClient();
  return useCallback(() => client.invalidateQueries({ queryKey: linkKeys.all }), [client]);
}

/** After a task on a page's links ends: its table, summary, counts and the project's or campaign's header. */
export function useRefreshAfterTask(): () => void {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: linkKeys.all });
    void client.invalidateQueries({ queryKey: projectKeys.all });
    void client.invalidateQueries({ queryKey: campaignKeys.all });
  }, [client]);
}
