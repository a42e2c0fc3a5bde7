import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Query } from '@/api/client.ts';
import { downloadExport, type ExportOutcome } from '@/lib/download.ts';
import { crawlersApi } from './crawlers.ts';
import { crawlerKeys } from './keys.ts';
import { uploadCrawlers } from './upload.ts';

// The crawler page's writes. Notices and closing stay with the component; the crawler data is read
// again here, after the component's own reaction to a success.

type Result<F extends (...args: never[]) => unknown> = Awaited<ReturnType<F>>;

export function useRemoveCrawlers(
  { project, ids }: { project: string; ids: readonly number[] },
  callbacks: {
    onSuccess: (result: Result<typeof crawlersApi.remove>) => void;
    onError: (error: Error) => void;
  },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => crawlersApi.remove({ project, ids }),
    onSuccess: async (result) => {
      callbacks.onSuccess(result);
      await client.invalidateQueries({ queryKey: crawlerKeys.all });
    },
    onError: callbacks.onError,
  });
}

/** The import's errors (422 field errors included) are shown by the modal from the mutation's state. */
export function useUploadCrawlers({
  project,
  source,
  onProgress,
}: {
  project: string;
  source: number;
  onProgress: (percent: number) => void;
}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => uploadCrawlers({ project, source, file, onProgress }),
    onSuccess: () => client.invalidateQueries({ queryKey: crawlerKeys.all }),
  });
}

/**
 * `POST crawlers/track`; errors are shown by the dialog from the mutation's state. `refreshAlso` is
 * read again with the crawler data (the links feature's lists, composed by the page).
 */
export function useTrackCrawlers(
  body: { project: number; campaign: number; ids: number[] },
  callbacks: {
    onSuccess: (result: Result<typeof crawlersApi.track>) => void;
    refreshAlso: () => Promise<void>;
  },
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => crawlersApi.track(body),
    onSuccess: async (result) => {
      callbacks.onSuccess(result);
      await Promise.all([client.invalidateQueries({ queryKey: crawlerKeys.all }), callbacks.refreshAlso()]);
    },
  });
}

export type CrawlerExportFormat = 'csv' | 'xlsx';

export function useExportCrawlers(
  { query, projectName }: { query: Query; projectName: string },
  callbacks: { onSuccess: (outcome: ExportOutcome) => void; onError: (error: Error) => void },
) {
  return useMutation({
    mutationFn: (format: CrawlerExportFormat) =>
      downloadExport({
        path: 'crawlers/export',
        query: { ...query, format },
        fallbackName: `crawler_${projectName}.${format}`,
      }),
    ...callbacks,
  });
}
