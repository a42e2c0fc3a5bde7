/** What the app answered to one signed notification (status 0: it could not be reached). */
export interface Answered {
  status: number;
  response: string;
}

/** POSTs a signed webhook or IPN to the app, as the provider would, and reads what it answered. */
export async function postSigned(
  url: string,
  signed: { headers: Record<string, string>; rawBody: Buffer | string },
): Promise<Answered> {
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
