import type { TSettingsAttributes } from '@linkwatch/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/api/client.ts';
import type { ResourceResponse } from '@/api/types.ts';

/** spec point 7: settings errors are swallowed; empty attributes give no settings. */
async function fetchSettings(): Promise<TSettingsAttributes | null> {
  try {
    const response = await api.get<ResourceResponse<'settings', TSettingsAttributes>>('settings');
    const attributes = response?.data?.attributes;
    return attributes && Object.keys(attributes).length > 0 ? attributes : null;
  } catch {
    return null;
  }
}

export const settingsQueryKey = ['settings'] as const;

/** The settings' query: `isPending` while they load; after that, null data means none (or a failed read). */
export function useSettingsQuery() {
  return useQuery({ queryKey: settingsQueryKey, queryFn: fetchSettings, staleTime: 5 * 60_000 });
}

export function useSettings(): TSettingsAttributes | null {
  return useSettingsQuery().data ?? null;
}
