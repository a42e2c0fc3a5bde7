import { PAYMENT_MAX_CENTS, PAYMENT_MIN_CENTS } from '@linkwatch/shared';
import { CreditCard } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/ui/Button.tsx';
import { Card, CardHeader } from '@/ui/Card.tsx';
import { cn } from '@/ui/cn.ts';
import { Field } from '@/ui/Field.tsx';
import { Input } from '@/ui/Input.tsx';
import { type AmountCheck, checkAmount } from './amount.ts';
import type { PaymentLevel } from './api/types.ts';
import { PaymentDialog } from './PaymentDialog.tsx';
import { useMoney } from './useMoney.ts';

/** Amounts one click away; each lands in a different bonus tier with the default levels. */
const QUICK_AMOUNTS = [25, 100, 500, 1000] as const;

function AmountHint({ check }: { check: AmountCheck }) {
  const { t } = useTranslation();
  const money = useMoney();
  if (!check.ok) return null;
  return (
    <p className="text-sm text-ink-muted" data-testid="topup-preview" aria-live="polite">
      {t('balanceUi.topUp.youGet', { count: check.credits, credits: money.credits(check.credits) })}{' '}
      {check.bonus > 0 ? (
        <span className="font-medium text-emerald-700">
          {t('balanceUi.topUp.bonus', {
            count: check.bonus,
            credits: money.credits(check.bonus),
            percent: check.percent,
          })}
        </span>
      ) : (
        <span>{t('balanceUi.topUp.noBonus')}</span>
      )}
    </p>
  );
}

/**
 * The amount form (dollars, 2 decimals, $1 to $10,000, read as the server reads it) with the credits
 * and the bonus it would earn; sending it opens the payment-method popup.
 */
export function TopUpCard({
  levels,
  text,
  onText: setText,
}: {
  levels: readonly PaymentLevel[];
  /** The amount as typed; the page holds it, so the bonus tiers can mark the one it falls in. */
  text: string;
  onText: (text: string) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const titleId = useId();
  const [touched, setTouched] = useState(false);
  const [paying, setPaying] = useState<number | null>(null);
  const check = checkAmount({ text, levels });
  const problem = touched && !check.ok ? check.problem : null;
  const limits = { min: money.cents(PAYMENT_MIN_CENTS), max: money.cents(PAYMENT_MAX_CENTS) };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (check.ok) setPaying(check.cents);
  };

  return (
    <Card aria-labelledby={titleId} role="region">
      <CardHeader
        titleId={titleId}
        title={t('balanceUi.topUp.title')}
        description={t('balanceUi.topUp.subtitle')}
      />
      <form className="space-y-4 px-6 py-5" onSubmit={submit} noValidate>
        <Field
          label={t('balanceUi.topUp.amount')}
          error={problem ? [t(`balanceUi.amount.${problem}`, limits)] : undefined}
          hint={t('balanceUi.topUp.limits', limits)}
        >
          {(control) => (
            <div className="relative">
              <span
                className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-sm text-ink-subtle"
                aria-hidden
              >
                $
              </span>
              <Input
                {...control}
                name="amount"
                inputMode="decimal"
                autoComplete="off"
                className="pl-7 tabular-nums"
                value={text}
                onChange={(e) => setText(e.target.value)}
                onBlur={() => setTouched(true)}
              />
            </div>
          )}
        </Field>
        <fieldset>
          <legend className="sr-only">{t('balanceUi.topUp.quick')}</legend>
          <div className="flex flex-wrap gap-2">
            {QUICK_AMOUNTS.map((dollars) => {
              const chosen = check.ok && check.cents === dollars * 100;
              return (
                <button
                  key={dollars}
                  type="button"
                  aria-pressed={chosen}
                  onClick={() => {
                    setText(String(dollars));
                    setTouched(true);
                  }}
                  className={cn(
                    'h-8 rounded-full px-3 text-sm font-medium tabular-nums ring-1 ring-inset transition-colors focus-visible:outline-2 focus-visible:outline-brand-500',
                    chosen
                      ? 'bg-brand-600 text-white ring-brand-600'
                      : 'bg-white text-ink ring-slate-300 hover:bg-slate-50',
                  )}
                >
                  {money.wholeDollars(dollars)}
                </button>
              );
            })}
          </div>
        </fieldset>
        <AmountHint check={check} />
        <Button type="submit" icon={<CreditCard className="size-4" aria-hidden />}>
          {t('balanceUi.topUp.submit')}
        </Button>
      </form>
      <PaymentDialog
        amountCents={paying}
        levels={levels}
        onOpenChange={(open) => {
          if (!open) setPaying(null);
        }}
      />
    </Card>
  );
}
