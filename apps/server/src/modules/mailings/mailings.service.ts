import {
  MAILINGS_MAX,
  type MailingFlag,
  type TCreateMailingRequest,
  type TUnsubscribeRequest,
  type TUpdateMailingRequest,
} from '@linkwatch/shared';
import type { AppContext } from '../../context.ts';
import { FieldError, notFound } from '../../errors.ts';
import type { PageQuery } from '../../http/present.ts';
import {
  countMailings,
  deleteMailing,
  emailTaken,
  findMailing,
  findMailingById,
  insertMailing,
  listMailings,
  lockOwner,
  switchOff,
  updateMailing,
} from './mailings.queries.ts';
import { hashListHas, parseToken } from './unsubscribe-token.ts';

export function mailingPage(ctx: Pick<AppContext, 'db'>, params: { userId: number; page: PageQuery }) {
  return listMailings(ctx.db, params);
}

/** One of the user's recipients; another user's is not found. */
export async function ownMailing(ctx: Pick<AppContext, 'db'>, params: { userId: number; id: number }) {
  const mailing = await findMailing(ctx.db, params);
  if (!mailing) throw notFound();
  return mailing;
}

const emailTakenError = () => new FieldError({ email: 'validation.unique' });

/**
 * Report recipients. The account's own address gets no task mail unless it is added here too: who
 * receives what is always the explicit list on the profile page, nothing is created behind the user's back.
 */
export async function createMailing(
  ctx: Pick<AppContext, 'db'>,
  params: { userId: number; body: TCreateMailingRequest },
) {
  return ctx.db.transaction(async (tx) => {
    await lockOwner(tx, params.userId);
    if (await emailTaken(tx, { userId: params.userId, email: params.body.email })) throw emailTakenError();
    if ((await countMailings(tx, params.userId)) >= MAILINGS_MAX)
      throw new FieldError({
        email: { key: 'reports.mailings.errors.tooMany', params: { max: MAILINGS_MAX } },
      });
    return insertMailing(tx, { userId: params.userId, ...params.body });
  });
}

export async function changeMailing(
  ctx: Pick<AppContext, 'db'>,
  params: { userId: number; id: number; body: TUpdateMailingRequest },
) {
  return ctx.db.transaction(async (tx) => {
    await lockOwner(tx, params.userId);
    const current = await findMailing(tx, params);
    if (!current) throw notFound();
    const { email, ...flags } = params.body;
    const newEmail = email !== undefined && email.toLowerCase() !== current.email.toLowerCase();
    if (newEmail && (await emailTaken(tx, { userId: params.userId, email, exceptId: current.id })))
      throw emailTakenError();
    // Links in mails sent to the old address must not control mail to the new one.
    const values = newEmail ? { ...flags, email, unsubscribeTokenHash: null } : { ...flags, email };
    return updateMailing(tx, { userId: params.userId, id: current.id, values });
  });
}

export async function removeMailing(ctx: Pick<AppContext, 'db'>, params: { userId: number; id: number }) {
  if (!(await deleteMailing(ctx.db, params))) throw notFound();
}

/** Follows a mail's unsubscribe link: switches off that kind of mail, or every kind without a type. */
export async function unsubscribe(ctx: Pick<AppContext, 'db'>, body: TUnsubscribeRequest) {
  const parsed = parseToken(body.token);
  const mailing = parsed ? await findMailingById(ctx.db, parsed.mailingId) : undefined;
  if (!parsed || !mailing || !hashListHas(mailing.unsubscribeTokenHash, parsed.hash)) {
    const key = 'reports.mailings.errors.unsubscribeInvalid';
    throw new FieldError({ token: key }, key);
  }
  const flags: Partial<Record<MailingFlag, boolean>> = body.type
    ? { [body.type]: false }
    : { actions: false, report: false, wiki: false };
  return switchOff(ctx.db, { id: mailing.id, flags });
}
