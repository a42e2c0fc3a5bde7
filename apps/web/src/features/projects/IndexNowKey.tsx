import type { TIndexNowKeyResponse } from '@linkwatch/shared';
import { Download, FileCheck2 } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useCan } from '@/lib/account.ts';
import { useFormat } from '@/lib/format.ts';
import { Alert } from '@/ui/Alert.tsx';
import { Button } from '@/ui/Button.tsx';
import { useIndexNowKey, useVerifyKeyFile } from './api/indexNow.ts';

type IndexNowKeyResource = TIndexNowKeyResponse['data'];

/** The file the user puts on the site: the key alone, made here so no request is needed. */
export function downloadKeyFile(key: string): void {
  const url = URL.createObjectURL(new Blob([key], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${key}.txt`;
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after click() returns: the URL must outlive it a little.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * The project's IndexNow key in the project settings (issue 11, action 3): the key, where its file
 * must be, the file to download and a check that it is there. Shown only where the server has IndexNow.
 */
export function IndexNowKey({ projectId }: { projectId: number | string }) {
  const { data } = useIndexNowKey(projectId);
  if (!data?.attributes.enabled) return null;
  return <IndexNowKeySection resource={data} />;
}

function IndexNowKeySection({ resource }: { resource: IndexNowKeyResource }) {
  const { t } = useTranslation();
  const format = useFormat();
  const headingId = useId();
  const verify = useVerifyKeyFile(resource.id);
  // Verifying writes the project's key state (`projects.manage`): a member without it downloads only.
  const canVerify = useCan('projects.manage');
  const { key, keyFileUrl, verifiedAt } = resource.attributes;
  return (
    <section aria-labelledby={headingId} className="mt-6 space-y-3 rounded-lg p-4 ring-1 ring-slate-200">
      <div>
        <h3 id={headingId} className="text-sm font-semibold text-ink">
          {t('indexNow.title')}
        </h3>
        <p className="mt-1 text-sm text-ink-muted">{t('indexNow.description')}</p>
      </div>
      <dl className="space-y-2 text-sm">
        <div>
          <dt className="font-medium text-ink">{t('indexNow.key')}</dt>
          <dd className="font-mono break-all text-ink">{key}</dd>
        </div>
        <div>
          <dt className="font-medium text-ink">{t('indexNow.fileUrl')}</dt>
          <dd className="font-mono break-all text-ink">{keyFileUrl}</dd>
        </div>
      </dl>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          size="sm"
          icon={<Download className="size-4" aria-hidden />}
          onClick={() => downloadKeyFile(key)}
        >
          {t('indexNow.download')}
        </Button>
        {canVerify ? (
          <Button
            variant="secondary"
            size="sm"
            icon={<FileCheck2 className="size-4" aria-hidden />}
            loading={verify.isPending}
            onClick={() => verify.mutate()}
          >
            {t('indexNow.check')}
          </Button>
        ) : null}
      </div>
      {verify.isError ? (
        // The message names the file's URL: a long word that must wrap on a phone.
        <Alert tone="error" className="[overflow-wrap:anywhere]">
          {verify.error.message}
        </Alert>
      ) : verifiedAt ? (
        <Alert tone="success">{t('indexNow.verified', { date: format.dateTime(verifiedAt) })}</Alert>
      ) : (
        <p className="text-sm text-ink-muted">{t('indexNow.notVerified')}</p>
      )}
    </section>
  );
}
