import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';
import type { Config, SecretName } from './config';

/** The file in the data folder that keeps the secrets a development setup made up. */
export const DEVELOPMENT_SECRETS_FILE = 'development-secrets.json';

const storedSchema = z.record(z.string(), z.string().min(32));

/** Owner read and write only: the file signs sessions and unseals card numbers. */
const PRIVATE_MODE = 0o600;

async function readStored(file: string): Promise<Record<string, string> | null> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  const parsed = storedSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${file} is not a secrets file; remove it to start over`);
  return parsed.data;
}

/**
 * Secrets the environment left out (only ever outside production) are random, never a shared
 * constant. With a data folder they are made once and kept there, so a restart keeps sessions
 * and sealed card numbers readable; with `memory://` each process has fresh ones, as its data
 * does not outlive it either.
 */
export async function keepDevelopmentSecrets(config: Config): Promise<Config> {
  if (config.generatedSecrets.length === 0 || config.DATA_DIR.includes('://')) return config;
  await fs.mkdir(config.DATA_DIR, { recursive: true });
  const file = path.join(config.DATA_DIR, DEVELOPMENT_SECRETS_FILE);
  let stored = await readStored(file);
  const missing = (names: readonly SecretName[], have: Record<string, string> | null) =>
    names.filter((name) => !have?.[name]);
  if (missing(config.generatedSecrets, stored).length > 0) {
    const next: Record<string, string> = { ...stored };
    for (const name of missing(config.generatedSecrets, stored)) {
      next[name] = randomBytes(32).toString('base64url');
    }
    // Written beside, then put in place whole: a crash never leaves half a file, and the mode
    // is set before any secret is in it. A first file is linked, not renamed, so of two
    // processes starting together one makes it and the other reads it.
    const temporary = `${file}.${process.pid}.tmp`;
    await fs.writeFile(temporary, `${JSON.stringify(next, null, 2)}\n`, { mode: PRIVATE_MODE });
    try {
      if (stored) await fs.rename(temporary, file);
      else await fs.link(temporary, file);
      stored = next;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      stored = await readStored(file);
    } finally {
      await fs.rm(temporary, { force: true });
    }
  }
  await fs.chmod(file, PRIVATE_MODE);
  const kept = { ...config };
  for (const name of config.generatedSecrets) kept[name] = stored?.[name] ?? config[name];
  return kept;
}
