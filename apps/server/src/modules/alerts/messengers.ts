import type { AppContext } from '../../context.ts';
import { createPoster, type Poster } from '../../providers/messengers/http.ts';
import { createTelegram, type Telegram } from '../../providers/messengers/telegram.ts';

export interface Messengers {
  /** Posts to users' Slack webhooks through the SSRF guard (off only with CHECKER_ALLOW_PRIVATE_NETWORKS). */
  slack: Poster;
  telegram: Telegram;
}

const made = new WeakMap<AppContext['config'], Messengers>();

/** The chat-service clients of a configuration, made once per process. */
export function messengersOf(config: AppContext['config']): Messengers {
  let messengers = made.get(config);
  if (!messengers) {
    const { alerts } = config;
    messengers = {
      slack: createPoster({ timeoutMs: alerts.timeoutMs, guarded: !alerts.allowPrivateNetworks }),
      telegram: createTelegram({ ...alerts.telegram, timeoutMs: alerts.timeoutMs }),
    };
    made.set(config, messengers);
  }
  return messengers;
}
