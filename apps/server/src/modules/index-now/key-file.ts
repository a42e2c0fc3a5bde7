import { type CheckErrorCode, type Checker, CheckFailure } from '@linkwatch/checker';
import {
  type KeyFileCheck,
  type KeyFileFetch,
  verifyKeyFile,
} from '../../providers/indexing/indexnow-key.ts';

/** A key is at most 128 characters; a file much longer than that is not a key file anyway. */
const KEY_FILE_MAX_BYTES = 1024;
const KEY_FILE_TIMEOUT_MS = 10_000;

/** A failed check, with what the network said when the file was not read at all. */
export type KeyFileResult = KeyFileCheck & { network?: CheckErrorCode };

/**
 * Reads `<key>.txt` on `host` through the checker, so the user's host cannot make us reach a private
 * address unless the checker allows them (CHECKER_ALLOW_PRIVATE_NETWORKS). https first; plain http when
 * https gives no HTTP answer at all, for sites served without TLS.
 */
export async function checkKeyFile(
  checker: Checker,
  params: { host: string; key: string; signal?: AbortSignal },
): Promise<KeyFileResult> {
  const overHttps = await checkOnce(checker, { ...params, scheme: 'https' });
  if (answered(overHttps)) return overHttps;
  const overHttp = await checkOnce(checker, { ...params, scheme: 'http' });
  return answered(overHttp) ? overHttp : overHttps;
}

/** Found, or the site said something (a status, a wrong file): not a reason to try another scheme. */
function answered(result: KeyFileResult): boolean {
  return result.ok || result.problem !== 'unreachable' || result.status !== undefined;
}

async function checkOnce(
  checker: Checker,
  params: { host: string; key: string; scheme: 'https' | 'http'; signal?: AbortSignal },
): Promise<KeyFileResult> {
  let network: CheckErrorCode | undefined;
  const fetch: KeyFileFetch = async (url, { signal }) => {
    try {
      const file = await checker.fetchFile(url, { signal, maxBytes: KEY_FILE_MAX_BYTES });
      return { status: file.status, text: async () => file.text };
    } catch (error) {
      network = error instanceof CheckFailure ? error.code : signal.aborted ? 'timeout' : 'unknown';
      throw error;
    }
  };
  const check = await verifyKeyFile({ ...params, fetch, timeoutMs: KEY_FILE_TIMEOUT_MS });
  return check.ok || network === undefined ? check : { ...check, network };
}

/** The i18n key and parameters that tell the user what was wrong (catalog `indexNow.problem`). */
export function problemText(
  check: Extract<KeyFileResult, { ok: false }>,
  params: { host: string; key: string },
): { key: string; params: Record<string, string | number> } {
  const values = { url: check.url, host: params.host, key: params.key };
  const text = (name: string, extra: Record<string, string | number> = {}) => ({
    key: `indexNow.problem.${name}`,
    params: { ...values, ...extra },
  });
  switch (check.problem) {
    case 'missing':
      return text('missing', { status: check.status ?? 404 });
    case 'wrong-content':
      return text('wrongContent');
    case 'invalid-key':
    case 'not-on-host':
      return text('invalidKey');
    case 'unreachable':
      if (check.status !== undefined) {
        const redirect = check.status >= 300 && check.status < 400;
        return text(redirect ? 'redirect' : 'httpStatus', { status: check.status });
      }
      return networkText(check.network, text);
  }
}

function networkText(
  network: CheckErrorCode | undefined,
  text: (name: string, extra?: Record<string, string | number>) => ReturnType<typeof problemText>,
) {
  if (network === 'blocked_address') return text('blocked');
  if (network === 'dns_not_found') return text('dns');
  if (network === 'timeout') {
    return text('timeout', { seconds: KEY_FILE_TIMEOUT_MS / 1000 });
  }
  return text('unreachable');
}
