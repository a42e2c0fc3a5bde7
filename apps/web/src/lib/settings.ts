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

export function useSettings(): TSettingsAttributes | null {
  const { data } = useQuery({ queryKey: ['settings'], queryFn: fetchSettings, staleTime: 5 * 60_000 });
  return data ?? null;
}
