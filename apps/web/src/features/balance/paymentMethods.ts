import type { TSettingsAttributes } from '@linkwatch/shared';
import type { PaymentMethod } from './api/types.ts';

/**
 * The methods the popup's main list offers, in this order, each only when the server has it on
 * (spec 1: "each enabled by settings"): a card service named in `paymentService` (or a Stripe
 * publishable key), `enablePayPal`, `enableCrypto`.
 */
export function availableMethods(settings: TSettingsAttributes | null): PaymentMethod[] {
  if (!settings) return [];
  const on: Record<PaymentMethod, boolean> = {
    card: Boolean(settings.paymentService || settings.stripePublic),
    paypal: settings.enablePayPal,
    crypto: settings.enableCrypto,
  };
  return (['card', 'paypal', 'crypto'] as const).filter((method) => on[method]);
}

/** A network a coin is paid on, with NOWPayments' code for the pair (the `payCurrency` sent). */
export type CryptoNetwork = { payCurrency: string; network: string };
export type CryptoCoin = { coin: string; name: string; networks: readonly CryptoNetwork[] };

/**
 * The popup's additional list: the coins a crypto payment can be made in, and for each the networks
 * to choose from (the "network choice"). Codes as NOWPayments names them, the coins a NOWPayments
 * store accepts by default; Tether first, on its cheapest network first. The popup offers those the
 * store accepts (`GET payments/networks`, see acceptedCoins). Names are the coins' and chains' own,
 * the same in every language.
 */
export const CRYPTO_COINS: readonly CryptoCoin[] = [
  {
    coin: 'USDT',
    name: 'Tether',
    networks: [
      { payCurrency: 'usdttrc20', network: 'Tron (TRC-20)' },
      { payCurrency: 'usdterc20', network: 'Ethereum (ERC-20)' },
      { payCurrency: 'usdtbsc', network: 'BNB Smart Chain (BEP-20)' },
    ],
  },
  { coin: 'BTC', name: 'Bitcoin', networks: [{ payCurrency: 'btc', network: 'Bitcoin' }] },
  { coin: 'ETH', name: 'Ethereum', networks: [{ payCurrency: 'eth', network: 'Ethereum' }] },
  { coin: 'LTC', name: 'Litecoin', networks: [{ payCurrency: 'ltc', network: 'Litecoin' }] },
  { coin: 'TRX', name: 'Tron', networks: [{ payCurrency: 'trx', network: 'Tron' }] },
];

/** The coins and networks the store accepts; all of them while its list is not known (or empty). */
export function acceptedCoins(accepted: readonly string[] | undefined): readonly CryptoCoin[] {
  if (!accepted || accepted.length === 0) return CRYPTO_COINS;
  const coins = CRYPTO_COINS.map((coin) => ({
    ...coin,
    networks: coin.networks.filter((n) => accepted.includes(n.payCurrency)),
  })).filter((coin) => coin.networks.length > 0);
  return coins.length > 0 ? coins : CRYPTO_COINS;
}

/** The coin and network a `payCurrency` code stands for (a returning payment names only the code). */
export function cryptoNetworkOf(payCurrency: string | null | undefined) {
  for (const coin of CRYPTO_COINS) {
    const network = coin.networks.find((n) => n.payCurrency === payCurrency);
    if (network) return { coin, network };
  }
  return null;
}
