import {
  completeFanCashLinkRequestSchema,
  type CompleteFanCashLinkRequest,
} from '@refund/contracts/fancash';

/**
 * What the merchant's sign-in sent back to /redeem/fancash: `code` and `state` once the customer
 * signed in, `error` (`access_denied` when they cancelled) otherwise.
 */
export type FanCashLinkReturn =
  | { kind: 'authorized'; request: CompleteFanCashLinkRequest }
  | { kind: 'refused'; cancelled: boolean };

export interface FanCashLinkFailure {
  reason: 'cancelled' | 'failed';
  /** The API's own words, when it refused the link. */
  message: string | null;
}

/** The sign-in's answer in the address, or null when the customer did not come back from it. */
export function readLinkReturn(params: URLSearchParams): FanCashLinkReturn | null {
  const code = params.get('code');
  const state = params.get('state');
  const error = params.get('error');
  if (code === null && state === null && error === null) return null;
  if (error !== null) return { kind: 'refused', cancelled: error === 'access_denied' };
  const request = completeFanCashLinkRequestSchema.safeParse({ code, state });
  return request.success
    ? { kind: 'authorized', request: request.data }
    : { kind: 'refused', cancelled: false };
}

/** A failure carried in the history entry, so it survives the address losing its query. */
export function readLinkFailure(state: unknown): FanCashLinkFailure | null {
  if (typeof state !== 'object' || state === null || !('linkFailure' in state)) return null;
  const failure = state.linkFailure;
  if (typeof failure !== 'object' || failure === null) return null;
  const { reason, message } = failure as Partial<FanCashLinkFailure>;
  if (reason !== 'cancelled' && reason !== 'failed') return null;
  return { reason, message: typeof message === 'string' ? message : null };
}
