import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../db/database';
import { sandboxBankLinkCodes } from '../db/schema';
import { BankLinkCodeRejectedError, type BankAccountKind, type BankLinking } from './ports';
import { sandboxAchAccounts } from './sandbox-ach-payouts';

export interface SandboxLinkAccount {
  id: string;
  name: string;
  type: BankAccountKind;
  number: string;
}

export interface SandboxLinkBank {
  id: string;
  name: string;
  routingNumber: string;
  accounts: SandboxLinkAccount[];
}

/** The test banks the sandbox page offers; the returning accounts are the ACH magic numbers. */
export const sandboxLinkBanks: SandboxLinkBank[] = [
  {
    id: 'sandbox-national',
    name: 'Sandbox National Bank',
    routingNumber: '110000000',
    accounts: [
      {
        id: 'checking',
        name: 'Everyday Checking',
        type: 'checking',
        number: sandboxAchAccounts.settles,
      },
      { id: 'savings', name: 'High-Yield Savings', type: 'savings', number: '000987654321' },
      {
        id: 'returns-r01',
        name: 'Checking: payouts return R01 (insufficient funds)',
        type: 'checking',
        number: sandboxAchAccounts.insufficientFunds,
      },
      {
        id: 'returns-r02',
        name: 'Checking: payouts return R02 (account closed)',
        type: 'checking',
        number: sandboxAchAccounts.accountClosed,
      },
      {
        id: 'returns-r03',
        name: 'Checking: payouts return R03 (no account)',
        type: 'checking',
        number: sandboxAchAccounts.noAccount,
      },
    ],
  },
  {
    id: 'sandbox-community',
    name: 'Sandbox Community Credit Union',
    routingNumber: '011401533',
    accounts: [
      { id: 'checking', name: 'Member Checking', type: 'checking', number: '1234567890' },
      { id: 'savings', name: 'Share Savings', type: 'savings', number: '9876543210' },
    ],
  },
];

const CODE_TTL_MS = 10 * 60_000;
const hash = (code: string) => createHash('sha256').update(code).digest('hex');

export function findSandboxLinkAccount(bankId: string, accountId: string) {
  const bank = sandboxLinkBanks.find((b) => b.id === bankId);
  const account = bank?.accounts.find((a) => a.id === accountId);
  return bank && account ? { bank, account } : null;
}

export interface SandboxBankLinkingOptions {
  db: Db;
  /** Where the hosted page lives, e.g. http://localhost:3000/v1/sandbox/bank-link. */
  pageUrl: string;
}

/**
 * Sandbox bank linking. Its hosted page (served by this API) stands in for the provider's: the
 * person picks a test bank and account, and the page issues a code bound to the state it was
 * opened with. A code is single use and lives ten minutes, like a provider's authorization code.
 */
export function createSandboxBankLinking(options: SandboxBankLinkingOptions) {
  const { db } = options;
  const linking: BankLinking = {
    async start({ state }) {
      const url = new URL(options.pageUrl);
      url.searchParams.set('session', state);
      return { redirectUrl: url.toString() };
    },
    async exchange({ code, state }) {
      const [used] = await db
        .update(sandboxBankLinkCodes)
        .set({ usedAt: new Date() })
        .where(
          and(
            eq(sandboxBankLinkCodes.codeHash, hash(code)),
            eq(sandboxBankLinkCodes.state, state),
            isNull(sandboxBankLinkCodes.usedAt),
            gt(sandboxBankLinkCodes.expiresAt, new Date()),
          ),
        )
        .returning();
      const found = used ? findSandboxLinkAccount(used.bankId, used.accountId) : null;
      if (!found) throw new BankLinkCodeRejectedError('sandbox: code unknown, used or expired');
      return [
        {
          routingNumber: found.bank.routingNumber,
          accountNumber: found.account.number,
          accountType: found.account.type,
          bankName: found.bank.name,
          holderName: null,
        },
      ];
    },
  };

  return {
    linking,
    /** The hosted page's Continue: a one-time code for the chosen account, or null if unknown. */
    async issueCode(state: string, bankId: string, accountId: string): Promise<string | null> {
      if (!findSandboxLinkAccount(bankId, accountId)) return null;
      const code = `sbx_${randomBytes(24).toString('base64url')}`;
      await db.insert(sandboxBankLinkCodes).values({
        codeHash: hash(code),
        state,
        bankId,
        accountId,
        expiresAt: new Date(Date.now() + CODE_TTL_MS),
      });
      return code;
    },
  };
}

export type SandboxBankLinking = ReturnType<typeof createSandboxBankLinking>;
