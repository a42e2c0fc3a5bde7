import type { TDomainCheckAttributes } from '@linkwatch/shared';
import { CheckCircle2, MinusCircle, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/ui/Badge.tsx';
import { Card, CardBody, CardHeader } from '@/ui/Card.tsx';
import { Table } from '@/ui/Table.tsx';

type State = 'yes' | 'no' | 'unknown';

/** The checker's indexing capability (RobotsStatus 1…11) as the catalog names its reasons. */
const REASONS = {
  1: 'allow',
  2: 'forbidden',
  3: 'mayBeForbidden',
  4: 'metaNoindex',
  5: 'metaNofollow',
  6: 'metaNone',
  7: 'xRobotsNoindex',
  8: 'xRobotsNofollow',
  9: 'xRobotsNone',
  10: 'robotsTxt',
  11: 'canonical',
} as const;

/** The kinds of link element (LinkElementKind 1…4). */
const KINDS = { 1: 'image', 2: 'href', 3: 'canonical', 4: 'hreflang' } as const;

const ICONS: Record<State, { Icon: typeof CheckCircle2; className: string }> = {
  yes: { Icon: CheckCircle2, className: 'text-emerald-600' },
  no: { Icon: XCircle, className: 'text-rose-600' },
  unknown: { Icon: MinusCircle, className: 'text-slate-400' },
};

/** One question's answer: an icon that says yes or no (never the colour alone) and the sentence. */
function Verdict({ state, children }: { state: State; children: ReactNode }) {
  const { Icon, className } = ICONS[state];
  return (
    <p className="flex items-start gap-2 text-base font-medium text-ink" data-state={state}>
      <Icon className={`mt-0.5 size-5 shrink-0 ${className}`} aria-hidden />
      <span className="min-w-0 break-words">{children}</span>
    </p>
  );
}

function Facts({ rows }: { rows: [label: string, value: ReactNode][] }) {
  return (
    <dl className="mt-4 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-ink-muted">{label}</dt>
          <dd className="min-w-0 break-words text-ink">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Answer({ result }: { result: TDomainCheckAttributes }) {
  const { t } = useTranslation();
  const code = result.finalStatus ?? result.responseCode;
  const rows: [string, ReactNode][] = [];
  if (result.title) rows.push([t('domainCheck.answer.pageTitle'), result.title]);
  return (
    <Card>
      <CardHeader title={t('domainCheck.answer.title')} />
      <CardBody>
        <Verdict state={result.answers ? 'yes' : 'no'}>
          {result.answers ? t('domainCheck.answer.yes', { code }) : t('domainCheck.answer.no')}
        </Verdict>
        {!result.answers ? (
          <p className="mt-2 text-sm text-ink-muted" role="status">
            {result.error
              ? t(`domainCheck.errors.${result.error}` as 'domainCheck.errors.unknown', {
                  defaultValue: t('domainCheck.errors.unknown'),
                })
              : t('domainCheck.answer.status', { code })}
          </p>
        ) : null}
        {result.redirect ? (
          <p className="mt-2 text-sm break-all text-ink-muted">
            {t('domainCheck.answer.redirected', { url: result.redirect })}
          </p>
        ) : null}
        {rows.length ? <Facts rows={rows} /> : null}
        {result.answers ? (
          <p className="mt-3 text-xs text-ink-subtle">
            {t('domainCheck.answer.time', { ms: result.fetchMs })}
          </p>
        ) : null}
      </CardBody>
    </Card>
  );
}

function Indexing({ result }: { result: TDomainCheckAttributes }) {
  const { t } = useTranslation();
  // No HTTP answer: nothing was read that could say anything about indexing.
  const read = result.responseCode !== null;
  const none = t('domainCheck.index.none');
  const reasonKey = REASONS[result.indexingCapabilityId as keyof typeof REASONS] ?? 'mayBeForbidden';
  const reason = t(`domainCheck.index.reasons.${reasonKey}`);
  return (
    <Card>
      <CardHeader title={t('domainCheck.index.title')} />
      <CardBody>
        {read ? (
          <>
            <Verdict state={result.indexable ? 'yes' : 'no'}>
              {result.indexable ? t('domainCheck.index.yes') : t('domainCheck.index.no', { reason })}
            </Verdict>
            <Facts
              rows={[
                [
                  t('domainCheck.index.robotsTxt'),
                  result.robotsTxtAllowed
                    ? t('domainCheck.index.robotsTxtAllowed')
                    : t('domainCheck.index.robotsTxtBlocked'),
                ],
                [t('domainCheck.index.metaRobots'), result.metaRobots ?? none],
                [t('domainCheck.index.xRobotsTag'), result.xRobotsTag ?? none],
                [
                  t('domainCheck.index.canonical'),
                  result.canonical === null
                    ? none
                    : result.canonicalElsewhere
                      ? t('domainCheck.index.canonicalElsewhere', { url: result.canonical })
                      : t('domainCheck.index.canonicalSelf'),
                ],
              ]}
            />
          </>
        ) : (
          <Verdict state="unknown">{t('domainCheck.index.notRead')}</Verdict>
        )}
      </CardBody>
    </Card>
  );
}

function Links({ result }: { result: TDomainCheckAttributes }) {
  const { t } = useTranslation();
  const domain = result.domain;
  const title = domain ? t('domainCheck.links.title', { domain }) : t('domainCheck.links.titleNoDomain');
  let body: ReactNode;
  if (!domain) body = <p className="text-sm text-ink-muted">{t('domainCheck.links.noDomain')}</p>;
  else if (result.linked === null) body = <Verdict state="unknown">{t('domainCheck.index.notRead')}</Verdict>;
  else if (!result.linked) body = <Verdict state="no">{t('domainCheck.links.no', { domain })}</Verdict>;
  else
    body = (
      <>
        <Verdict state="yes">{t('domainCheck.links.yes', { count: result.linkCount })}</Verdict>
        {result.dofollow ? null : (
          <p className="mt-2 text-sm text-amber-800">{t('domainCheck.links.nofollowOnly')}</p>
        )}
        <div className="mt-4">
          <Table className="min-w-[32rem] text-left" aria-label={t('domainCheck.links.title', { domain })}>
            <thead className="text-xs text-ink-muted uppercase">
              <tr>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('domainCheck.links.anchor')}
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('domainCheck.links.rel')}
                </th>
                <th scope="col" className="py-2 pr-4 font-medium">
                  {t('domainCheck.links.kind')}
                </th>
                <th scope="col" className="py-2 font-medium">
                  {t('domainCheck.links.target')}
                </th>
              </tr>
            </thead>
            <tbody>
              {result.links.map((link, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: a page may carry the same link twice
                <tr key={i}>
                  <td className="border-t border-line py-2 pr-4 text-ink">
                    {link.anchor || (
                      <span className="text-ink-subtle">{t('domainCheck.links.emptyAnchor')}</span>
                    )}
                  </td>
                  <td className="border-t border-line py-2 pr-4">
                    <Badge tone={link.attribute === 'dofollow' ? 'success' : 'warning'}>
                      {/* `nofollow,ugc` as the API writes it, read as a list */}
                      {link.attribute.split(',').join(', ')}
                    </Badge>
                  </td>
                  <td className="border-t border-line py-2 pr-4 text-ink-muted">
                    {t(`domainCheck.links.kinds.${KINDS[link.typeId as keyof typeof KINDS] ?? 'href'}`)}
                  </td>
                  <td className="border-t border-line py-2 break-all text-ink-muted">{link.href}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
        {result.linkCount > result.links.length ? (
          <p className="mt-2 text-sm text-ink-muted">
            {t('domainCheck.links.more', { count: result.linkCount - result.links.length })}
          </p>
        ) : null}
      </>
    );
  return (
    <Card>
      <CardHeader title={title} />
      <CardBody>{body}</CardBody>
    </Card>
  );
}

/** The three answers of a check: does the page answer, can it be indexed, does it link to the domain. */
export function CheckResult({ result }: { result: TDomainCheckAttributes }) {
  return (
    <section
      aria-live="polite"
      className="grid grid-cols-1 gap-6 lg:grid-cols-2"
      data-testid="domain-check-result"
    >
      <Answer result={result} />
      <Indexing result={result} />
      <div className="lg:col-span-2">
        <Links result={result} />
      </div>
    </section>
  );
}
