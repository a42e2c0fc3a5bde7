import { z } from 'zod';
import { usdToCents } from '../money.ts';
import { rules } from '../validation.ts';
import { listOf, resource, single } from './common.ts';
import { pageOf, query, readIds } from './list-query.ts';

// ---------------------------------------------------------------------------------------------------
// The partner programme (issue 29, spec points 3, 4, 7 and 9): referral links, referred users, the
// referral balance and payouts ("outpayments"). Money travels as US dollars (2 decimals); the server
// keeps whole cents.
// ---------------------------------------------------------------------------------------------------

/** spec 4: a payout's status. */
export const ReferralPayoutStatus = { New: 0, Paid: 1, Cancelled: 2 } as const;
export type ReferralPayoutStatusId = (typeof ReferralPayoutStatus)[keyof typeof ReferralPayoutStatus];
/** spec 4: payout method types, 1 to the partner's own Linkwatch balance as credits, 2 cash. */
export const ReferralMethodType = { Product: 1, Cash: 2 } as const;
export type ReferralMethodTypeId = (typeof ReferralMethodType)[keyof typeof ReferralMethodType];

/** A link key: URL-safe, 3 to 64 characters (letters, digits, `-` and `_`). */
export const REFERRAL_KEY_PATTERN = /^[A-Za-z0-9_-]{3,64}$/;

/** The landing pages a link may point at (`GET referral/uri`): ids are the spec's `referralUri`. */
export const REFERRAL_PAGES = [
  { id: 1, path: '/' },
  { id: 2, path: '/wiki' },
  { id: 3, path: '/partner-program' },
  { id: 4, path: '/domain-check' },
] as const;

export const ZReferralLinkListQuery = z
  .object({
    ...query.page({ maxSize: 200 }, '1 to 200'),
    'filter[query]': query.trimmed().describe('part of the key'),
  })
  .transform((q) => ({ page: pageOf(q), search: q['filter[query]'] }));
export type TReferralLinkListQuery = z.output<typeof ZReferralLinkListQuery>;

/** `POST referral/links?key=K&referralUri=U`: the query, no body. */
export const ZCreateReferralLinkQuery = z.object({
  key: z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .pipe(z.string().regex(REFERRAL_KEY_PATTERN, { error: 'referral.errors.keyFormat' }).optional())
    .describe('3 to 64 letters, digits, - or _; suggested when empty'),
  referralUri: rules.id('validation.required').describe('the id of an item of GET referral/uri'),
});
export type TCreateReferralLinkQuery = z.output<typeof ZCreateReferralLinkQuery>;

/** `DELETE referral/links/delete?ids[]=…`. */
export const ZDeleteReferralLinksQuery = z
  .object({ 'ids[]': query.raw().describe('referral link ids') })
  .transform((q, ctx) => ({ ids: readIds(['ids[]'])(q['ids[]'], ctx) }));

export const ZReferralLinkAttributes = z.object({
  key: z.string(),
  referralLink: z.string(),
  referralPage: z.string(),
  referralUri: z.number(),
  countTransition: z.number(),
  countUser: z.number(),
  /** Dollars earned through the link (commissions net of refunds). */
  incomeByLink: z.number(),
  createdAt: z.string(),
});
export type TReferralLinkAttributes = z.infer<typeof ZReferralLinkAttributes>;
export const ZReferralLink = resource('referralLinks', ZReferralLinkAttributes);
export const ZReferralLinkResponse = single(ZReferralLink);
/** Its meta also has the last 30 days' clicks and sign-ups per UTC day, for the chart. */
export const ZReferralLinkListResponse = listOf(ZReferralLink).extend({
  meta: listOf(ZReferralLink).shape.meta.extend({
    days: z.array(z.object({ day: z.string(), transitions: z.number(), users: z.number() })),
  }),
});
export type TReferralLinkListResponse = z.infer<typeof ZReferralLinkListResponse>;

export const ZReferralUriListResponse = z.object({
  data: z.array(resource('referralUri', z.object({ link: z.string() }))),
});
export type TReferralUriListResponse = z.infer<typeof ZReferralUriListResponse>;

export const ZReferralLevel = z.object({ min: z.number(), max: z.number().nullable(), percent: z.number() });
export type TReferralLevel = z.infer<typeof ZReferralLevel>;

