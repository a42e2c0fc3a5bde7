import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useFormat } from '@/lib/format.ts';
import { useLocalePath } from '@/lib/useLocale.tsx';
import { Card, CardBody } from '@/ui/Card.tsx';
import { PageLoader } from '@/ui/Spinner.tsx';
import { useCustomer } from './api/admin.ts';
import type { Customer } from './api/types.ts';
import { ConsoleFrame } from './ConsoleFrame.tsx';
import { CustomerActions } from './CustomerActions.tsx';
import { CustomerActivity } from './CustomerActivity.tsx';
import { CustomerConsoleAccess } from './CustomerConsoleAccess.tsx';
import { CustomerFlags } from './CustomerFlags.tsx';
import { CustomerPrices } from './CustomerPrices.tsx';
import { UserFlags } from './UsersTable.tsx';

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-ink-subtle">{label}</dt>
      <dd className="mt-1 truncate text-sm text-ink">{children}</dd>
    </div>
  );
}

function Summary({ customer }: { customer: Customer }) {
  const { t } = useTranslation();
  const format = useFormat();
  const a = customer.attributes;
  return (
    <Card>
      <CardBody className="space-y-5">
        <dl className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
          <Fact label={t('admin.customer.balance')}>
            <span data-testid="customer-balance" className="text-lg font-semibold tabular-nums">
              {t('common.credits', { count: a.balance, value: format.number(a.balance) })}
            </span>
          </Fact>
          <Fact label={t('admin.customer.projects')}>{format.number(a.projectsCount)}</Fact>
          <Fact label={t('admin.customer.createdAt')}>{format.date(a.createdAt)}</Fact>
          <Fact label={t('admin.customer.lastLoginAt')}>{format.date(a.lastLoginAt, true)}</Fact>
          <Fact label={t('admin.customer.referral')}>{a.referral ?? '—'}</Fact>
          <Fact label={t('admin.customer.locale')}>{a.locale}</Fact>
        </dl>
        <CustomerActions customer={customer} />
      </CardBody>
    </Card>
  );
}

/** A customer's page: who they are, what they hold and did, and what an operator can do for them. */
export function CustomerView({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const to = useLocalePath();
  const customer = useCustomer(userId);
  if (customer.isError) throw customer.error;
  const data = customer.data;
  return (
    <ConsoleFrame
      title={data ? data.attributes.email : t('shell.pages.adminUser')}
      description={
        data ? (
          <span className="flex flex-wrap items-center gap-2">
            #{data.id} · {data.attributes.name} <UserFlags user={data.attributes} />
          </span>
        ) : undefined
      }
      actions={
        <Link
          to={to('/admin')}
          className="inline-flex items-center gap-1 text-sm text-brand-700 hover:underline"
        >
          <ArrowLeft className="size-4" aria-hidden />
          {t('admin.customer.back')}
        </Link>
      }
    >
      {data ? (
        <div className="space-y-6">
          <Summary customer={data} />
          <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
            <CustomerFlags customer={data} />
            <CustomerPrices customer={data} />
          </div>
          <CustomerConsoleAccess customer={data} />
          <CustomerActivity customer={data} />
        </div>
      ) : (
        <PageLoader label={t('common.loading')} />
      )}
    </ConsoleFrame>
  );
}
