import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { Db } from '../../db/database';
import type { BankLinking } from '../../providers/ports';
import type { BankAccounts } from './bank-accounts';
import { createBankLinks } from './bank-links';
import { bankRoutes } from './bank-routes';

export interface BankContext {
  db: Db;
  logger: FastifyBaseLogger;
  /** Shared with the data export, which lists the same accounts. */
  bankAccounts: BankAccounts;
  /** The bank method's provider links accounts (banks never import payouts). */
  methods: { bankAccount: { provides: { bankLinking: BankLinking } } };
}

/** The customer's bank accounts, added by hand or linked through the bank-linking provider. */
export const bankPlugin: FastifyPluginAsync<BankContext> = async (v1, context) => {
  const { bankAccounts } = context;
  const links = createBankLinks({
    db: context.db,
    linking: context.methods.bankAccount.provides.bankLinking,
    accounts: bankAccounts,
    logger: context.logger,
  });
  await v1.register(bankRoutes, { accounts: bankAccounts, links });
};
