import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { afterAll, describe, expect, it } from 'vitest';
// The guard `npm run lint` runs: a plain script, so lint needs no build.
import { cyclesOf, featureGraph } from '../../../scripts/feature-cycles.mjs';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const scratch = mkdtempSync(path.join(tmpdir(), 'feature-cycles-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Writes `files` (path under the features folder -> text) into a folder of features of its own. */
function features(name: string, files: Record<string, string>): string {
  const dir = path.join(scratch, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('the guard against cycles between feature folders', () => {
  it('finds a deliberate cycle, through a sub-folder and a type-only import', () => {
    const dir = features('cycle', {
      'payouts/methods/thing.ts': "import { credit } from '../../things/credits';\n",
      'things/credits.ts':
        "import type { Event } from '../payouts/events';\nexport const credit = 1;\n",
      'payouts/events.ts': 'export type Event = string;\n',
      'wallet/balance.ts': "import { credit } from '../things/credits';\n",
    });
    expect(cyclesOf(featureGraph(dir))).toEqual([['payouts', 'things', 'payouts']]);
  });

  it('finds a cycle of three, and none in a graph that only goes one way', () => {
    expect(
      cyclesOf(
        new Map([
          ['a', new Map([['b', 'a/x.ts']])],
          ['b', new Map([['c', 'b/x.ts']])],
          ['c', new Map([['a', 'c/x.ts']])],
        ]),
      ),
    ).toEqual([['a', 'b', 'c', 'a']]);
    const dir = features('acyclic', {
      'a/x.tsx': "import { y } from '../b/y';\nconst lazy = () => import('../c/z');\n",
      'b/y.ts': "import { z } from '../c/z';\nexport const y = z;\n",
      'c/z.ts': 'export const z = 1;\n',
      // Tests may use whatever they check.
      'c/z.test.ts': "import { y } from '../b/y';\n",
    });
    expect(cyclesOf(featureGraph(dir))).toEqual([]);
  });

  it('finds none in the API and the web app as they are', () => {
    for (const dir of ['apps/api/src/features', 'apps/web/src/features']) {
      expect(cyclesOf(featureGraph(path.join(repoRoot, dir))), dir).toEqual([]);
    }
  });
});

describe('the web boundaries lint keeps', () => {
  const eslint = new ESLint({ cwd: repoRoot });
  const rulesBroken = async (file: string, source: string) => {
    const filePath = path.join(repoRoot, 'apps/web/src/features', file);
    const [result] = await eslint.lintText(`export * from '${source}';\n`, { filePath });
    return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
  };

  it('refuses every feature, the ones added last too, another feature’s files', async () => {
    for (const file of ['account/probe.ts', 'legal/probe.ts', 'wallet/probe.ts']) {
      expect(await rulesBroken(file, '../profile/api/get-profile'), file).toEqual([
        'import-x/no-restricted-paths',
      ]);
    }
    expect(await rulesBroken('profile/probe.ts', './api/get-profile')).toEqual([]);
    // The first lint loads every plugin and the typed configuration: seconds on a busy machine.
  }, 60_000);
});
