import { filterParams } from '@linkwatch/shared';
import { Search } from 'lucide-react';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { LIST_TYPE_CODE, LinksWorkspace, useListState } from '@/features/links';
import { useCampaigns } from '@/features/projects';
import { useRequireCan } from '@/lib/account.ts';
import { EmptyState } from '@/ui/EmptyState.tsx';
import { PageHeader } from '@/ui/PageHeader.tsx';

/** `/search`: the links list across every campaign of the user (no campaign filter), by query. */
export default function SearchPage() {
  useRequireCan('projects.read');
  const { t } = useTranslation();
  const list = useListState();
  const campaigns = useCampaigns({});
  const names = useMemo(
    () =>
      new Map(
        (campaigns.data ?? []).map((c) => [
          Number(c.id),
          `${c.attributes.projectName} · ${c.attributes.name}`,
        ]),
      ),
    [campaigns.data],
  );
  const base = useMemo(() => filterParams({ type: LIST_TYPE_CODE.active }), []);
  const idle = list.filters.query.trim() ? undefined : (
    <EmptyState
      icon={<Search className="size-6" aria-hidden />}
      title={t('linksUi.search.title')}
      body={t('linksUi.search.hint')}
    />
  );
  return (
    <>
      <PageHeader title={t('linksUi.search.title')} description={t('linksUi.search.description')} />
      <LinksWorkspace
        base={base}
        type="active"
        list={list}
        queryOnly
        idle={idle}
        campaignName={(id) => names.get(id)}
        emptyBody={t('linksUi.search.empty')}
      />
    </>
  );
}
