/** What the app answered to one signed notification (status 0: it could not be reached). */
export interface Answered {
  status: number;
  response: string;
}

/** A notification as signed by a stand-in: its headers and the exact bytes they sign. */
export interface SignedRequest {
  headers: Record<string, string>;
  rawBody: Buffer | string;
}

/**
 * The one sender of the payment stand-ins' webhooks and IPNs: signs the notification (each provider its
 * own way) and POSTs it to the app, as the provider would, reading what it answered. Without an address
 * to send to, nothing is signed and the answer says so (status 0, `missing`).
 */
export function sendSigned(
  to: { url: string | null | undefined; missing: string },
  sign: () => SignedRequest,
): Promise<Answered> {
  if (!to.url) return Promise.resolve({ status: 0, response: to.missing });
  return postSigned(to.url, sign());
}

async function postSigned(url: string, signed: SignedRequest): Promise<Answered> {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers: signed.headers,
      body: signed.rawBody,
      signal: AbortSignal.timeout(10_000),
    });
    return { status: response.status, response: await response.text() };
  } catch (error) {
    return { status: 0, response: error instanceof Error ? error.message : String(error) };
  }
}