/** `GET referral/balance`: `data.balance` (dollars, pending + available) and its parts. */
export const ZReferralBalanceResponse = z.object({
  data: z.object({
    id: z.number(),
    type: z.literal('referralBalance'),
    balance: z.number(),
    attributes: z.object({
      partnerId: z.number(),
      pending: z.number(),
      available: z.number(),
      paidOut: z.number(),
      /** Payouts asked for and not yet decided (New). */
      requested: z.number(),
      /** The partner's commission percent now, and the levels it comes from (by referred revenue). */
      percent: z.number(),
      referredRevenue: z.number(),
      levels: z.array(ZReferralLevel),
      minPayout: z.number(),
      holdDays: z.number(),
      cookieDays: z.number(),
    }),
  }),
});
export type TReferralBalanceResponse = z.infer<typeof ZReferralBalanceResponse>;

export const ZReferralUserListQuery = z
  .object({ ...query.page({ maxSize: 200 }, '1 to 200') })
  .transform((q) => ({ page: pageOf(q) }));
export type TReferralUserListQuery = z.output<typeof ZReferralUserListQuery>;

export const ZReferralUser = z.object({
  id: z.number(),
  type: z.literal('referralUsers'),
  attributes: z.object({
    /** The referred user's e-mail, masked (`jo***@example.com`). */
    user: z.string(),
    createdAt: z.string(),
  }),
  relationships: z.object({
    statistic: z.object({
      data: z.object({
        id: z.number(),
        paymentCount: z.number(),
        paymentSum: z.number(),
        incomeByUser: z.number(),
      }),
    }),
    referralLink: z.object({ data: z.object({ id: z.number(), key: z.string() }).nullable() }),
  }),
});
export const ZReferralUserListResponse = listOf(ZReferralUser);
export type TReferralUserListResponse = z.infer<typeof ZReferralUserListResponse>;

/** spec 3, Referral payment method: id, name, percent (fee), type. */
export const ZReferralPaymentMethodAttributes = z.object({
  name: z.string(),
  percent: z.number(),
  type: z.number(),
});
export type TReferralPaymentMethodAttributes = z.infer<typeof ZReferralPaymentMethodAttributes>;
export const ZReferralPaymentMethodListResponse = z.object({
  data: z.array(resource('referralPaymentMethods', ZReferralPaymentMethodAttributes)),
  meta: z.object({ minPayout: z.number() }),
});
export type TReferralPaymentMethodListResponse = z.infer<typeof ZReferralPaymentMethodListResponse>;

/** Dollars with at most 2 decimals, as whole cents (more than 0). */
const dollars = z
  .union([z.number(), z.string()], { error: 'validation.required' })
  .transform((value, ctx) => {
    const cents = value === '' ? null : usdToCents(value);
    if (cents === null || cents <= 0) {
      ctx.addIssue({ code: 'custom', message: 'payments.errors.amountFormat', input: undefined });
      return z.NEVER;
    }
    return cents;
  });

/** `POST referral/outpayments?paymentMethod=M&amount=A&email=E` (spec 3, Payment send payload, as query). */
export const ZCreateOutpaymentQuery = z
  .object({
    paymentMethod: rules
      .id('validation.required')
      .describe('the id of an item of GET referral/payment-methods/'),
    amount: dollars.describe('US dollars, at most 2 decimals'),
    email: z
      .string()
      .trim()
      .max(255, { error: 'validation.max' })
      .optional()
      .describe("the payee's e-mail or wallet, as the method needs"),
  })
  .transform(({ amount, ...rest }) => ({ ...rest, amountCents: amount }));
export type TCreateOutpaymentQuery = z.output<typeof ZCreateOutpaymentQuery>;

export const ZOutpaymentListQuery = z
  .object({
    ...query.page({ maxSize: 200 }, '1 to 200'),
    'filter[status]': query.number([0, 1, 2]).describe('0 New, 1 Paid, 2 Cancelled'),
  })
  .transform((q) => ({ page: pageOf(q), status: q['filter[status]'] }));
export type TOutpaymentListQuery = z.output<typeof ZOutpaymentListQuery>;

