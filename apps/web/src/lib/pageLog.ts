import { useEffect } from 'react';
import { api } from '@/api/client.ts';
import { afterPageShown } from './afterPageLoad.ts';

/**
 * spec point 7: POST page-logs/ with the full visited path after each navigation; failures ignored. Sent
 * once the page has loaded and shown its content (not cancelled by a quick next navigation: every visited path is logged).
 */
export function usePageLog(path: string): void {
  useEffect(() => {
    afterPageShown(() => {
      api.post('page-logs/', { page: path }).catch(() => {});
    });
  }, [path]);
}
