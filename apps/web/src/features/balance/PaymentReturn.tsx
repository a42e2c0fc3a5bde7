import { PaymentStatus } from '@linkwatch/shared';
import { useQueryClient } from '@tanstack/react-query';
import { X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { balanceQueryKey } from '@/lib/balance.ts';
import { Alert, type Tone } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { Spinner } from '@/ui/Spinner.tsx';
import { balanceKeys } from './api/keys.ts';
import { useCapturePayment, usePayment } from './api/payment.ts';
import type { Payment } from './api/types.ts';
import { useMoney } from './useMoney.ts';

/** What the providers add to the return URL (ours: payment, cancelled; Stripe stand-in: reason; PayPal: token, PayerID). */
const RETURN_PARAMS = ['payment', 'cancelled', 'reason', 'token', 'PayerID'] as const;
/** The Stripe stand-in's mark on a declined card's return (real Checkout keeps the customer on its page). */
const DECLINED = 'card_declined';
/** A webhook normally follows the return within seconds; past this the page stops asking and says so. */
const POLL_FOR_MS = 120_000;

function usePaymentOnReturn(id: string, { captureWith }: { captureWith: string | null }) {
  const queryClient = useQueryClient();
  const [waitedTooLong, setWaitedTooLong] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setWaitedTooLong(true), POLL_FOR_MS);
    return () => clearTimeout(timer);
  }, []);
  const payment = usePayment(id, { polling: !waitedTooLong });
  const capture = useCapturePayment(id);
  const attributes = payment.data?.attributes;
  // PayPal sends the buyer back with the approved order (token): we capture it once, here.
  const shouldCapture =
    captureWith !== null &&
    attributes?.paymentMethod === 'paypal' &&
    attributes.statusId === PaymentStatus.New;
  const { mutate, isIdle } = capture;
  useEffect(() => {
    if (shouldCapture && isIdle) mutate();
  }, [shouldCapture, isIdle, mutate]);
  // The socket usually brings the new balance first; this covers a page whose socket is down.
  const paid = attributes?.statusId === PaymentStatus.Paid;
  useEffect(() => {
    if (!paid) return;
    void queryClient.invalidateQueries({ queryKey: balanceQueryKey });
    void queryClient.invalidateQueries({ queryKey: balanceKeys.history });
  }, [paid, queryClient]);
  return { payment, capture, waitedTooLong };
}

function PaymentOutcome({ id, captureWith }: { id: string; captureWith: string | null }) {
  const { t } = useTranslation();
  const money = useMoney();
  const { payment, capture, waitedTooLong } = usePaymentOnReturn(id, { captureWith });
  if (payment.isError) return <Outcome tone="error">{payment.error.message}</Outcome>;
  if (capture.isError) return <Outcome tone="error">{capture.error.message}</Outcome>;
  const data: Payment | undefined = payment.data;
  if (!data)
    return (
      <Outcome tone="info" busy>
        {t('balanceUi.return.checking', { id })}
      </Outcome>
    );
  const a = data.attributes;
  const amount = money.cents(Math.round(a.amount * 100));
  if (a.statusId === PaymentStatus.Paid) {
    const paidCents = Math.round((a.paid ?? a.amount) * 100);
    return (
      <Outcome tone="success">
        {t('balanceUi.return.paid', { id, amount: money.cents(paidCents) })}{' '}
        {a.bonus > 0
          ? t('balanceUi.return.bonus', { count: a.bonus, credits: money.credits(a.bonus) })
          : null}
      </Outcome>
    );
  }
  if (a.statusId === PaymentStatus.Cancelled)
    return <Outcome tone="warning">{t('balanceUi.return.cancelled', { id, amount })}</Outcome>;
  if (waitedTooLong) return <Outcome tone="warning">{t('balanceUi.return.slow', { id, amount })}</Outcome>;
  return (
    <Outcome tone="info" busy>
      {t(capture.isPending ? 'balanceUi.return.capturing' : 'balanceUi.return.waiting', { id, amount })}
    </Outcome>
  );
}

function Outcome({ tone, busy, children }: { tone: Tone; busy?: boolean; children: React.ReactNode }) {
  return (
    <Alert tone={tone}>
      <span className="flex items-center gap-2" data-testid="payment-return" data-tone={tone}>
        {busy ? <Spinner className="size-4 shrink-0" /> : null}
        <span>{children}</span>
      </span>
    </Alert>
  );
}

/**
 * The result of a payment when the provider sends the browser back to /balance?payment=<id>: a
 * declined card (spec 8's message, word for word), a cancelled checkout, or the payment's status as
 * the server knows it, followed until the notification makes it Paid. PayPal's return is captured.
 */
export function PaymentReturn() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const id = params.get('payment');
  if (!id || !/^\d{1,12}$/.test(id)) return null;
  const dismiss = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const name of RETURN_PARAMS) next.delete(name);
        return next;
      },
      { replace: true },
    );
  const declined = params.get('reason') === DECLINED;
  const cancelled = params.get('cancelled') === '1';
  return (
    <div className="mb-6 flex items-start gap-2">
      <div className="min-w-0 flex-1">
        {declined ? (
          <Outcome tone="error">{t('payments.errors.declined')}</Outcome>
        ) : cancelled ? (
          <Outcome tone="warning">{t('balanceUi.return.notPaid', { id })}</Outcome>
        ) : (
          <PaymentOutcome id={id} captureWith={params.get('token')} />
        )}
      </div>
      <Button
        variant="ghost"
        size="icon"
        className="shrink-0"
        aria-label={t('balanceUi.return.dismiss')}
        onClick={dismiss}
      >
        <X className="size-4" aria-hidden />
      </Button>
    </div>
  );
}