export const ZOutpaymentAttributes = z.object({
  statusId: z.number(),
  /** Dollars asked for; the fee is taken from it, `net` arrives. */
  amount: z.number(),
  fee: z.number(),
  net: z.number(),
  paymentMethod: z.string(),
  type: z.number(),
  email: z.string().nullable(),
  reference: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type TOutpaymentAttributes = z.infer<typeof ZOutpaymentAttributes>;
export const ZOutpayment = resource('outpayments', ZOutpaymentAttributes);
export const ZOutpaymentResponse = single(ZOutpayment);
export const ZOutpaymentListResponse = listOf(ZOutpayment);
export type TOutpaymentListResponse = z.infer<typeof ZOutpaymentListResponse>;

// Operator console -----------------------------------------------------------------------------------

export const ZAdminPartnerListQuery = z
  .object({
    ...query.page({ maxSize: 200 }, '1 to 200'),
    'filter[query]': query.trimmed().describe('part of an e-mail, or an id'),
  })
  .transform((q) => ({ page: pageOf(q), search: q['filter[query]'] }));
export type TAdminPartnerListQuery = z.output<typeof ZAdminPartnerListQuery>;

export const ZAdminPartnerListResponse = listOf(
  resource(
    'partners',
    z.object({
      email: z.string(),
      name: z.string(),
      links: z.number(),
      referredUsers: z.number(),
      pending: z.number(),
      available: z.number(),
      paidOut: z.number(),
      requested: z.number(),
    }),
  ),
);
export type TAdminPartnerListResponse = z.infer<typeof ZAdminPartnerListResponse>;

export const ZAdminOutpaymentListQuery = z
  .object({
    ...query.page({ maxSize: 200 }, '1 to 200'),
    'filter[status]': query.number([0, 1, 2]).describe('0 New, 1 Paid, 2 Cancelled'),
  })
  .transform((q) => ({ page: pageOf(q), status: q['filter[status]'] }));
export type TAdminOutpaymentListQuery = z.output<typeof ZAdminOutpaymentListQuery>;

export const ZAdminOutpaymentListResponse = listOf(
  resource('outpayments', ZOutpaymentAttributes.extend({ partnerId: z.number(), partnerEmail: z.string() })),
);
export type TAdminOutpaymentListResponse = z.infer<typeof ZAdminOutpaymentListResponse>;

export const ZAdminOutpaymentPaidRequest = z.object({
  reference: rules.requiredString().max(255, { error: 'validation.max' }),
  reason: rules.text().max(500).nullish(),
});
export type TAdminOutpaymentPaidRequest = z.input<typeof ZAdminOutpaymentPaidRequest>;
export const ZAdminOutpaymentCancelRequest = z.object({ reason: rules.text().max(500).nullish() });
export type TAdminOutpaymentCancelRequest = z.input<typeof ZAdminOutpaymentCancelRequest>;

const percent = z.number({ error: 'validation.numeric' }).min(0, { error: 'validation.min_value' }).max(100, {
  error: 'validation.max_value',
});

/** The levels as a whole: min from 0 up, each max (dollars, null: no limit) below the next min. */
export const ZAdminReferralLevelsRequest = z.object({
  levels: z
    .array(
      z.object({
        min: z.number({ error: 'validation.numeric' }).min(0, { error: 'validation.min_value' }),
        max: z.number({ error: 'validation.numeric' }).nullable(),
        percent,
      }),
    )
    .min(1, { error: 'validation.required' })
    .max(20),
  reason: rules.text().max(500).nullish(),
});
export type TAdminReferralLevelsRequest = z.input<typeof ZAdminReferralLevelsRequest>;

export const ZAdminReferralMethodsRequest = z.object({
  methods: z
    .array(
      z.object({
        id: z.number().int().positive().optional(),
        name: rules.requiredString().max(100, { error: 'validation.max' }),
        percent,
        type: z.union([z.literal(1), z.literal(2)]),
        enabled: z.boolean(),
      }),
    )
    .min(1, { error: 'validation.required' })
    .max(20),
  reason: rules.text().max(500).nullish(),
});
export type TAdminReferralMethodsRequest = z.input<typeof ZAdminReferralMethodsRequest>;

export const ZAdminReferralMinimumRequest = z.object({
  minPayout: z.number({ error: 'validation.numeric' }).min(0, { error: 'validation.min_value' }).max(100_000),
  reason: rules.text().max(500).nullish(),
});
export type TAdminReferralMinimumRequest = z.input<typeof ZAdminReferralMinimumRequest>;

export const ZAdminReferralSetupResponse = z.object({
  data: z.object({
    levels: z.array(ZReferralLevel.extend({ id: z.number() })),
    methods: z.array(ZReferralPaymentMethodAttributes.extend({ id: z.number(), enabled: z.boolean() })),
    minPayout: z.number(),
  }),
});
export type TAdminReferralSetupResponse = z.infer<typeof ZAdminReferralSetupResponse>;
