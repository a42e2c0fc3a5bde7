import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SegmentedTabs } from '@/ui/SegmentedTabs.tsx';
import { WikiArticles } from './WikiArticles.tsx';
import { WikiVideos } from './WikiVideos.tsx';

const TABS = ['articles', 'videos'] as const;
type Tab = (typeof TABS)[number];

/** The console's wiki screen: articles and the videos they embed, one tab each (`?tab=videos`). */
export function WikiConsole() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'videos' ? 'videos' : 'articles';
  return (
    <div className="flex flex-col gap-6">
      <SegmentedTabs
        label={t('wiki.admin.tabs.label')}
        value={tab}
        onChange={(next) => setParams(next === 'articles' ? {} : { tab: next }, { replace: true })}
        items={TABS.map((value) => ({ value, label: t(`wiki.admin.tabs.${value}`) }))}
      />
      <div role="tabpanel" aria-label={t(`wiki.admin.tabs.${tab}`)}>
        {tab === 'videos' ? <WikiVideos /> : <WikiArticles />}
      </div>
    </div>
  );
}
