import { FolderPlus, Plus, SearchCheck, Upload } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useCreateCampaign } from '@/app/createCampaign.tsx';
import { PageHeader } from '@/app/pages/PageHeader.tsx';
import { useMe } from '@/app/session.ts';
import { Button } from '@/ui/Button.tsx';
import { Card } from '@/ui/Card.tsx';
import { EmptyState } from '@/ui/EmptyState.tsx';

const STEPS = [
  { key: 'project', icon: FolderPlus },
  { key: 'upload', icon: Upload },
  { key: 'check', icon: SearchCheck },
] as const;

/** The projects feature replaces the empty state with the project list and statistics. */
export default function DashboardPage() {
  const { t } = useTranslation();
  const user = useMe().data?.attributes;
  const { setOpen } = useCreateCampaign();
  const create = (
    <Button icon={<Plus className="size-4" aria-hidden />} onClick={() => setOpen(true)}>
      {t('dashboard.empty.action')}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t('dashboard.greeting', { name: user?.name ?? '' })}
        description={t('dashboard.subtitle')}
      />
      <Card>
        <EmptyState
          icon={<FolderPlus className="size-6" aria-hidden />}
          title={t('dashboard.empty.title')}
          body={t('dashboard.empty.body')}
          action={create}
        />
      </Card>
      <section className="mt-8" aria-labelledby="how-it-works">
        <h2 id="how-it-works" className="text-sm font-semibold text-ink">
          {t('dashboard.steps.title')}
        </h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-3">
          {STEPS.map(({ key, icon: Icon }, index) => (
            <li key={key}>
              <Card className="h-full p-5">
                <div className="flex items-center gap-3">
                  <span className="flex size-8 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
                    <Icon className="size-4" aria-hidden />
                  </span>
                  <span className="text-xs font-semibold text-ink-subtle tabular-nums">0{index + 1}</span>
                </div>
                <p className="mt-4 font-medium text-ink">{t(`dashboard.steps.${key}.title`)}</p>
                <p className="mt-1 text-sm text-ink-muted">{t(`dashboard.steps.${key}.body`)}</p>
              </Card>
            </li>
          ))}
        </ol>
      </section>
    </>
  );
}
