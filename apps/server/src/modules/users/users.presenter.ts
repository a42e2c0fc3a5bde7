import type { Locale, TUserAttributes } from '@linkwatch/shared';
import { resource } from '../../http/present.ts';
import type { User } from '../auth/auth.queries.ts';

export function presentUser(user: User) {
  const attributes: TUserAttributes = {
    email: user.email,
    name: user.name,
    newEmail: user.newEmail,
    uid: user.uid,
    vatNumber: user.vatNumber,
    regCode: user.regCode,
    index: user.postalIndex,
    city: user.city,
    address: user.address,
    country: user.country,
    isBlocked: user.isBlocked,
    isPartner: user.isPartner,
    isAdmin: user.isAdmin,
    locale: user.locale as Locale,
    balance: user.balance,
    participant: { roleId: user.roleId },
    createdAt: user.createdAt.toISOString(),
  };
  return { data: resource('users', user.id, attributes) };
}
