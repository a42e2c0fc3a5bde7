import type { ZAnchorChartInfoResponse, ZAnchorChartResponse } from '@linkwatch/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api, type Query } from '@/api/client.ts';
import { anchorKeys } from './anchors.ts';

export type AnchorChart = z.infer<typeof ZAnchorChartResponse>['data']['attributes'];
export type AnchorChartInfo = z.infer<typeof ZAnchorChartInfoResponse>['data']['attributes'];

/** The top anchors by backlinks (`anchors/chart`) for the page's project and tier. */
export function useAnchorChart(query: Query) {
  return useQuery({
    queryKey: anchorKeys.chart(query),
    placeholderData: keepPreviousData,
    queryFn: () =>
      api
        .get<{ data: { attributes: AnchorChart } }>('anchors/chart', { query })
        .then((r) => r.data.attributes),
  });
}

/** Backlinks per anchor type, url, brand, text or empty (`anchors/chart/info`). */
export function useAnchorChartInfo(query: Query) {
  return useQuery({
    queryKey: anchorKeys.chartInfo(query),
    placeholderData: keepPreviousData,
    queryFn: () =>
      api
        .get<{ data: { attributes: AnchorChartInfo } }>('anchors/chart/info', { query })
        .then((r) => r.data.attributes),
  });
}
