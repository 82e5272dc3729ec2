import type { RedemptionMode } from '@refund/contracts/wallet';
import { useEffect, useEffectEvent, useRef } from 'react';
import type { Analytics } from './analytics';

/**
 * Every event the web app tracks, with its properties: the one catalogue. Names are snake_case;
 * properties never hold personal data (no phone, e-mail, names, card numbers or codes).
 */
export interface AnalyticsEventCatalogue {
  sign_up_started: undefined;
  sign_up_completed: undefined;
  sign_in_started: undefined;
  /** The sign-in code was verified. */
  sign_in_completed: undefined;
  claim_viewed: undefined;
  /** `refund_speed`: how the refund reaches the customer (instant into the wallet). */
  refund_claimed: { refund_speed: string };
  redemption_method_selected: { method: RedemptionMode };
  redemption_amount_entered: { method: RedemptionMode; amount_in_cents: number };
  redemption_details_confirmed: { method: RedemptionMode };
  /** The passcode was accepted and the redemption made (one request does both). */
  redemption_submitted: { method: RedemptionMode; amount_in_cents: number };
  redemption_completed: { method: RedemptionMode };
  redemption_failed: { method: RedemptionMode };
  /** SPEC §4: true when the session ended because the token could not be refreshed. */
  logged_out: { token_expired: boolean };
}
export type AnalyticsEventName = keyof AnalyticsEventCatalogue;

const noAnalytics: Analytics = {
  track: () => undefined,
  identify: () => undefined,
  page: () => undefined,
  reset: () => undefined,
};
let sink: Analytics = noAnalytics;

/** The app plugs its analytics in at start-up (composition-root.ts); until then, nothing is sent. */
export function connectAnalytics(analytics: Analytics): void {
  sink = analytics;
}

type EventArgs<N extends AnalyticsEventName> = AnalyticsEventCatalogue[N] extends undefined
  ? [name: N]
  : [name: N, properties: AnalyticsEventCatalogue[N]];

function send(name: string, properties?: Record<string, unknown>) {
  try {
    sink.track(name, properties);
  } catch {
    // Analytics never breaks the app.
  }
}

/** Tracks one event of the catalogue. Never throws. */
export function trackEvent<N extends AnalyticsEventName>(...args: EventArgs<N>): void {
  send(args[0], args[1]);
}

/** Tracks one event of the catalogue the first time `when` holds while the screen is shown. */
export function useTrackOnce<N extends AnalyticsEventName>(
  when: boolean,
  ...args: EventArgs<N>
): void {
  const done = useRef(false);
  const fire = useEffectEvent(() => send(args[0], args[1]));
  useEffect(() => {
    if (!when || done.current) return;
    done.current = true;
    fire();
  }, [when]);
}

/** A screen was shown. */
export function trackPage(path: string): void {
  try {
    sink.page(path);
  } catch {
    // Analytics never breaks the app.
  }
}

const AUTH_FLOW_KEY = 'analytics_auth_flow';

/** Sign-up or sign-in sent its code: remembered for the visit so verifying it completes the right one. */
export function trackAuthStarted(flow: 'sign_up' | 'sign_in'): void {
  try {
    sessionStorage.setItem(AUTH_FLOW_KEY, flow);
  } catch {
    // Without storage the verification counts as a sign-in.
  }
  trackEvent(flow === 'sign_up' ? 'sign_up_started' : 'sign_in_started');
}

/** The sign-up or sign-in code was verified. */
export function trackAuthCompleted(): void {
  let flow: string | null;
  try {
    flow = sessionStorage.getItem(AUTH_FLOW_KEY);
    sessionStorage.removeItem(AUTH_FLOW_KEY);
  } catch {
    flow = null;
  }
  trackEvent(flow === 'sign_up' ? 'sign_up_completed' : 'sign_in_completed');
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Long letter-and-digit runs: link secrets and ids. */
const TOKEN_LIKE = /^(?=.*\d)[A-Za-z0-9_-]{16,}$/;

/**
 * The path a page event carries: never the query string or hash (they hold tokens and ids), ids
 * in the path itself replaced by `:id`, and only the characters the endpoint takes.
 */
export function pagePath(pathname: string): string {
  const path = pathname
    .split(/[?#]/)[0]!
    .split('/')
    .map((segment) => (UUID.test(segment) || TOKEN_LIKE.test(segment) ? ':id' : segment))
    .join('/')
    .replace(/[^A-Za-z0-9_$/.:%-]/g, '-')
    .slice(0, 100);
  return path || '/';
}
