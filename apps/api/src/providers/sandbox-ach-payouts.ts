import type { AchPayouts } from './ports';

/** The NACHA return codes the sandbox produces, with their standard meaning. */
export const sandboxAchReturnReasons = {
  R01: 'insufficient funds',
  R02: 'account closed',
  R03: 'no account/unable to locate account',
} as const;
export type SandboxAchReturnCode = keyof typeof sandboxAchReturnReasons;

/**
 * Sandbox account numbers (README). A credit to one of the returning numbers settles like any
 * other and is then returned by the receiving bank with its code; every other number settles.
 */
export const sandboxAchAccounts = {
  settles: '000123456789',
  insufficientFunds: '000222222227',
  accountClosed: '000111111113',
  noAccount: '000111111116',
} as const;

const returns = new Map<string, SandboxAchReturnCode>([
  [sandboxAchAccounts.insufficientFunds, 'R01'],
  [sandboxAchAccounts.accountClosed, 'R02'],
  [sandboxAchAccounts.noAccount, 'R03'],
]);

export interface SandboxAchPayoutOptions {
  /** Called for each accepted credit: schedule its settlement, and the return that follows, if any. */
  scheduleSettlement: (reference: string, returnCode: SandboxAchReturnCode | null) => Promise<void>;
}

export function createSandboxAchPayouts(options: SandboxAchPayoutOptions): AchPayouts {
  return {
    async submit({ accountNumber, reference }) {
      await options.scheduleSettlement(reference, returns.get(accountNumber) ?? null);
      return {
        status: 'submitted',
        providerReference: `SBXACH${reference.replaceAll('-', '').slice(0, 12).toUpperCase()}`,
      };
    },
  };
}
