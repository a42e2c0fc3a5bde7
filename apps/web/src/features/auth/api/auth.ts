import type {
  TForgotPasswordRequest,
  TLoginRequest,
  TRegisterRequest,
  TResendConfirmationRequest,
  TResetPasswordRequest,
  ZAccessTokenResponse,
} from '@linkwatch/shared';
import type { z } from 'zod';
import { api } from '@/api/client.ts';

type AccessTokenResponse = z.infer<typeof ZAccessTokenResponse>;

export const authApi = {
  login: (payload: TLoginRequest) =>
    api.post<AccessTokenResponse>('auth/login', payload).then((r) => r.data.attributes.accessToken),
  register: (payload: TRegisterRequest) => api.post<boolean>('auth/register', payload),
  forgotPassword: (payload: TForgotPasswordRequest) => api.post<boolean>('auth/forgot-password', payload),
  resetPassword: (payload: TResetPasswordRequest) => api.post<boolean>('auth/reset-password', payload),
  resendConfirmation: (payload: TResendConfirmationRequest) =>
    api.post<boolean>('auth/email/resend', payload),
  /** A registration link confirms with auth/…; a changed-email link (`?type=change`) with user/…. */
  confirmEmail: ({ code, change }: { code: string; change: boolean }) =>
    api.get<boolean>(`${change ? 'user' : 'auth'}/confirm-email/${encodeURIComponent(code)}`),
};
