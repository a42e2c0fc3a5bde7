import { useTranslation } from 'react-i18next';
import { Alert } from '@/ui/Alert.tsx';
import { useReportEvidence } from './api/evidence.ts';
import { EvidenceCard, EvidenceSkeleton } from './EvidenceCard.tsx';

/**
 * The report page's evidence of one report link (issue 31): the change its check recorded, the page
 * before and after side by side with small screenshots, and the PDF sheet, as in the link panel.
 */
export function ReportEvidence({ reportLinkId }: { reportLinkId: number }) {
  const { t } = useTranslation();
  const evidence = useReportEvidence(reportLinkId);
  if (evidence.isPending) return <EvidenceSkeleton />;
  if (evidence.isError) return <Alert tone="error">{t('evidence.loadFailed')}</Alert>;
  const { data, meta } = evidence.data;
  return (
    <section data-report-evidence aria-label={t('evidence.title')}>
      <h3 className="text-sm font-semibold text-ink">{t('evidence.title')}</h3>
      <p className="mt-0.5 text-xs text-ink-subtle">
        {t('evidence.intro')} {t('evidence.retention', { days: meta.retentionDays })}
      </p>
      {data.length === 0 || meta.linkId === null ? (
        <p className="mt-2 text-sm text-ink-subtle">{t('evidence.reportEmpty')}</p>
      ) : (
        <ol className="mt-3 space-y-4">
          {data.map((item) => (
            <EvidenceCard key={item.id} linkId={meta.linkId!} evidence={item} thumbnails />
          ))}
        </ol>
      )}
    </section>
  );
}
