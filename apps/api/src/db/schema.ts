/**
 * The database schema, one file per feature under schema/ (the tables a feature owns, their
 * indexes and checks), all in one place for the code that reads them. drizzle-kit reads the
 * files of schema/ themselves to write the migrations (drizzle.config.ts).
 */
export * from './schema/auth';
export * from './schema/account';
export * from './schema/sandbox';
export * from './schema/ledger';
export * from './schema/merchants';
export * from './schema/files';
export * from './schema/spotlights';
export * from './schema/refunds';
export * from './schema/webhooks';
export * from './schema/cards';
export * from './schema/payouts';
export * from './schema/banks';
export * from './schema/giftcards';
export * from './schema/prepaid-cards';
export * from './schema/fancash';
export * from './schema/promotions';
export * from './schema/analytics';
export * from './schema/rate-limits';
