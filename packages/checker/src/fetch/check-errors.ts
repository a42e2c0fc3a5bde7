import { ResponseCodeGroup, type ResponseCodeGroupId } from '../codes.ts';
import type { CheckError, CheckErrorCode } from '../types.ts';

/**
 * Error group mapping (see README "Error groups"):
 * 1 could not resolve host: the name does not exist or DNS did not answer;
 * 2 connection error: refused, reset, closed early, unreachable, TLS failure, or refused by the
 *   SSRF policy (to the user the site simply cannot be connected to);
 * 4 timeout: connect, headers, body or the whole check ran out of time;
 * 3 undefined: everything else (bad redirects, unsupported schemes, undecodable bodies...).
 */
const GROUP_BY_CODE: Record<CheckErrorCode, ResponseCodeGroupId> = {
  dns_not_found: ResponseCodeGroup.CouldNotResolveHost,
  connection_refused: ResponseCodeGroup.ConnectionError,
  connection_reset: ResponseCodeGroup.ConnectionError,
  tls_error: ResponseCodeGroup.ConnectionError,
  blocked_address: ResponseCodeGroup.ConnectionError,
  timeout: ResponseCodeGroup.Timeout,
  invalid_url: ResponseCodeGroup.Undefined,
  unsupported_scheme: ResponseCodeGroup.Undefined,
  too_many_redirects: ResponseCodeGroup.Undefined,
  redirect_loop: ResponseCodeGroup.Undefined,
  bad_redirect: ResponseCodeGroup.Undefined,
  decoding_error: ResponseCodeGroup.Undefined,
  parse_error: ResponseCodeGroup.Undefined,
  unknown: ResponseCodeGroup.Undefined,
};

export function groupOf(code: CheckErrorCode): ResponseCodeGroupId {
  return GROUP_BY_CODE[code];
}

/** A failure that ends a check with a result rather than an exception. */
export class CheckFailure extends Error {
  constructor(
    readonly code: CheckErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'CheckFailure';
  }

  toCheckError(): CheckError {
    return { code: this.code, message: this.message };
  }
}

const CODE_BY_SYSTEM_ERROR: Record<string, CheckErrorCode> = {
  ENOTFOUND: 'dns_not_found',
  EAI_AGAIN: 'dns_not_found',
  EAI_NONAME: 'dns_not_found',
  EAI_NODATA: 'dns_not_found',
  EAI_FAIL: 'dns_not_found',
  ECONNREFUSED: 'connection_refused',
  EHOSTUNREACH: 'connection_refused',
  ENETUNREACH: 'connection_refused',
  EADDRNOTAVAIL: 'connection_refused',
  ECONNRESET: 'connection_reset',
  ECONNABORTED: 'connection_reset',
  EPIPE: 'connection_reset',
  UND_ERR_SOCKET: 'connection_reset',
  UND_ERR_CLOSED: 'connection_reset',
  ETIMEDOUT: 'timeout',
  UND_ERR_CONNECT_TIMEOUT: 'timeout',
  UND_ERR_HEADERS_TIMEOUT: 'timeout',
  UND_ERR_BODY_TIMEOUT: 'timeout',
  ERR_LINKWATCH_BLOCKED_ADDRESS: 'blocked_address',
  EPROTO: 'tls_error',
};

const TLS_CODE = /^(ERR_TLS_|ERR_SSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|ERR_OSSL_)/;
// zlib's codes ("Z_DATA_ERROR") and brotli's ("ERR__ERROR_FORMAT_PADDING_1", "ERR_BROTLI_...").
const DECODING_CODE = /^(Z_|ERR__ERROR_|ERR_BROTLI|ERR__)/;

/** Maps whatever undici, net, tls or zlib threw to a check error, following `cause` chains. */
export function checkErrorFrom(error: unknown): CheckError {
  if (error instanceof CheckFailure) return error.toCheckError();
  for (let current: unknown = error, depth = 0; current && depth < 5; depth++) {
    const code = codeOf(current);
    const mapped = code === undefined ? undefined : codeForSystemError(code);
    if (mapped) return { code: mapped, message: messageOf(error) };
    current = (current as { cause?: unknown }).cause;
  }
  return { code: 'unknown', message: messageOf(error) };
}

function codeForSystemError(code: string): CheckErrorCode | undefined {
  if (Object.hasOwn(CODE_BY_SYSTEM_ERROR, code)) return CODE_BY_SYSTEM_ERROR[code];
  if (TLS_CODE.test(code)) return 'tls_error';
  if (DECODING_CODE.test(code)) return 'decoding_error';
  return undefined;
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : undefined;
}

function messageOf(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? `: ${error.cause.message}` : '';
  return `${error.message}${cause}`;
}
