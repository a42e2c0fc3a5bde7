import { centsToUsd, type FieldErrors, LAYOUT } from '@linkwatch/shared';
import { ExternalLink } from 'lucide-react';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { useMe } from '@/lib/session.ts';
import { useSettingsQuery } from '@/lib/settings.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Field } from '@/ui/Field.tsx';
import { Input } from '@/ui/Input.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { RadioCards } from '@/ui/Radio.tsx';
import { Spinner } from '@/ui/Spinner.tsx';
import { checkAmount } from './amount.ts';
import { useCreatePayment } from './api/payment.ts';
import type { PaymentLevel, PaymentMethod } from './api/types.ts';
import { type Choice, CryptoChoice } from './CryptoChoice.tsx';
import { availableMethods, CRYPTO_COINS } from './paymentMethods.ts';
import { useMoney } from './useMoney.ts';

/** Sends the browser to the provider's checkout page; a seam for tests, where jsdom cannot navigate. */
export const leavePage = { to: (url: string) => window.location.assign(url) };

function usePayment({ amountCents }: { amountCents: number }) {
  const { t } = useTranslation();
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useCreatePayment({
    onSuccess: (payment) => {
      const url = payment.attributes.redirectUrl;
      if (url) leavePage.to(url);
      else setFormError(t('balanceUi.pay.noRedirect'));
    },
    onError: (error) => {
      const fields = isApiError(error) ? error.fieldErrors : {};
      setFieldErrors(fields);
      const shown = ['email', 'payCurrency'];
      const rest = Object.entries(fields)
        .filter(([field]) => !shown.includes(field))
        .flatMap(([, messages]) => messages);
      // A message its field already shows (a coin's minimum, under the network) is not said twice.
      const underFields = shown.flatMap((field) => fields[field] ?? []);
      setFormError(rest.length ? rest.join(' ') : underFields.includes(error.message) ? null : error.message);
    },
  });
  const pay = (choice: Choice) => {
    setFieldErrors({});
    setFormError(null);
    if (!choice.method) return setFormError(t('balanceUi.pay.chooseMethod'));
    if (choice.method === 'crypto' && !choice.payCurrency)
      return setFieldErrors({ payCurrency: [t('payments.errors.chooseNetwork')] });
    mutation.mutate({
      method: choice.method,
      body: {
        paymentMethod: choice.method,
        amount: centsToUsd(amountCents),
        email: choice.email.trim(),
        ...(choice.method === 'crypto' ? { payCurrency: choice.payCurrency } : {}),
      },
    });
  };
  // A successful answer leaves the page: the button stays busy until the browser has gone.
  return { pay, fieldErrors, formError, pending: mutation.isPending || mutation.isSuccess };
}

function PaymentForm({
  amountCents,
  levels,
  methods,
  formId,
  onPending,
}: {
  amountCents: number;
  levels: readonly PaymentLevel[];
  methods: readonly PaymentMethod[];
  formId: string;
  onPending: (pending: boolean) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const email = useMe().data?.attributes.email ?? '';
  const [choice, setChoice] = useState<Choice>({
    method: methods[0] ?? '',
    coin: CRYPTO_COINS[0].coin,
    payCurrency: CRYPTO_COINS[0].networks[0].payCurrency,
    email,
  });
  const { pay, fieldErrors, formError, pending } = usePayment({ amountCents });
  useEffect(() => onPending(pending), [pending, onPending]);
  const check = checkAmount({ text: centsToUsd(amountCents), levels });
  const update = (patch: Partial<Choice>) => setChoice((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!pending) pay(choice);
  };

  if (methods.length === 0) return <Alert tone="warning">{t('balanceUi.pay.noMethods')}</Alert>;
  return (
    <form id={formId} className="space-y-5" onSubmit={submit} noValidate>
      <p className="text-sm text-ink" data-testid="payment-summary">
        {t('balanceUi.pay.summary', {
          count: check.ok ? check.credits : 0,
          amount: money.cents(amountCents),
          credits: money.credits(check.ok ? check.credits : 0),
        })}
        {check.ok && check.bonus > 0 ? (
          <span className="text-emerald-700">
            {' '}
            {t('balanceUi.topUp.bonus', {
              count: check.bonus,
              credits: money.credits(check.bonus),
              percent: check.percent,
            })}
          </span>
        ) : null}
      </p>
      <section className="space-y-3" data-testid="payment-main">
        <RadioCards
          label={t('balanceUi.pay.method')}
          name="paymentMethod"
          className="sm:grid-cols-1!"
          value={choice.method}
          onChange={(value) => update({ method: value as PaymentMethod })}
          items={methods.map((method) => ({
            value: method,
            label: t(`payments.methods.${method}`),
            description: t(`balanceUi.pay.methods.${method}`),
          }))}
        />
      </section>
      {choice.method === 'crypto' ? (
        <CryptoChoice choice={choice} onChange={update} error={fieldErrors.payCurrency} />
      ) : null}
      <Field label={t('balanceUi.pay.email')} error={fieldErrors.email} hint={t('balanceUi.pay.emailHint')}>
        {(control) => (
          <Input
            {...control}
            name="email"
            type="email"
            autoComplete="email"
            value={choice.email}
            onChange={(e) => update({ email: e.target.value })}
          />
        )}
      </Field>
      {formError ? <Alert tone="error">{formError}</Alert> : null}
      {choice.method ? (
        <p className="flex items-start gap-2 text-xs text-ink-subtle">
          <ExternalLink className="mt-0.5 size-3.5 shrink-0" aria-hidden />
          {t(`balanceUi.pay.leaving.${choice.method}`)}
        </p>
      ) : null}
    </form>
  );
}

/**
 * The payment-method popup (spec 2 and 9: at most 500 px wide): the main list of the methods the
 * server has on, the additional list of coins with the network choice when paying in crypto, the
 * receipt address; sending it creates the Payment and leaves for the provider's checkout page.
 */
export function PaymentDialog({
  amountCents,
  levels,
  onOpenChange,
}: {
  /** The amount being paid; null while the popup is closed. */
  amountCents: number | null;
  levels: readonly PaymentLevel[];
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const money = useMoney();
  const formId = useId();
  // The methods come with the settings: while they load the popup waits, rather than saying there is none.
  const settings = useSettingsQuery();
  const methods = availableMethods(settings.data ?? null);
  const [pending, setPending] = useState(false);
  const open = amountCents !== null;
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) setPending(false);
        onOpenChange(next);
      }}
      maxWidth={LAYOUT.paymentModalMaxWidth}
      title={t('balanceUi.pay.title')}
      closeLabel={t('common.close')}
      footer={
        <>
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            form={formId}
            loading={pending}
            disabled={settings.isPending || methods.length === 0}
          >
            {t('balanceUi.pay.submit', { amount: open ? money.cents(amountCents) : '' })}
          </Button>
        </>
      }
    >
      {open && settings.isPending ? (
        <div className="flex justify-center py-6 text-brand-600">
          <Spinner className="size-6" label={t('common.loading')} />
        </div>
      ) : open ? (
        <PaymentForm
          amountCents={amountCents}
          levels={levels}
          methods={methods}
          formId={formId}
          onPending={setPending}
        />
      ) : null}
    </Modal>
  );
}
