import type { FastifyBaseLogger, FastifyPluginAsync } from 'fastify';
import type { z } from 'zod';
import type { RedemptionMode } from '@refund/contracts/wallet';
import type { Db } from '../../db/database';
import type { JobQueue } from '../../jobs/job-queue';
import type { OtpService } from '../auth/otp-service';
import type { RedemptionMethod } from './redemption-method';

/**
 * A method's part of the configuration, kept beside the method (ADR 0014): its environment
 * variables with their defaults and messages, the ones naming a provider (production refuses
 * `sandbox` in any of them), the checks across them, and defaults that depend on production.
 * config.ts merges every registered method's part into the one schema it parses.
 */
export interface MethodConfig<S extends z.ZodRawShape, D extends object> {
  env: S;
  /** Variables naming a provider: production refuses to start with any of them on `sandbox`. */
  providers: readonly (keyof S & string)[];
  /** Checks across the variables; `need` names a variable that must be set, and why. */
  check?(env: z.output<z.ZodObject<S>>, need: Need<keyof S & string>, production: boolean): void;
  /** Settings whose default depends on production, resolved after parsing. */
  defaults?(env: z.output<z.ZodObject<S>>, production: boolean): D;
}

export type Need<K extends string> = (key: K, why: string) => void;

/** The settings a method part gives, defaults resolved. */
export type SettingsOf<C> =
  C extends MethodConfig<infer S, infer D> ? Omit<z.output<z.ZodObject<S>>, keyof D> & D : never;

/** Written for inference: a method's configuration part, typed by its variables. */
export function defineMethodConfig<S extends z.ZodRawShape, D extends object = object>(
  config: MethodConfig<S, D>,
): MethodConfig<S, D> {
  return config;
}

/** The server's own settings a method may read beside its own. */
export interface CommonSettings {
  NODE_ENV: 'development' | 'production' | 'test';
  PUBLIC_URL: string;
  BRAND_NAME: string;
  VAULT_KEY: string;
  SANDBOX: boolean;
}

/** What a method is started with: its settings, and the services every method shares. */
export interface MethodStartContext<Settings> {
  settings: Settings & CommonSettings;
  db: Db;
  jobs: JobQueue;
  logger: FastifyBaseLogger;
}

/** What a method's routes are registered with (under /v1), beside what its start kept. */
export interface MethodRouteDeps {
  db: Db;
  jobs: JobQueue;
  otp: OtpService;
}

/**
 * A method once started: its provider made, its jobs worked. `provides` is what other features
 * use of it (the card payout provider adds cards, bank linking lists bank accounts).
 */
export interface StartedMethod<Provides = unknown> {
  /** Its redemption methods, every one registered, offered or not (ADR 0014). */
  methods: readonly RedemptionMethod[];
  /** Its own routes, registered under /v1. */
  routes?: FastifyPluginAsync<MethodRouteDeps>;
  provides: Provides;
  /** Stops its timers when the server closes; awaited before the job queue stops. */
  stop?(): Promise<void>;
  /** Releases its provider (connections) once the job queue has stopped. */
  release?(): Promise<void>;
}

/**
 * One redemption method as the server carries it: its modes, its configuration part and how it
 * starts. `start` is called once, in the order of the registry, after the job queue runs.
 */
export interface RedemptionMethodDefinition<
  Name extends string,
  C,
  Provides,
  Modes extends readonly RedemptionMode[],
> {
  /** Its key among the started methods (what other features use of it is found under it). */
  name: Name;
  /** The modes its methods redeem; a mode belongs to one definition. */
  modes: Modes;
  config: C;
  start(context: MethodStartContext<SettingsOf<C>>): Promise<StartedMethod<Provides>>;
}

/** Written for inference: a method's definition, typed by its configuration and what it provides. */
export function defineRedemptionMethod<
  const Name extends string,
  S extends z.ZodRawShape,
  D extends object,
  Provides,
  const Modes extends readonly RedemptionMode[],
>(
  definition: RedemptionMethodDefinition<Name, MethodConfig<S, D>, Provides, Modes>,
): RedemptionMethodDefinition<Name, MethodConfig<S, D>, Provides, Modes> {
  return definition;
}

/**
 * Any definition, as the code reading every one alike sees it (config.ts merging their
 * variables, the server starting them): each given the whole configuration, of which it reads
 * its own part.
 */
export interface MethodDefinitionEntry {
  name: string;
  modes: readonly RedemptionMode[];
  config: {
    env: z.ZodRawShape;
    providers: readonly string[];
    check?(env: object, need: Need<string>, production: boolean): void;
    defaults?(env: object, production: boolean): object;
  };
  start(context: MethodStartContext<object>): Promise<StartedMethod>;
}
