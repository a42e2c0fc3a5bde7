import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { linkKeys } from '@/features/links';
import { campaignKeys, projectKeys } from '@/features/projects/api/keys.ts';

/** After a task on the page's links ends: its table, summary, counts and headers are read again. */
export function useRefreshAfterTask() {
  const client = useQueryClient();
  return useCallback(() => {
    void client.invalidateQueries({ queryKey: linkKeys.all });
    void client.invalidateQueries({ queryKey: projectKeys.all });
    void client.invalidateQueries({ queryKey: campaignKeys.all });
  }, [client]);
}
