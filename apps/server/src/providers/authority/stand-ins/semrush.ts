import type { Protocol, Reply } from '../../index-check/stand-ins/stand-in.ts';
import {
  type AuthorityAccepted,
  type AuthorityStandIn,
  type AuthorityStandInSettings,
  startAuthorityStandIn,
} from './common.ts';

export interface SemrushFigures {
  /** Domain overview: Semrush Rank, organic keywords, organic traffic (domains only). */
  Rk?: number;
  Or?: number;
  Ot?: number;
  /** Backlinks overview: backlinks, referring domains, referring URLs (domains and pages). */
  total: number;
  domains_num: number;
  urls_num: number;
}

/** The domain overview's header names its columns; the backlinks overview's header repeats the codes. */
const DOMAIN_RANK_HEADERS: Record<string, string> = {
  Dn: 'Domain',
  Rk: 'Rank',
  Or: 'Organic Keywords',
  Ot: 'Organic Traffic',
  Oc: 'Organic Cost',
  Ad: 'Adwords Keywords',
  At: 'Adwords Traffic',
  Ac: 'Adwords Cost',
};

type SemrushAccepted = AuthorityAccepted & {
  report: 'domain_rank' | 'backlinks_overview';
  columns: string[];
};

/**
 * Semrush Analytics API as it answers: `GET /?type=domain_rank&key&domain&database&export_columns`
 * and `GET /analytics/v1/?type=backlinks_overview&key&target&target_type&export_columns`, each a
 * `;`-separated header line and one row, or `ERROR nn :: TEXT` (50 NOTHING FOUND for a target it has
 * no data on, 120 WRONG KEY - ID PAIR, 132 API UNITS BALANCE IS ZERO). The text of a 429 is ours.
 */
export function semrushProtocol(
  apiKey: string,
  figures: Map<string, SemrushFigures>,
): Protocol<SemrushAccepted> {
  const error = (status: number, text: string): Reply => ({ status, body: null, text });
  const nothing = () => error(200, 'ERROR 50 :: NOTHING FOUND');
  return {
    read(request) {
      const type = request.searchParams.get('type');
      const report = type === 'domain_rank' || type === 'backlinks_overview' ? type : undefined;
      const path = report === 'domain_rank' ? '/' : '/analytics/v1/';
      if (!report || request.path !== path) {
        return error(400, 'ERROR 40 :: MANDATORY PARAMETER "type" NOT SET OR WRONG');
      }
      if (request.method !== 'GET') return error(405, 'Method not allowed');
      if (request.searchParams.get('key') !== apiKey) return error(403, 'ERROR 120 :: WRONG KEY - ID PAIR');
      const columns = (request.searchParams.get('export_columns') ?? '').split(',').filter(Boolean);
      if (columns.length === 0) return error(400, 'ERROR 40 :: MANDATORY PARAMETER "export_columns" NOT SET');
      const required = report === 'domain_rank' ? ['domain', 'database'] : ['target', 'target_type'];
      for (const param of required) {
        if (!request.searchParams.get(param))
          return error(400, `ERROR 40 :: MANDATORY PARAMETER "${param}" NOT SET`);
      }
      const target = request.searchParams.get(report === 'domain_rank' ? 'domain' : 'target') ?? '';
      return { query: target, targets: [target], report, columns };
    },
    results({ targets: [target], report, columns }) {
      const known = figures.get(target);
      if (!known || (report === 'domain_rank' && known.Rk === undefined)) return nothing();
      const header = columns.map((c) => (report === 'domain_rank' ? (DOMAIN_RANK_HEADERS[c] ?? c) : c));
      const row = columns.map((c) =>
        c === 'Dn' ? target : String((known as unknown as Record<string, unknown>)[c] ?? 0),
      );
      return { status: 200, body: null, text: `${header.join(';')}\r\n${row.join(';')}\r\n` };
    },
    noFunds: () => error(200, 'ERROR 132 :: API UNITS BALANCE IS ZERO'),
    rateLimited: () => error(429, 'Too Many Requests'),
    serverError: () => error(500, 'Internal Server Error'),
  };
}

export function startSemrushStandIn(
  options: AuthorityStandInSettings & { apiKey: string; figures?: Map<string, SemrushFigures> },
): Promise<AuthorityStandIn<SemrushFigures>> {
  const { apiKey, figures = new Map(), ...settings } = options;
  return startAuthorityStandIn(semrushProtocol(apiKey, figures), figures, settings);
}
