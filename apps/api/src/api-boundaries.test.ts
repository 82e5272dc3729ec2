import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const eslint = new ESLint({ cwd: repoRoot });

/** The rules a file at `file` (from the API's src) importing `source` breaks. */
async function rulesBroken(file: string, source: string): Promise<string[]> {
  const filePath = path.join(repoRoot, 'apps/api/src', file);
  const [result] = await eslint.lintText(`export * from '${source}';\n`, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

// Each lint builds the TypeScript program of the file it checks: seconds on a busy 2-core machine.
describe('the API boundaries lint keeps', { timeout: 30_000 }, () => {
  it('refuses AppError to a service, and lets a route use it', async () => {
    expect(await rulesBroken('features/cards/cards-probe.ts', '../../http/app-error')).toEqual([
      'no-restricted-imports',
    ]);
    expect(await rulesBroken('features/cards/probe-routes.ts', '../../http/app-error')).toEqual([]);
  });

  it("refuses a feature another feature's internal files, even from a sub-folder", async () => {
    expect(await rulesBroken('features/wallet/probe.ts', '../refunds/refund-views')).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await rulesBroken('features/payouts/methods/probe.ts', '../../auth/sessions')).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it("lets a feature use another's public files", async () => {
    expect(await rulesBroken('features/wallet/probe.ts', '../refunds/lapsed-holds')).toEqual([]);
    expect(await rulesBroken('features/payouts/methods/probe.ts', '../../auth/users')).toEqual([]);
  });

  it("keeps the database layer to the features' public files", async () => {
    expect(await rulesBroken('db/probe.ts', '../features/auth/sessions')).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await rulesBroken('db/probe.ts', '../features/auth/users')).toEqual([]);
  });
});
