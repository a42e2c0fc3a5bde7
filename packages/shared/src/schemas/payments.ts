import { z } from 'zod';
import { PAYMENT_METHODS } from '../constants.ts';
import { PAYMENT_MAX_CENTS, PAYMENT_MIN_CENTS, usdToCents } from '../money.ts';
import { rules } from '../validation.ts';
import { resource, single } from './common.ts';

// ---------------------------------------------------------------------------------------------------
// Payments (issue 12, spec points 3 and 7): the top-up form, its checkout answer, the bonus tiers.
// Amounts travel as US dollars (numbers with at most 2 decimals); the server keeps whole cents.
// ---------------------------------------------------------------------------------------------------

/** `POST payments/{method}`: the method in the path. */
export const ZPaymentMethodParams = z.object({
  method: z.enum(PAYMENT_METHODS, { error: 'payments.errors.unknownMethod' }),
});

/**
 * The top-up amount in dollars ("10", "10.5", 10.5), as whole cents: at most 2 decimals, from
 * PAYMENT_MIN_CENTS to PAYMENT_MAX_CENTS. Read from its digits, never through float arithmetic.
 */
const amountInCents = z
  .union([z.number(), z.string()], { error: 'validation.required' })
  .transform((value, ctx) => {
    if (value === '') return fail(ctx, 'validation.required');
    const cents = usdToCents(value);
    if (cents === null) return fail(ctx, 'payments.errors.amountFormat');
    if (cents < PAYMENT_MIN_CENTS)
      return outOfRange(ctx, { code: 'too_small', dollars: PAYMENT_MIN_CENTS / 100 });
    if (cents > PAYMENT_MAX_CENTS)
      return outOfRange(ctx, { code: 'too_big', dollars: PAYMENT_MAX_CENTS / 100 });
    return cents;
  });

type Ctx = z.core.$RefinementCtx;
const fail = (ctx: Ctx, message: string) => {
  ctx.addIssue({ code: 'custom', message, input: undefined });
  return z.NEVER;
};
/** A range issue carries its bound, so the message reads "must be 1 or more" / "10000 or less". */
const outOfRange = (ctx: Ctx, { code, dollars }: { code: 'too_small' | 'too_big'; dollars: number }) => {
  if (code === 'too_small')
    ctx.addIssue({
      code,
      origin: 'number',
      minimum: dollars,
      inclusive: true,
      input: undefined,
      message: 'validation.min_value',
    });
  else
    ctx.addIssue({
      code,
      origin: 'number',
      maximum: dollars,
      inclusive: true,
      input: undefined,
      message: 'validation.max_value',
    });
  return z.NEVER;
};

/** A crypto network code as NOWPayments names them: "btc", "usdttrc20", "eth". */
export const PAY_CURRENCY_PATTERN = /^[a-z0-9]{2,20}$/;

/** spec 3, Payment send payload: paymentMethod, amount, email (+ the network for crypto). */
export const ZCreatePaymentRequest = z
  .object({
    paymentMethod: z.enum(PAYMENT_METHODS, { error: 'validation.required' }),
    amount: amountInCents,
    email: rules.email(),
    payCurrency: rules
      .text()
      .trim()
      .toLowerCase()
      .regex(PAY_CURRENCY_PATTERN, { error: 'validation.invalid' })
      .optional(),
  })
  .superRefine((body, ctx) => {
    if (body.paymentMethod === 'crypto' && !body.payCurrency)
      ctx.addIssue({
        code: 'custom',
        path: ['payCurrency'],
        message: 'payments.errors.chooseNetwork',
        input: undefined,
      });
  })
  .transform(({ amount, ...rest }) => ({ ...rest, amountCents: amount }));
export type TCreatePaymentRequest = z.input<typeof ZCreatePaymentRequest>;

export const ZPaymentAttributes = z.object({
  statusId: z.number(),
  statusText: z.string(),
  /** US dollars, as asked (2 decimals). */
  amount: z.number(),
  /** What arrived, in dollars; null until paid. */
  paid: z.number().nullable(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  payCurrency: z.string().nullable(),
  /** Bonus credits the payment's level added. */
  bonus: z.number(),
  createdAt: z.string(),
  paidAt: z.string().nullable(),
  /** Where to send the browser to pay (only on the answer that created the payment). */
  redirectUrl: z.string().nullable(),
  /** Crypto: the address and amount to pay (pay_address, pay_amount, pay_currency). */
  details: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
});
export type TPaymentAttributes = z.infer<typeof ZPaymentAttributes>;
export const ZPaymentResponse = single(resource('payments', ZPaymentAttributes));
export type TPaymentResponse = z.infer<typeof ZPaymentResponse>;

/** spec 3, Payment level: a payment from min to max dollars (max null: no limit) earns percent more. */
export const ZPaymentLevelAttributes = z.object({
  min: z.number(),
  max: z.number().nullable(),
  percent: z.number(),
});
export type TPaymentLevelAttributes = z.infer<typeof ZPaymentLevelAttributes>;
export const ZPaymentLevelListResponse = z.object({
  data: z.array(resource('paymentLevels', ZPaymentLevelAttributes)),
});
export type TPaymentLevelListResponse = z.infer<typeof ZPaymentLevelListResponse>;

/**
 * `GET payments/networks`: the pay currencies ("btc", "usdttrc20", …) the crypto provider's store
 * accepts, for the popup's network choice; empty when crypto payments are off.
 */
export const ZPaymentNetworksResponse = z.object({ data: z.array(z.string()) });
export type TPaymentNetworksResponse = z.infer<typeof ZPaymentNetworksResponse>;

/**
 * The bonus credits a payment of `amountCents` earns under `levels` (as `GET payments/levels` lists
 * them): its level's percent of the credits bought, rounded down. The server credits exactly this.
 */
export function bonusCreditsFor({
  levels,
  amountCents,
}: {
  levels: readonly TPaymentLevelAttributes[];
  amountCents: number;
}): number {
  const level = levels.find(
    (l) =>
      amountCents >= Math.round(l.min * 100) && (l.max === null || amountCents <= Math.round(l.max * 100)),
  );
  // credits = cents × 10; the percent of it, in integers: cents × percent / 10.
  return level ? Math.floor((amountCents * level.percent) / 10) : 0;
}
