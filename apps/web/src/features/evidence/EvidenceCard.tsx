import type { TEvidenceState, TLinkEvidence } from '@linkwatch/shared';
import { FileDown, Maximize2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { useFormat } from '@/lib/format.ts';
import { notify } from '@/lib/notices.ts';
import { Badge } from '@/ui/Badge.tsx';
import { Button } from '@/ui/Button.tsx';
import { cn } from '@/ui/cn.ts';
import { Modal } from '@/ui/Modal.tsx';
import { Skeleton } from '@/ui/Spinner.tsx';
import { useEvidenceShot, useExportEvidence } from './api/evidence.ts';

/**
 * One state change of a link (issue 31): the page before and after side by side — dates, response
 * code, the links with the text around them, headers, the screenshot as a thumbnail that opens full
 * size — and the button that saves the change's PDF evidence sheet for the seller. The link panel and
 * the report page both list these.
 */
export function EvidenceSkeleton() {
  return (
    <div className="space-y-3" aria-hidden>
      <Skeleton className="h-5 w-2/3" />
      <Skeleton className="h-40 w-full" />
    </div>
  );
}

export function EvidenceCard({
  linkId,
  evidence,
  thumbnails = false,
}: {
  linkId: number;
  evidence: TLinkEvidence;
  /** Small screenshots (the report's many rows) rather than the column's width (the link panel). */
  thumbnails?: boolean;
}) {
  const { t } = useTranslation();
  const { date } = useFormat();
  const exportPdf = useExportEvidence(linkId, {
    onError: (error) => notify.error(isApiError(error) ? error.message : t('evidence.exportFailed')),
  });
  return (
    <li className="rounded-lg p-3 ring-1 ring-slate-200" data-evidence-item>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-medium text-ink">
            {t('evidence.changedAt', { date: date(evidence.createdAt, true) })}
          </p>
          <ul className="mt-1 flex flex-wrap gap-1.5">
            {evidence.changes.map((change) => (
              <li key={change.changesType}>
                <Badge tone={change.changesType === 'found' ? 'success' : 'warning'}>
                  {t(`evidence.changes.${change.changesType}`, {
                    old: change.old ?? '—',
                    new: change.new ?? '—',
                  })}
                </Badge>
              </li>
            ))}
          </ul>
        </div>
        <Button
          variant="secondary"
          size="sm"
          loading={exportPdf.isPending}
          icon={<FileDown className="size-3.5" aria-hidden />}
          onClick={() => exportPdf.mutate(evidence.id)}
        >
          {t('evidence.exportPdf')}
        </Button>
      </div>
      <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <StateColumn
          linkId={linkId}
          title={t('evidence.before')}
          state={evidence.before}
          thumbnails={thumbnails}
        />
        <StateColumn
          linkId={linkId}
          title={t('evidence.after')}
          state={evidence.after}
          thumbnails={thumbnails}
        />
      </div>
    </li>
  );
}

function StateColumn({
  linkId,
  title,
  state,
  thumbnails,
}: {
  linkId: number;
  title: string;
  state: TEvidenceState | null;
  thumbnails: boolean;
}) {
  const { t } = useTranslation();
  const { date } = useFormat();
  return (
    <section className="min-w-0 rounded-md bg-slate-50 p-2.5" aria-label={title}>
      <h4 className="text-xs font-semibold tracking-wide text-ink-muted uppercase">{title}</h4>
      {state === null ? (
        <p className="mt-1 text-xs text-ink-subtle">{t('evidence.notCheckedBefore')}</p>
      ) : (
        <>
          <p className="mt-1 text-xs text-ink-subtle">{t('evidence.seen', { date: date(state.at, true) })}</p>
          <p className="mt-0.5 text-xs text-ink">
            {t('evidence.responseCode')}:{' '}
            <span className="font-medium tabular-nums">{state.responseCode ?? t('evidence.noAnswer')}</span>
          </p>
          <div className="mt-2">
            {state.shot ? (
              <Shot linkId={linkId} state={state} shot={state.shot} title={title} thumbnail={thumbnails} />
            ) : (
              <p className="rounded bg-amber-50 p-2 text-xs text-amber-900" data-shot-missing>
                {t(`evidence.shotMissing.${state.shotMissing ?? 'not_kept'}`)}
              </p>
            )}
          </div>
          <p className="mt-2 text-xs font-medium text-ink">{t('evidence.backlinks')}</p>
          {state.backlinks.length === 0 ? (
            <p className="text-xs text-ink-subtle">{t('evidence.noBacklinks')}</p>
          ) : (
            <ul className="space-y-1">
              {state.backlinks.slice(0, 3).map((b) => (
                <li key={`${b.href} ${b.anchor}`} className="text-xs leading-5 break-words text-ink-muted">
                  …{b.textBefore}{' '}
                  <mark className="rounded bg-amber-100 px-0.5 text-ink">{b.anchor || '—'}</mark>{' '}
                  {b.textAfter}…{' '}
                  <Badge tone={b.attribute === 'dofollow' ? 'success' : 'warning'}>{b.attribute}</Badge>
                </li>
              ))}
            </ul>
          )}
          <Headers headers={state.headers} />
        </>
      )}
    </section>
  );
}

function Shot({
  linkId,
  state,
  shot,
  title,
  thumbnail,
}: {
  linkId: number;
  state: TEvidenceState;
  shot: NonNullable<TEvidenceState['shot']>;
  title: string;
  thumbnail: boolean;
}) {
  const { t } = useTranslation();
  const { date } = useFormat();
  const [open, setOpen] = useState(false);
  const image = useEvidenceShot(linkId, shot.id);
  const taken = date(shot.takenAt, true);
  const alt = t('evidence.shotAlt', { state: title, date: taken });
  return (
    <figure className={cn(thumbnail && 'max-w-72')}>
      {image.data ? (
        <button
          type="button"
          onClick={() => setOpen(true)}
          className="group relative block w-full cursor-zoom-in rounded focus-visible:outline-2 focus-visible:outline-brand-500"
          aria-label={t('evidence.openShot', { state: title })}
          data-shot-thumbnail
        >
          <img
            src={image.data}
            width={shot.width}
            height={shot.height}
            alt={alt}
            className="h-auto w-full rounded ring-1 ring-slate-200"
          />
          <span className="absolute top-1.5 right-1.5 rounded bg-white/90 p-1 text-ink-muted shadow-sm group-hover:text-ink">
            <Maximize2 className="size-3.5" aria-hidden />
          </span>
        </button>
      ) : image.isError ? (
        <p className="text-xs text-ink-subtle">{t(`evidence.shotMissing.failed`)}</p>
      ) : (
        <Skeleton className="aspect-[16/10] w-full" />
      )}
      <figcaption className="mt-1 text-[11px] leading-4 text-ink-subtle">
        {t('evidence.shotTaken', { date: taken })} · {t(`evidence.marked.${shot.marked}`)}
        {state.finalUrl && state.finalUrl !== state.url
          ? ` · ${t('evidence.finalUrl')}: ${state.finalUrl}`
          : ''}
      </figcaption>
      {image.data ? (
        <Modal
          open={open}
          onOpenChange={setOpen}
          title={t('evidence.shotTitle', { state: title, date: taken })}
          description={t(`evidence.marked.${shot.marked}`)}
          closeLabel={t('common.close')}
          maxWidth={shot.width + 48}
          footer={
            <a
              href={image.data}
              download={`evidence-${shot.id}.jpg`}
              className="inline-flex items-center gap-1.5 text-sm font-medium text-brand-700 hover:underline"
            >
              <FileDown className="size-3.5" aria-hidden />
              {t('evidence.saveShot')}
            </a>
          }
        >
          <img src={image.data} width={shot.width} height={shot.height} alt={alt} className="h-auto w-full" />
        </Modal>
      ) : null}
    </figure>
  );
}

function Headers({ headers }: { headers: Record<string, string> | null }) {
  const { t } = useTranslation();
  const entries = Object.entries(headers ?? {});
  if (entries.length === 0)
    return (
      <p className="mt-2 text-xs text-ink-subtle">
        {t('evidence.headers')}: {t('evidence.noHeaders')}
      </p>
    );
  return (
    <details className="mt-2 text-xs">
      <summary className="cursor-pointer text-ink-muted">
        {t('evidence.showHeaders', { count: entries.length })}
      </summary>
      <dl className="mt-1 space-y-0.5 font-mono text-[11px] break-all text-ink-muted">
        {entries.map(([name, value]) => (
          <div key={name}>
            <dt className="inline font-semibold">{name}:</dt> <dd className="inline">{value}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}
