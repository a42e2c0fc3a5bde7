/** Captcha behind an interface; the real adapter speaks the siteverify protocol of reCAPTCHA and hCaptcha. */
export interface CaptchaVerifier {
  readonly enabled: boolean;
  verify(token: string | null | undefined, remoteIp: string): Promise<boolean>;
}

export const captchaOff: CaptchaVerifier = { enabled: false, verify: async () => true };

export function siteverifyCaptcha(options: { verifyUrl: string; secret: string }): CaptchaVerifier {
  return {
    enabled: true,
    async verify(token, remoteIp) {
      if (!token) return false;
      const body = new URLSearchParams({ secret: options.secret, response: token, remoteip: remoteIp });
      try {
        const response = await fetch(options.verifyUrl, {
          method: 'POST',
          body,
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) return false;
        const result = (await response.json()) as { success?: boolean };
        return result.success === true;
      } catch {
        return false;
      }
    },
  };
}

export function createCaptcha(config: { verifyUrl?: string; secret?: string }): CaptchaVerifier {
  return config.verifyUrl && config.secret
    ? siteverifyCaptcha({ verifyUrl: config.verifyUrl, secret: config.secret })
    : captchaOff;
}
