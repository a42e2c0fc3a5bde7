import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { isLocale } from '@linkwatch/shared';

const MAIN_LAYOUT = 'src/app/layouts/MainLayout.tsx';

/**
 * The pages a visit most often opens on, as the web app's route table (apps/web/src/app/routes.tsx) maps
 * them: a path without its locale prefix, and the source modules of its layout and page. Another page
 * loads its chunks from the entry script as before (preloadRoute), one round trip later.
 */
const PAGES: readonly { path: RegExp; modules: readonly string[] }[] = [
  { path: /^$/, modules: [MAIN_LAYOUT, 'src/features/dashboard/DashboardPage.tsx'] },
  // campaign/:type?/:tier?/:id, not campaign/:tier?/:id?/index-history nor …/domains
  {
    path: /^campaign(\/[^/]+){1,3}$/,
    modules: [MAIN_LAYOUT, 'src/pages/CampaignPage.tsx'],
  },
  { path: /^project(\/[^/]+){1,3}$/, modules: [MAIN_LAYOUT, 'src/pages/ProjectPage.tsx'] },
  // The public domain check (issue 30): a visitor's or a search engine's first page.
  {
    path: /^domain-check$/,
    modules: ['src/app/layouts/EmptyLayout.tsx', 'src/features/domain-check/DomainCheckPage.tsx'],
  },
];
const NOT_A_LIST = /\/(index-history|domains)$/;

/** One module of Vite's build manifest (`build.manifest`): its file and the manifest keys it imports. */
type ManifestChunk = { file: string; imports?: string[] };
type Manifest = Record<string, ManifestChunk>;

let cached: { file: string; mtimeMs: number; manifest: Manifest } | undefined;

/** The build's manifest, read again after a rebuild; none for a build made without one. */
function readManifest(webDist: string): Manifest | undefined {
  const file = path.join(webDist, '.vite', 'manifest.json');
  try {
    const { mtimeMs } = statSync(file);
    if (cached?.file !== file || cached.mtimeMs !== mtimeMs) {
      cached = { file, mtimeMs, manifest: JSON.parse(readFileSync(file, 'utf8')) };
    }
    return cached.manifest;
  } catch {
    return undefined;
  }
}

/** The files of some modules and of everything they import, each once, a module before its imports. */
function chunkFiles({ manifest, modules }: { manifest: Manifest; modules: readonly string[] }): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const module of modules) visit(module);
  return [...files];
}

/**
 * `<link rel="modulepreload">` for the chunks of the page at `url` (its layout's and its own) that `html`
 * does not already load, or '' for a page not in the table. The browser then fetches them beside the entry
 * script: on a phone's 4G the title of the campaign page came a round trip and the entry's run later.
 * At low priority: they run after the entry and its imports, which go first, and the stylesheet with the
 * static frame is not kept waiting for them (at high priority Lighthouse counted them as delaying the
 * first paint, 1.9 s → 2.35 s).
 */
export function pagePreloads({ webDist, url, html }: { webDist: string; url: string; html: string }): string {
  const [, first = '', ...rest] = url.split('?')[0].split('/');
  const page = (isLocale(first) ? rest : [first, ...rest]).join('/').replace(/\/$/, '');
  const match = NOT_A_LIST.test(page) ? undefined : PAGES.find((p) => p.path.test(page));
  const manifest = match && readManifest(webDist);
  if (!match || !manifest) return '';
  return chunkFiles({ manifest, modules: match.modules })
    .filter((file) => !html.includes(`/${file}"`))
    .map((file) => `    <link rel="modulepreload" crossorigin fetchpriority="low" href="/${file}">\n`)
    .join('');
}
