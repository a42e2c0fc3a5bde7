import { AlertTriangle, CheckCircle2, Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '@/lib/format.ts';
import { cn } from '@/ui/cn.ts';
import { SkippedLines } from '@/ui/SkippedLines.tsx';
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

/** What an upload did: added, duplicates, the invalid lines with their reasons, and a header skipped. */
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
      {result.header ? (
        <p className="text-sm text-ink-muted" data-testid="upload-header">
          {t('linksUi.upload.headerSkipped', { line: result.header.line, value: result.header.value })}
        </p>
      ) : null}
      <SkippedLines
        lines={result.invalid}
        labels={{
          title: t('linksUi.upload.invalidTable'),
          line: t('linksUi.upload.line'),
          value: t('linksUi.upload.value'),
          reason: t('linksUi.upload.reason'),
          more:
            more > 0 ? t('linksUi.upload.moreInvalid', { count: more, value: format.number(more) }) : null,
        }}
      />
    </div>
  );
}
