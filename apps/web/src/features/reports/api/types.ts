import type {
  ReportChangeType,
  TReportLinkResource,
  ZReportCountsResponse,
  ZReportLinkListResponse,
} from '@linkwatch/shared';
import type { z } from 'zod';

export type ReportLink = TReportLinkResource;
export type ReportChange = ReportLink['attributes']['changes'][number];
export type ReportCounts = z.infer<typeof ZReportCountsResponse>['data']['attributes'];
export type ReportLinkList = z.infer<typeof ZReportLinkListResponse>;

export type ReportFilters = {
  project?: string;
  campaign?: string;
  type?: ReportChangeType;
  page: number;
};
