import { AlertTriangle, CheckCircle2, Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format.ts';
import { cn } from '@/ui/cn.ts';
import type { TUploadResult } from './api/links.ts';

function Figure({
  label,
  value,
  icon,
  tone,
}: {
  label: string;
  value: number;
  icon: ReactNode;
  tone: string;
}) {
  const format = useFormat();
  return (
    <div className="rounded-lg bg-slate-50 p-3 ring-1 ring-slate-200 ring-inset">
      <p className={cn('flex items-center gap-1.5 text-xs font-medium', tone)}>
        {icon}
        {label}
      </p>
      <p className="mt-1 text-2xl font-semibold text-ink tabular-nums">{format.number(value)}</p>
    </div>
  );
}

/** What an upload did: added, duplicates, and the invalid lines with their reasons. */
export function UploadResult({ result }: { result: TUploadResult }) {
  const { t } = useTranslation();
  const format = useFormat();
  const more = result.invalidCount - result.invalid.length;
  return (
    <div className="space-y-4" data-testid="upload-result">
      <dl className="grid grid-cols-3 gap-3">
        {(
          [
            [
              'added',
              result.added,
              <CheckCircle2 key="a" className="size-3.5" aria-hidden />,
              'text-emerald-700',
            ],
            [
              'duplicates',
              result.duplicates,
              <Copy key="d" className="size-3.5" aria-hidden />,
              'text-slate-600',
            ],
            [
              'invalid',
              result.invalidCount,
              <AlertTriangle key="i" className="size-3.5" aria-hidden />,
              'text-rose-700',
            ],
          ] as const
        ).map(([key, value, icon, tone]) => (
          <div key={key} data-figure={key}>
            <dt className="sr-only">{t(`linksUi.upload.${key}`)}</dt>
            <dd>
              <Figure label={t(`linksUi.upload.${key}`)} value={value} icon={icon} tone={tone} />
            </dd>
          </div>
        ))}
      </dl>
      {result.invalid.length > 0 ? (
        <div>
          <h3 className="mb-2 text-sm font-medium text-ink">{t('linksUi.upload.invalidTable')}</h3>
          <div className="max-h-56 overflow-auto rounded-lg ring-1 ring-slate-200">
            <table className="w-full text-sm">
              <thead className="sticky top-0 bg-slate-50 text-left text-xs text-ink-subtle">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('linksUi.upload.line')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('linksUi.upload.value')}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t('linksUi.upload.reason')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {result.invalid.map((row) => (
                  <tr key={row.line} className="border-t border-slate-100">
                    <td className="px-3 py-2 text-ink-subtle tabular-nums">{row.line}</td>
                    <td className="max-w-48 truncate px-3 py-2 font-mono text-xs" title={row.value}>
                      {row.value}
                    </td>
                    <td className="px-3 py-2 text-rose-700">{row.reason}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {more > 0 ? (
            <p className="mt-2 text-xs text-ink-subtle">
              {t('linksUi.upload.moreInvalid', { count: more, value: format.number(more) })}
            </p>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
