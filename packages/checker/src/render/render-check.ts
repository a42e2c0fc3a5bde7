import { type AcceptorMatcher, compileAcceptors } from '../acceptors/acceptor-matcher.ts';
import { parseDonorHtml } from '../html/parse-donor-html.ts';
import { indexingCapabilityOf } from '../robots/indexing-capability.ts';
import type { RobotsVerdict } from '../robots/robots-verdict.ts';
import type { AcceptorSet, CheckResult, FoundBacklink, RenderMode, RenderReason } from '../types.ts';
import type { Renderer } from './renderer.ts';

/**
 * Whether an HTML check's page is loaded again in the browser, and why: always (the project asks
 * for it), or, in `missing` mode, when the HTML lacked the link or is a client-rendering shell.
 * Only a page that was read (it answered 200 and robots.txt lets crawlers in) is worth rendering.
 */
export function renderReasonOf(
  mode: RenderMode,
  result: CheckResult,
  clientRendered: boolean,
): RenderReason | null {
  if (mode === 'never' || result.error !== null || !result.robotsAllowed) return null;
  const finalStatus = result.redirectChain.at(-1)?.status ?? result.responseCode;
  if (finalStatus !== 200) return null;
  if (mode === 'always') return 'always';
  if (result.backlinks.length === 0) return 'missing';
  return clientRendered ? 'client_rendered' : null;
}

/** Hosts the acceptors name: the render's settle wait ends once a link to one of them appears. */
export function hostsOf(acceptors: AcceptorSet): string[] {
  if (acceptors.kind === 'domains') return acceptors.domains.map((domain) => domain.replace(/^\*\./, ''));
  const hosts = new Set<string>();
  for (const url of acceptors.urls) {
    try {
      hosts.add(new URL(url.includes('://') ? url : `http://${url}`).hostname);
    } catch {}
  }
  return [...hosts];
}

/**
 * The HTML check's result with the page as rendered: links, title, meta robots and canonical read
 * from the rendered DOM by the same parser and rules as the HTML (so they are written once); the
 * response facts (status, headers, robots.txt) stay those of the HTTP fetch. A backlink absent
 * from the HTML carries `rendered: true`. A render that failed leaves the HTML verdict standing.
 */
export async function withRendering({
  result,
  reason,
  renderer,
  acceptors,
  matcher = compileAcceptors(acceptors),
  robotsVerdict,
  xRobotsTags,
  signal,
}: {
  result: CheckResult;
  reason: RenderReason;
  renderer: Renderer;
  acceptors: AcceptorSet;
  matcher?: AcceptorMatcher;
  robotsVerdict: RobotsVerdict;
  xRobotsTags: readonly string[];
  signal?: AbortSignal;
}): Promise<CheckResult> {
  const started = performance.now();
  let page: Awaited<ReturnType<Renderer['render']>>;
  try {
    page = await renderer.render(result.finalUrl, { lookFor: hostsOf(acceptors), signal });
  } catch (error) {
    signal?.throwIfAborted();
    const message = error instanceof Error ? error.message : String(error);
    return { ...result, render: failed(reason, message, started) };
  }
  if (page.status !== null && page.status !== 200) {
    return { ...result, render: failed(reason, `rendered page answered ${page.status}`, started) };
  }
  const parsed = parseDonorHtml(Buffer.from(page.html, 'utf8'), {
    baseUrl: page.finalUrl,
    contentType: 'text/html; charset=utf-8',
    acceptors: matcher,
  });
  const inHtml = new Set(result.backlinks.map(keyOf));
  const backlinks: FoundBacklink[] = parsed.backlinks.map((backlink) =>
    inHtml.has(keyOf(backlink)) ? backlink : { ...backlink, rendered: true },
  );
  const finalUrl = page.finalUrl;
  return {
    ...result,
    finalUrl,
    redirect: finalUrl === result.url ? result.redirect : finalUrl,
    title: parsed.title,
    metaRobots: parsed.metaRobots,
    canonical: parsed.canonical,
    indexingCapabilityId: indexingCapabilityOf({
      robots: robotsVerdict,
      finalStatus: page.status ?? 200,
      finalUrl,
      xRobotsTags,
      metaRobots: parsed.metaRobots,
      agentMetaRobots: parsed.agentMetaRobots,
      canonical: parsed.canonical,
    }),
    backlinks,
    truncated: result.truncated || page.truncated,
    render: {
      reason,
      foundOnlyRendered: result.backlinks.length === 0 && backlinks.length > 0,
      error: null,
      renderMs: page.renderMs,
      bytes: page.bytes,
    },
  };
}

function failed(reason: RenderReason, error: string, started: number): NonNullable<CheckResult['render']> {
  return {
    reason,
    foundOnlyRendered: false,
    error,
    renderMs: Math.round(performance.now() - started),
    bytes: 0,
  };
}

function keyOf(backlink: FoundBacklink): string {
  return `${backlink.typeId} ${backlink.href}`;
}
