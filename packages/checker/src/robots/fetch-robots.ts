import { checkErrorFrom } from '../fetch/check-errors.ts';
import { type FetchedPage, fetchPage } from '../fetch/fetch-page.ts';
import type { HttpClient } from '../fetch/http-client.ts';
import { startDeadline } from '../limits/deadline.ts';
import type { HostLimiter } from '../limits/host-limiter.ts';
import { type RobotsTxt, robotsTxtFromBody } from './robots-cache.ts';

/** Google reads the first 500 KiB of a robots.txt and ignores the rest. */
export const ROBOTS_MAX_BYTES = 500 * 1024;
// RFC 9309 asks crawlers to follow at least five redirects for robots.txt.
const ROBOTS_MAX_REDIRECTS = 5;

/**
 * Fetches `${origin}/robots.txt` through the same guarded client as pages. It has its own
 * deadline and no caller signal: the result is shared by every check of the run.
 */
export async function fetchRobotsTxt({
  origin,
  client,
  hosts,
  timeoutMs,
}: {
  origin: string;
  client: HttpClient;
  hosts: HostLimiter;
  timeoutMs: number;
}): Promise<RobotsTxt> {
  const url = new URL('/robots.txt', origin);
  const deadline = startDeadline(timeoutMs);
  try {
    const fetched = await fetchPage(url, {
      client,
      hosts,
      maxRedirects: ROBOTS_MAX_REDIRECTS,
      maxBytes: ROBOTS_MAX_BYTES,
      deadline: deadline.signal,
      readAnyContentType: true,
    });
    return robotsTxtOf(fetched);
  } catch (error) {
    return { kind: 'unreachable', reason: checkErrorFrom(error).code };
  } finally {
    deadline.dispose();
  }
}

function robotsTxtOf(fetched: FetchedPage): RobotsTxt {
  const { final, error } = fetched;
  if (!final) {
    // RFC 9309: after too many redirects the file may be taken as unavailable, i.e. no rules.
    const redirectTrouble = error?.code === 'too_many_redirects' || error?.code === 'redirect_loop';
    return redirectTrouble
      ? { kind: 'allow-all' }
      : { kind: 'unreachable', reason: error?.code ?? 'no answer' };
  }
  if (final.status >= 500) return { kind: 'unreachable', reason: `HTTP ${final.status}` };
  // 4xx means "no robots.txt"; any other non-2xx leaves no usable file either.
  if (final.status < 200 || final.status >= 300) return { kind: 'allow-all' };
  // Rules found after a redirect still govern the origin that was asked (RFC 9309 2.3.1.2): the
  // cache keys them by that origin. Parsed as bytes, as Google's parser does.
  return robotsTxtFromBody(final.bytes);
}
