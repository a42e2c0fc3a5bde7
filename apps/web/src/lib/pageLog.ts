import { useEffect } from 'react';
import { api } from '@/api/client.ts';

/** spec point 7: POST page-logs/ with the full visited path after each navigation; failures ignored. */
export function usePageLog(path: string): void {
  useEffect(() => {
    api.post('page-logs/', { page: path }).catch(() => {});
  }, [path]);
}
