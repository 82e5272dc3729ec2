/**
 * An outside service (a card network, an issuer, the SMS or e-mail gateway...) that gave no
 * usable answer. Each adapter's error extends it, so the HTTP layer can tell a provider's outage,
 * which the client may retry shortly (503 with Retry-After), from a defect of ours, without
 * knowing the adapters. Messages and fields are safe to log: adapters never put account
 * numbers, codes, tokens or credentials in them.
 */
export abstract class ProviderFailure extends Error {
  abstract readonly provider: string;
  /**
   * The service was unreachable, slow or answered with its own failure: trying again later may
   * work. False for a request the provider refused as ours (a defect, answered 500).
   */
  abstract readonly outage: boolean;
}

/** How long a client is asked to wait before retrying a request a provider's outage failed. */
export const PROVIDER_RETRY_AFTER_SECONDS = 30;
