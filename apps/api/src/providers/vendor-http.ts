import { ProviderFailure } from '../domain/provider-failure';

export type ProviderFailureReason = 'http' | 'network' | 'timeout' | 'unexpected-answer';

/**
 * A call to an outside service that did not give a usable answer. The message and fields are
 * safe to log: adapters never put account numbers, codes, tokens or credentials in them.
 */
export class ProviderHttpError extends ProviderFailure {
  override readonly name = 'ProviderHttpError';
  /** A 4xx is the provider refusing our request as malformed: our defect, not its outage. */
  get outage(): boolean {
    return !(this.reason === 'http' && this.status !== undefined && this.status < 500);
  }

  constructor(
    override readonly provider: string,
    readonly reason: ProviderFailureReason,
    message: string,
    readonly status?: number,
    readonly vendorCode?: string,
  ) {
    super(message);
  }
}

export interface VendorAnswer {
  status: number;
  ok: boolean;
  /** The parsed JSON body; undefined when the body was not JSON. */
  body: unknown;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/**
 * One HTTP exchange with a vendor, bounded by a timeout that covers the body too. Network
 * failures drop their cause on purpose: fetch errors can quote the request they belong to.
 */
export async function callVendor(
  provider: string,
  fetchImpl: typeof fetch,
  url: string,
  init: RequestInit,
  timeoutMs: number,
): Promise<VendorAnswer> {
  try {
    const response = await fetchImpl(url, {
      ...init,
      redirect: 'error',
      signal: AbortSignal.timeout(timeoutMs),
    });
    const body = parseJson(await response.text());
    return { status: response.status, ok: response.ok, body };
  } catch (error) {
    if (error instanceof Error && error.name === 'TimeoutError') {
      throw new ProviderHttpError(
        provider,
        'timeout',
        `${provider}: no answer within ${timeoutMs} ms`,
      );
    }
    throw new ProviderHttpError(
      provider,
      'network',
      `${provider}: request failed before an answer arrived`,
    );
  }
}
