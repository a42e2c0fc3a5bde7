import { useTranslation } from 'react-i18next';
import { Alert } from '@/ui/Alert.tsx';
import { useLinkEvidence } from './api/evidence.ts';
import { EvidenceCard, EvidenceSkeleton } from './EvidenceCard.tsx';

/** Changes shown in the panel; older ones stay in the API and the PDF (`?evidence=`). */
const SHOWN = 5;

/** The link panel's evidence (issue 31): the link's latest state changes, each before and after. */
export function LinkEvidence({ linkId }: { linkId: number }) {
  const { t } = useTranslation();
  const evidence = useLinkEvidence(linkId);
  if (evidence.isPending) return <EvidenceSkeleton />;
  if (evidence.isError) return <Alert tone="error">{t('evidence.loadFailed')}</Alert>;
  const { data, meta } = evidence.data;
  return (
    <div data-evidence>
      <p className="text-xs text-ink-subtle">
        {t('evidence.intro')} {t('evidence.retention', { days: meta.retentionDays })}
      </p>
      {data.length === 0 ? (
        <p className="mt-3 text-sm text-ink-subtle">{t('evidence.empty')}</p>
      ) : (
        <ol className="mt-3 space-y-4">
          {data.slice(0, SHOWN).map((item) => (
            <EvidenceCard key={item.id} linkId={linkId} evidence={item} />
          ))}
        </ol>
      )}
    </div>
  );
}
