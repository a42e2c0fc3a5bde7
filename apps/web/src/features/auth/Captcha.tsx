import { useEffect, useRef, useState } from 'react';
import { languageTag } from '@/lib/locale.ts';
import { useSettings } from '@/lib/settings.ts';
import { useLocale } from '@/lib/useLocale.tsx';

type Grecaptcha = {
  ready: (cb: () => void) => void;
  render: (
    el: HTMLElement,
    options: {
      sitekey: string;
      callback: (token: string) => void;
      'expired-callback': () => void;
      hl?: string;
    },
  ) => number;
  reset: (id?: number) => void;
};

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
  }
}

const SCRIPT_ID = 'recaptcha-script';

function loadScript(): Promise<Grecaptcha> {
  return new Promise((resolve, reject) => {
    const done = () => window.grecaptcha?.ready(() => resolve(window.grecaptcha as Grecaptcha));
    if (window.grecaptcha) return done();
    let script = document.getElementById(SCRIPT_ID) as HTMLScriptElement | null;
    if (!script) {
      script = document.createElement('script');
      script.id = SCRIPT_ID;
      script.src = 'https://www.google.com/recaptcha/api.js?render=explicit';
      script.async = true;
      document.head.append(script);
    }
    script.addEventListener('load', done);
    script.addEventListener('error', reject);
  });
}

/**
 * A reCAPTCHA v2 checkbox, rendered only when settings carry a captcha site key; its token is
 * posted as `captcha`. Without a site key nothing renders and nothing is sent.
 */
export function Captcha({ resetKey }: { resetKey?: unknown }) {
  const siteKey = useSettings()?.captchaSiteKey;
  const locale = useLocale();
  const box = useRef<HTMLDivElement>(null);
  const widget = useRef<number | null>(null);
  const [token, setToken] = useState('');

  useEffect(() => {
    if (!siteKey || !box.current || widget.current !== null) return;
    const element = box.current;
    loadScript()
      .then((grecaptcha) => {
        widget.current = grecaptcha.render(element, {
          sitekey: siteKey,
          hl: languageTag(locale),
          callback: setToken,
          'expired-callback': () => setToken(''),
        });
      })
      .catch(() => {});
  }, [siteKey, locale]);

  // A failed submit spends the token; the next try needs a fresh one.
  // biome-ignore lint/correctness/useExhaustiveDependencies: resetKey is the trigger
  useEffect(() => {
    if (widget.current === null) return;
    window.grecaptcha?.reset(widget.current);
    setToken('');
  }, [resetKey]);

  if (!siteKey) return null;
  return (
    <div>
      <div ref={box} />
      <input type="hidden" name="captcha" value={token} />
    </div>
  );
}
