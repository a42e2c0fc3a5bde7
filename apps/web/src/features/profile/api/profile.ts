import type { TChangePasswordRequest, TProfileRequest, TUserAttributes } from '@linkwatch/shared';
import { api } from '@/api/client.ts';
import type { ResourceResponse } from '@/api/types.ts';

export const profileApi = {
  /** PUT user with the profile payload answers the updated user resource. */
  save: (payload: TProfileRequest) =>
    api.put<ResourceResponse<'users', TUserAttributes>>('user', payload).then((r) => r.data),
  changePassword: (payload: TChangePasswordRequest) => api.post<boolean>('user/change-password', payload),
};
