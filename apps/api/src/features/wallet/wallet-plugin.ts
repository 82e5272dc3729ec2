import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/database';
import type { Reads } from '../../db/replica-reads';
import { walletEventRoutes, type WalletEventsOptions } from './wallet-events';
import { walletRoutes, type WalletRoutesOptions } from './wallet-routes';

export interface WalletContext {
  db: Db;
  /** Where the money views read: the replica when it holds what the customer may have written. */
  reads: Reads;
  /** The database's announcements of changes to a customer, streamed to their screens. */
  changes: WalletEventsOptions['changes'];
  config: Pick<Config, 'BRAND_NAME'>;
  redemptionMethods: WalletRoutesOptions['methods'];
  welcomeBonus: WalletRoutesOptions['bonus'];
}

/** The wallet's balance and statements, the methods it offers, and its live change events. */
export const walletPlugin: FastifyPluginAsync<WalletContext> = async (v1, context) => {
  await v1.register(walletRoutes, {
    reads: context.reads,
    methods: context.redemptionMethods,
    bonus: context.welcomeBonus,
    brandName: context.config.BRAND_NAME,
  });
  await v1.register(walletEventRoutes, { changes: context.changes, reads: context.reads });
};
