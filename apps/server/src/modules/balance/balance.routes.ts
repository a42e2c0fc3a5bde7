import { ZBalanceListQuery, ZBalanceTransactionListResponse } from '@linkwatch/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { requireAccount } from '../../http/auth.ts';
import { requestLocale } from '../../http/locale.ts';
import { pageMeta } from '../../http/present.ts';
import { presentTransaction } from './balance.presenter.ts';
import { balanceHistory } from './balance.service.ts';

const tags = ['balance'];
const security = [{ bearerAuth: [] }];

export function balanceRoutes(app: FastifyInstance, ctx: AppContext) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** spec 7, `GET balances`: the user's ledger (the history table), with the balance and bonus so far. */
  r.get(
    '/balances',
    {
      schema: {
        tags,
        security,
        'x-permission': 'balance.read' as const,
        querystring: ZBalanceListQuery,
        response: { 200: ZBalanceTransactionListResponse },
      },
    },
    async (req) => {
      const user = requireAccount(req).owner;
      const locale = requestLocale(req);
      const { page, filters } = req.query;
      const { rows, total, bonus } = await balanceHistory(ctx, { userId: user.id, page, filters });
      return {
        data: rows.map((row) => presentTransaction(row, locale)),
        meta: { ...pageMeta(page, total), balance: user.balance, bonus },
      };
    },
  );
}
