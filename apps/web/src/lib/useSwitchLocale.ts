import type { Locale, TUserAttributes } from '@linkwatch/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { api } from '@/api/client.ts';
import type { ResourceResponse } from '@/api/types.ts';
import { fullPath, rememberLocale, switchLocalePath } from './locale.ts';
import { notify } from './notices.ts';
import { meQueryKey, type User, useMe, useToken } from './session.ts';
import { useLocale } from './useLocale.tsx';

/**
 * Saves a locale as the account's with PUT user {locale} (the profile's language call). The cached
 * user changes first and goes back if the call fails; resolves to whether it was saved.
 */
export function useSaveAccountLocale(): (locale: Locale) => Promise<boolean> {
  const queryClient = useQueryClient();
  return async (locale: Locale) => {
    const previous = queryClient.getQueryData<User>(meQueryKey);
    if (!previous) return false;
    queryClient.setQueryData<User>(meQueryKey, {
      ...previous,
      attributes: { ...previous.attributes, locale },
    });
    try {
      const saved = await api.put<ResourceResponse<'users', TUserAttributes>>('user', { locale });
      if (saved?.data) queryClient.setQueryData<User>(meQueryKey, saved.data);
      return true;
    } catch (error) {
      queryClient.setQueryData<User>(meQueryKey, previous);
      notify.error(error instanceof Error ? error.message : String(error));
      return false;
    }
  };
}

/**
 * Changes the URL prefix and, when logged in, saves the locale as the account's: picking a language is
 * choosing it, so it is remembered.
 */
export function useSwitchLocale(): (locale: Locale) => Promise<void> {
  const navigate = useNavigate();
  const location = useLocation();
  const token = useToken();
  const save = useSaveAccountLocale();

  return async (locale: Locale) => {
    rememberLocale(locale);
    navigate(switchLocalePath({ path: fullPath(location), locale }));
    if (token) await save(locale);
  };
}

/**
 * The URL's language wins for the visit it names (/ru/... while the account says en); this is the
 * account's language then, which the language switcher offers to replace. `null` when they agree, or
 * when nobody is logged in.
 */
export function useAccountLocaleOffer(): { account: Locale; locale: Locale } | null {
  const locale = useLocale();
  const me = useMe();
  const account = me.data?.attributes.locale as Locale | undefined;
  if (!account || account === locale) return null;
  return { account, locale };
}
