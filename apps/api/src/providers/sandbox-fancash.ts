import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { FanCashCreditResult, FanCashLink, FanCashProgram } from './ports';
import { ProviderHttpError } from './vendor-http';

/** The sandbox loyalty program's magic values (README). */
export const sandboxFanCash = {
  /**
   * Fans whose ids start with this link, but their credits are refused at once: `fan_not_linked`
   * (as when the merchant revoked the link).
   */
  unlinkedFanId: 'FAN-SANDBOX-UNLINKED',
  /** Accepted as pending, then refused once processed: `amount_not_allowed`. */
  failingAmountCents: 17_17,
  /** Stays pending for ever. */
  pendingCents: 18_18,
} as const;

const sandboxFans: readonly FanCashLink[] = [
  { fanId: 'FAN-SANDBOX-0001', displayName: 'Alex M.' },
  { fanId: 'FAN-SANDBOX-0002', displayName: 'Jordan T.' },
  { fanId: sandboxFanCash.unlinkedFanId, displayName: 'Casey R. (credits refused)' },
];

/**
 * The test fans the sandbox link page offers for one sign-in (`state`). A fan belongs to one
 * customer, so each sign-in gets fans of its own: the ids carry a suffix drawn from the state
 * (e.g. `FAN-SANDBOX-0001-3fa9c2d1e0`). Any other well-formed fan links too.
 */
export function sandboxFanCashFans(state: string): FanCashLink[] {
  const suffix = createHash('sha256').update(state).digest('hex').slice(0, 10);
  return sandboxFans.map((fan) => ({ ...fan, fanId: `${fan.fanId}-${suffix}` }));
}

const PROVIDER = 'sandbox_fancash';
const CODE_PREFIX = 'sbx-fan.';

const fanSchema = z.object({
  fanId: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
  displayName: z.string().trim().min(1).max(80),
});

/**
 * The authorization code the sandbox link page hands back for the fan the person chose. It is
 * the fan itself, encoded: the sandbox keeps no codes, so any process (the page's, the one
 * completing the link) agrees on it, and it can be used more than once (a real one cannot).
 */
export function sandboxFanCashCode(fan: FanCashLink): string {
  const { fanId, displayName } = fanSchema.parse(fan);
  const encoded = Buffer.from(JSON.stringify({ fanId, displayName })).toString('base64url');
  return `${CODE_PREFIX}${encoded}`;
}

function fanOf(code: string): FanCashLink | null {
  if (!code.startsWith(CODE_PREFIX)) return null;
  try {
    const decoded: unknown = JSON.parse(
      Buffer.from(code.slice(CODE_PREFIX.length), 'base64url').toString('utf8'),
    );
    const fan = fanSchema.safeParse(decoded);
    return fan.success ? fan.data : null;
  } catch {
    return null;
  }
}

export interface SandboxFanCashOptions {
  /** How long after it was first asked for a credit stays pending. */
  postSeconds: number;
  /**
   * The sandbox's stand-in for the merchant's sign-in, e.g.
   * http://localhost:3000/v1/sandbox/fancash-link.
   */
  linkPageUrl: string;
}

/**
 * The sandbox loyalty program. Linking is one click on the sandbox's page (served by this API),
 * which sends the person back to `redirect_uri` with `sandboxFanCashCode(fan)` and the state; the
 * page, not this program, must check that `redirect_uri` is the web app's, as the merchant checks
 * it against the addresses registered with it. A credit is pending, then credited `postSeconds`
 * after it was first asked for; the magic values are refused, or pending for ever. Credits are
 * kept in memory by reference (a restarted sandbox forgets them; the wallet keeps its own).
 */
export function createSandboxFanCash(options: SandboxFanCashOptions): FanCashProgram {
  const requested = new Map<string, { amountCents: number; at: number }>();

  const resultOf = (reference: string): FanCashCreditResult | { status: 'not_found' } => {
    const request = requested.get(reference);
    if (!request) return { status: 'not_found' };
    if (request.amountCents === sandboxFanCash.pendingCents) return { status: 'pending' };
    if (Date.now() - request.at < options.postSeconds * 1_000) return { status: 'pending' };
    if (request.amountCents === sandboxFanCash.failingAmountCents) {
      return { status: 'failed', reason: 'amount_not_allowed' };
    }
    return { status: 'credited', creditId: `sbx_fc~${reference}` };
  };

  return {
    authorizeUrl({ state, redirectUri }) {
      const url = new URL(options.linkPageUrl);
      url.searchParams.set('state', state);
      url.searchParams.set('redirect_uri', redirectUri);
      return url.toString();
    },

    async completeLink({ code }) {
      const fan = fanOf(code);
      // The same refusal a merchant's token endpoint gives, and never quoting the code.
      if (!fan) {
        throw new ProviderHttpError(
          PROVIDER,
          'http',
          `${PROVIDER}: authorization code refused`,
          400,
          'invalid_grant',
        );
      }
      return fan;
    },

    async credit({ externalReferenceId, fanId, amountCents }) {
      // Refused outright, as a merchant refuses a request for a fan it will not credit: nothing
      // is kept, so looking the reference up answers not_found.
      if (fanId.startsWith(sandboxFanCash.unlinkedFanId) && !requested.has(externalReferenceId)) {
        return { status: 'failed', reason: 'fan_not_linked' };
      }
      // The first request under a reference is the credit; a later one answers it, whatever it
      // asks for.
      if (!requested.has(externalReferenceId)) {
        requested.set(externalReferenceId, { amountCents, at: Date.now() });
      }
      const result = resultOf(externalReferenceId);
      return result.status === 'not_found' ? { status: 'pending' } : result;
    },

    async lookupCredit(externalReferenceId) {
      return resultOf(externalReferenceId);
    },
  };
}
