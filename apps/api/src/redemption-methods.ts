import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { RedemptionMode } from '@refund/contracts/wallet';
import type { Db } from './db/database';
import type { JobQueue } from './jobs/job-queue';
import { fanCashDefinition } from './features/fancash/fancash-definition';
import { giftCardDefinition } from './features/giftcards/giftcard-definition';
import { bankAccountDefinition } from './features/payouts/methods/bank-account/bank-account-definition';
import { debitCardDefinition } from './features/payouts/methods/debit-card/debit-card-definition';
import type {
  CommonSettings,
  MethodDefinitionEntry,
  MethodRouteDeps,
  SettingsOf,
  StartedMethod,
} from './features/payouts/method-definition';
import type { RedemptionMethod } from './features/payouts/redemption-method';
import {
  createMethodRegistry,
  type MethodRegistry,
} from './features/payouts/redemption-method-registry';
import { prepaidCardDefinition } from './features/prepaid-cards/prepaid-card-definition';

/**
 * The redemption methods this server carries: the one list a new method is added to (ADR 0014).
 * Each brings its configuration, provider, jobs, routes and methods; config.ts, server.ts and
 * app.ts read them from here.
 */
export const methodDefinitions = [
  debitCardDefinition,
  bankAccountDefinition,
  giftCardDefinition,
  prepaidCardDefinition,
  fanCashDefinition,
] as const;

type Definition = (typeof methodDefinitions)[number];

// Every mode of the contracts has a definition: one left out is named by the compiler here (and
// a mode defined twice by the unit test beside the registry).
type DefinedMode = Definition['modes'][number];
const everyModeDefined: [RedemptionMode] extends [DefinedMode] ? true : never = true;
void everyModeDefined;

/** The definitions as one list, for what reads each the same way (configuration, start). */
export const definitions: readonly MethodDefinitionEntry[] = methodDefinitions;

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (
  i: infer I,
) => void
  ? I
  : never;

/** Every method's environment variables together: config.ts adds them to the server's own. */
export type MethodEnvShape = UnionToIntersection<Definition['config']['env']>;

/** Every method's defaults that depend on production, as its `defaults` resolves them. */
export type MethodDefaults = UnionToIntersection<
  Definition['config'] extends infer C
    ? C extends { defaults?(...args: never[]): infer D }
      ? D
      : never
    : never
>;

/** Every method's settings together, defaults resolved. */
export type MethodSettings = UnionToIntersection<SettingsOf<Definition['config']>>;

type ProvidesOf<D> = D extends { start(...args: never[]): Promise<StartedMethod<infer P>> }
  ? P
  : never;

/** Each method once started, by its definition's name. */
export type StartedMethods = {
  [D in Definition as D['name']]: StartedMethod<ProvidesOf<D>>;
};

/**
 * Starts every method in the registry's order: providers made and jobs worked before anything
 * is seeded or served.
 */
export async function startRedemptionMethods(context: {
  settings: CommonSettings & MethodSettings;
  db: Db;
  jobs: JobQueue;
  logger: FastifyBaseLogger;
}): Promise<StartedMethods> {
  const started: Record<string, StartedMethod> = {};
  for (const definition of definitions) started[definition.name] = await definition.start(context);
  // Keyed by each definition's own name just above: the type the list's names and starts give.
  return started as StartedMethods;
}

/**
 * The registry the pipeline redeems through: every started method, registered offered or not
 * (so the redemptions made with it are always shown), less the modes switched off. A method in
 * `extra` (a server embedding this one, a test) takes the place of the started one of its mode.
 */
export function createPayoutMethods(
  started: StartedMethods,
  disabledModes: ReadonlySet<RedemptionMode>,
  extra: readonly RedemptionMethod[] = [],
): MethodRegistry {
  const replaced = new Set(extra.map((method) => method.mode));
  const methods = Object.values<StartedMethod>(started).flatMap((method) => method.methods);
  return createMethodRegistry(
    [...methods.filter((method) => !replaced.has(method.mode)), ...extra],
    disabledModes,
  );
}

/** Each method's own routes (its provider's callbacks, its destinations' pages), under /v1. */
export const methodRoutesPlugin: FastifyPluginAsync<
  MethodRouteDeps & { methods: StartedMethods }
> = async (v1, { methods, db, jobs, otp }) => {
  for (const method of Object.values<StartedMethod>(methods)) {
    if (method.routes) await v1.register(method.routes, { db, jobs, otp });
  }
};
