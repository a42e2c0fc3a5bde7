import { CRAWLER_SOURCES, CRAWLER_UPLOAD_EXTENSIONS, CrawlerSource } from '@linkwatch/shared';
import { FileSpreadsheet } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/api/client.ts';
import { useFormat } from '@/lib/format.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { cn } from '@/ui/cn.ts';
import { FileDropZone, PickedFile } from '@/ui/FileDropZone.tsx';
import { Modal } from '@/ui/Modal.tsx';
import { SkippedLines } from '@/ui/SkippedLines.tsx';
import { useUploadCrawlers } from './api/crawlerWrites.ts';

const ACCEPT = CRAWLER_UPLOAD_EXTENSIONS.map((e) => `.${e}`).join(',');
const FORMAT_NAMES: Record<string, string> = {
  plain: 'xlsx/xls/csv',
  ahrefs: 'Ahrefs',
  ahrefsLegacy: 'Ahrefs',
  semrush: 'Semrush',
  majestic: 'Majestic',
  gscLatestLinks: 'Search Console',
  gscTopSites: 'Search Console',
};

/** spec point 9: a crawler import, a file of one source dropped or chosen, with progress and readable errors. */
export function ImportModal({
  project,
  open,
  onOpenChange,
}: {
  project: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const sourceName = useId();
  const [file, setFile] = useState<File | null>(null);
  const [source, setSource] = useState<number>(CrawlerSource.Tool);
  const [progress, setProgress] = useState(0);

  const upload = useUploadCrawlers({ project, source, onProgress: setProgress });
  const errors = isApiError(upload.error, 422) ? upload.error.fieldErrors : {};
  const fieldError = [...(errors.file ?? []), ...(errors.source ?? []), ...(errors.project ?? [])];
  const generalError = upload.error && fieldError.length === 0 ? upload.error.message : null;

  const reset = () => {
    setFile(null);
    setProgress(0);
    upload.reset();
  };
  const change = (next: boolean) => {
    if (!next) reset();
    onOpenChange(next);
  };
  const pick = (picked: File) => {
    upload.reset();
    setProgress(0);
    setFile(picked);
  };
  const result = upload.data;
  const moreSkipped = result ? result.invalidCount - result.invalid.length : 0;
  const count = (key: 'rows' | 'new' | 'active' | 'rip', value: number) =>
    t(`crawlersUi.import.result.${key}`, { count: value, value: format.number(value) });

  return (
    <Modal
      open={open}
      onOpenChange={change}
      title={t('crawlersUi.import.title')}
      description={t('crawlersUi.import.description')}
      closeLabel={t('common.close')}
      footer={
        result ? (
          <>
            <Button variant="secondary" onClick={reset}>
              {t('crawlersUi.import.another')}
            </Button>
            <Button onClick={() => change(false)}>{t('crawlersUi.import.done')}</Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={() => change(false)}>
              {t('common.cancel')}
            </Button>
            <Button onClick={() => file && upload.mutate(file)} disabled={!file} loading={upload.isPending}>
              {t('crawlersUi.import.submit')}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <div className="space-y-3" data-testid="import-result">
          <Alert tone="success">{t('crawlersUi.import.doneTitle')}</Alert>
          <ul className="grid grid-cols-2 gap-2 text-sm text-ink">
            <li>{count('rows', result.rows)}</li>
            <li className="text-brand-700">{count('new', result.new)}</li>
            <li className="text-emerald-700">{count('active', result.active)}</li>
            <li className="text-rose-700">{count('rip', result.rip)}</li>
          </ul>
          <p className="text-xs text-ink-subtle">
            {t('crawlersUi.import.result.format', { format: FORMAT_NAMES[result.format] ?? result.format })}
          </p>
          {result.invalidCount > 0 ? (
            <Alert tone="warning">
              {t('crawlersUi.import.result.skipped', {
                count: result.invalidCount,
                value: format.number(result.invalidCount),
              })}
            </Alert>
          ) : null}
          <SkippedLines
            lines={result.invalid}
            testId="import-skipped"
            labels={{
              title: t('crawlersUi.import.skipped.title'),
              line: t('crawlersUi.import.skipped.row'),
              value: t('crawlersUi.import.skipped.value'),
              reason: t('crawlersUi.import.skipped.reason'),
              more:
                moreSkipped > 0
                  ? t('crawlersUi.import.skipped.more', {
                      count: moreSkipped,
                      value: format.number(moreSkipped),
                    })
                  : null,
            }}
          />
        </div>
      ) : (
        <div className="space-y-4">
          <fieldset>
            <legend className="mb-2 text-sm font-medium text-slate-700">
              {t('crawlersUi.import.source')}
            </legend>
            <div className="grid gap-2 sm:grid-cols-3">
              {CRAWLER_SOURCES.map((s) => (
                <label
                  key={s}
                  className={cn(
                    'flex cursor-pointer gap-2 rounded-lg p-2.5 text-sm ring-1 ring-slate-200 has-[input:checked]:bg-brand-50/60 has-[input:checked]:ring-brand-400 has-[input:focus-visible]:outline-2 has-[input:focus-visible]:outline-brand-500',
                  )}
                >
                  <input
                    type="radio"
                    name={sourceName}
                    value={s}
                    checked={source === s}
                    onChange={() => setSource(s)}
                    className="mt-0.5 accent-brand-600"
                  />
                  <span className="min-w-0">
                    <span className="block font-medium text-ink">{t(`crawlersUi.source.${s}`)}</span>
                    <span className="block text-xs text-ink-subtle">{t(`crawlersUi.sourceHint.${s}`)}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <FileDropZone
            accept={ACCEPT}
            onPick={pick}
            invalid={fieldError.length > 0}
            testId="crawler-dropzone"
            labels={{
              drop: t('crawlersUi.import.drop'),
              or: t('crawlersUi.import.or'),
              choose: t('crawlersUi.import.choose'),
              formats: t('crawlersUi.import.formats'),
            }}
          />
          <p className="text-xs leading-5 text-ink-subtle">{t('crawlersUi.import.recognised')}</p>
          {file ? (
            <PickedFile
              file={file}
              icon={FileSpreadsheet}
              sending={upload.isPending}
              progress={progress}
              onRemove={reset}
              testId="crawler-file-name"
              labels={{
                progress: t('crawlersUi.import.progress'),
                uploading: t('crawlersUi.import.uploading'),
                processing: t('crawlersUi.import.processing'),
                remove: t('crawlersUi.import.removeFile'),
              }}
            />
          ) : null}
          {fieldError.length > 0 ? (
            <Alert tone="error">{fieldError.join(' ')}</Alert>
          ) : generalError ? (
            <Alert tone="error">{generalError}</Alert>
          ) : null}
        </div>
      )}
    </Modal>
  );
}
