import { z } from 'zod';
import {
  BankLinkCodeRejectedError,
  type BankAccountKind,
  type BankLinking,
  type LinkedAccount,
} from './ports';
import { callVendor, ProviderHttpError } from './vendor-http';

export interface TinkBankLinkingOptions {
  clientId: string;
  clientSecret: string;
  /** Registered with Tink for this client: where Tink Link sends the customer back. */
  redirectUri: string;
  market?: string;
  locale?: string;
  apiUrl?: string;
  linkUrl?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

// Tink's documented answers; only the fields we use, the rest is ignored.
const tokenSchema = z.object({ access_token: z.string().min(1) });
const tinkErrorSchema = z.object({ errorCode: z.string() }).partial();
const accountSchema = z.object({
  id: z.string(),
  type: z.string(),
  identifiers: z
    .object({
      financialInstitution: z
        .object({
          accountNumber: z.string(),
          referenceNumbers: z.record(z.string(), z.unknown()),
        })
        .partial(),
    })
    .partial()
    .optional(),
});
const accountPageSchema = z.object({
  accounts: z.array(accountSchema),
  nextPageToken: z.string().optional(),
});
type TinkAccount = z.infer<typeof accountSchema>;

const ACCOUNT_TYPES: Record<string, BankAccountKind> = { CHECKING: 'checking', SAVINGS: 'savings' };
const MAX_PAGES = 5;

/**
 * The ACH numbers of a shared account. The account number is Tink's `financialInstitution`
 * identifier; the US routing number is read from its `referenceNumbers` under `routingNumber`
 * (see ADR 0008: confirm this key against Tink's US sandbox before going live). Accounts without
 * both, and cards, loans or investments, cannot receive ACH credits and are left out.
 */
function achAccount(account: TinkAccount): LinkedAccount | null {
  const accountType = ACCOUNT_TYPES[account.type];
  const institution = account.identifiers?.financialInstitution;
  const accountNumber = institution?.accountNumber?.replace(/[\s-]/g, '');
  const routingNumber = institution?.referenceNumbers?.routingNumber;
  if (!accountType || !accountNumber || typeof routingNumber !== 'string') return null;
  return { routingNumber, accountNumber, accountType, bankName: null, holderName: null };
}

/**
 * Tink bank linking with one-time access: Tink Link's connect-accounts flow, then the code is
 * exchanged for a user access token (`authorization_code` grant) that reads the shared accounts
 * from the Data API v2.
 */
export function createTinkBankLinking(options: TinkBankLinkingOptions): BankLinking {
  const {
    clientId,
    clientSecret,
    redirectUri,
    market = 'US',
    locale = 'en_US',
    apiUrl = 'https://api.tink.com',
    linkUrl = 'https://link.tink.com',
    fetchImpl = fetch,
    timeoutMs = 10_000,
  } = options;
  const api = apiUrl.replace(/\/+$/, '');

  async function accessToken(code: string): Promise<string> {
    const answer = await callVendor(
      'tink',
      fetchImpl,
      `${api}/api/v1/oauth/token`,
      {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: new URLSearchParams({
          code,
          client_id: clientId,
          client_secret: clientSecret,
          grant_type: 'authorization_code',
        }).toString(),
      },
      timeoutMs,
    );
    // OAuth 2.0 answers a bad grant with 400; 401 means our client credentials were refused.
    if (answer.status === 400) throw new BankLinkCodeRejectedError('tink: code refused');
    if (!answer.ok) {
      const parsed = tinkErrorSchema.safeParse(answer.body);
      const vendorCode = parsed.success ? parsed.data.errorCode : undefined;
      throw new ProviderHttpError(
        'tink',
        'http',
        `tink: token exchange answered HTTP ${answer.status}${vendorCode ? ` ${vendorCode}` : ''}`,
        answer.status,
        vendorCode,
      );
    }
    const token = tokenSchema.safeParse(answer.body);
    if (!token.success) {
      throw new ProviderHttpError(
        'tink',
        'unexpected-answer',
        `tink: HTTP ${answer.status} without an access token`,
        answer.status,
      );
    }
    return token.data.access_token;
  }

  async function sharedAccounts(token: string): Promise<TinkAccount[]> {
    const accounts: TinkAccount[] = [];
    let pageToken: string | undefined;
    for (let page = 0; page < MAX_PAGES; page += 1) {
      const url = new URL(`${api}/data/v2/accounts`);
      url.searchParams.set('pageSize', '100');
      if (pageToken) url.searchParams.set('pageToken', pageToken);
      const answer = await callVendor(
        'tink',
        fetchImpl,
        url.toString(),
        { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
        timeoutMs,
      );
      if (!answer.ok) {
        throw new ProviderHttpError(
          'tink',
          'http',
          `tink: accounts answered HTTP ${answer.status}`,
          answer.status,
        );
      }
      const parsed = accountPageSchema.safeParse(answer.body);
      if (!parsed.success) {
        throw new ProviderHttpError(
          'tink',
          'unexpected-answer',
          `tink: HTTP ${answer.status} without an account list`,
          answer.status,
        );
      }
      accounts.push(...parsed.data.accounts);
      pageToken = parsed.data.nextPageToken;
      if (!pageToken) break;
    }
    return accounts;
  }

  return {
    async start({ state }) {
      const url = new URL(`${linkUrl.replace(/\/+$/, '')}/1.0/transactions/connect-accounts`);
      url.searchParams.set('client_id', clientId);
      url.searchParams.set('redirect_uri', redirectUri);
      url.searchParams.set('market', market);
      url.searchParams.set('locale', locale);
      url.searchParams.set('state', state);
      return { redirectUrl: url.toString() };
    },
    async exchange({ code }) {
      const token = await accessToken(code);
      const accounts = await sharedAccounts(token);
      return accounts.map(achAccount).filter((a): a is LinkedAccount => a !== null);
    },
  };
}
