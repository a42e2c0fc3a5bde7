import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '@/ui/Field.tsx';
import { RadioCards } from '@/ui/Radio.tsx';
import { Select } from '@/ui/Select.tsx';
import { useCryptoNetworks } from './api/balance.ts';
import type { PaymentMethod } from './api/types.ts';
import { acceptedCoins } from './paymentMethods.ts';

/** What the payment popup's form holds. */
export type Choice = { method: PaymentMethod | ''; coin: string; payCurrency: string; email: string };

/** The crypto part: the additional list (the coin) and the network choice for it. */
export function CryptoChoice({
  choice,
  onChange,
  error,
}: {
  choice: Choice;
  onChange: (patch: Partial<Choice>) => void;
  error?: string[];
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const coins = acceptedCoins(useCryptoNetworks().data);
  const coin = coins.find((c) => c.coin === choice.coin);
  // The store's list arrives after the popup opened on the first coin: keep the choice among those offered.
  useEffect(() => {
    const first = coins[0];
    if (!coin && first) onChange({ coin: first.coin, payCurrency: first.networks[0].payCurrency });
    else if (coin && !coin.networks.some((n) => n.payCurrency === choice.payCurrency))
      onChange({ payCurrency: coin.networks[0].payCurrency });
  }, [coins, coin, choice.payCurrency, onChange]);
  return (
    <section aria-labelledby={headingId} className="space-y-3" data-testid="payment-additional">
      <h3 id={headingId} className="text-sm font-medium text-slate-700">
        {t('balanceUi.pay.additional')}
      </h3>
      <RadioCards
        label={t('balanceUi.pay.coin')}
        name="coin"
        className="grid-cols-2 sm:grid-cols-3!"
        value={choice.coin}
        onChange={(value) => {
          const next = coins.find((c) => c.coin === value);
          onChange({ coin: value, payCurrency: next?.networks[0]?.payCurrency ?? '' });
        }}
        items={coins.map((c) => ({ value: c.coin, label: c.coin, description: c.name }))}
      />
      {coin ? (
        <Field label={t('balanceUi.pay.network')} error={error} hint={t('balanceUi.pay.networkHint')}>
          {(control) => (
            <Select
              {...control}
              name="payCurrency"
              className="w-full"
              value={choice.payCurrency}
              onChange={(e) => onChange({ payCurrency: e.target.value })}
              options={coin.networks.map((n) => ({ value: n.payCurrency, label: n.network }))}
            />
          )}
        </Field>
      ) : null}
    </section>
  );
}
