import type { Locale, TUserAttributes } from '@linkwatch/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { api } from '@/api/client.ts';
import type { ResourceResponse } from '@/api/types.ts';
import { fullPath, rememberLocale, switchLocalePath } from './locale.ts';

import { notify } from './notices.ts';
import { meQueryKey, type User, useToken } from './session.ts';

/**
 * Changes the URL prefix and, when logged in, saves the locale with PUT user {locale}.
 * The cached user is updated first so the saved-locale guard does not send the user back.
 */
export function useSwitchLocale(): (locale: Locale) => Promise<void> {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const token = useToken();

  return async (locale: Locale) => {
    rememberLocale(locale);
    const previous = token ? queryClient.getQueryData<User>(meQueryKey) : undefined;
    if (previous) {
      queryClient.setQueryData<User>(meQueryKey, {
        ...previous,
        attributes: { ...previous.attributes, locale },
      });
    }
    navigate(switchLocalePath({ path: fullPath(location), locale }));
    if (!previous) return;
    try {
      const saved = await api.put<ResourceResponse<'users', TUserAttributes>>('user', { locale });
      if (saved?.data) queryClient.setQueryData<User>(meQueryKey, saved.data);
    } catch (error) {
      queryClient.setQueryData<User>(meQueryKey, previous);
      notify.error(error instanceof Error ? error.message : String(error));
    }
  };
}
