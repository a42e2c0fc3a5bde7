import { ChevronDown, Download } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import type { Query } from '@/api/client.ts';
import { notify } from '@/lib/notices.ts';
import { Button } from '@/ui/Button.tsx';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
} from '@/ui/DropdownMenu.tsx';
import { useExportCrawlers } from './api/crawlerWrites.ts';

const FORMATS = ['csv', 'xlsx'] as const;

/** `GET crawlers/export` as csv or xlsx: the ticked records, or what the filters show. */
export function ExportMenu({ query, projectName }: { query: Query; projectName: string }) {
  const { t } = useTranslation();
  const exporting = useExportCrawlers(
    { query, projectName },
    {
      onSuccess: () => notify.success(t('crawlersUi.toolbar.exported')),
      onError: (error) => notify.error(error.message),
    },
  );
  return (
    <DropdownMenu
      trigger={
        <Button
          variant="secondary"
          icon={<Download className="size-4" aria-hidden />}
          loading={exporting.isPending}
        >
          {t('crawlersUi.toolbar.export')}
          <ChevronDown className="size-4 opacity-60" aria-hidden />
        </Button>
      }
    >
      <DropdownMenuContent>
        <DropdownMenuLabel>{t('crawlersUi.toolbar.exportLabel')}</DropdownMenuLabel>
        {FORMATS.map((format) => (
          <DropdownMenuItem key={format} onSelect={() => exporting.mutate(format)}>
            {t(format === 'csv' ? 'crawlersUi.toolbar.exportCsv' : 'crawlersUi.toolbar.exportXlsx')}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
