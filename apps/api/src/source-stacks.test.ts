import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sourceFrame } from './source-stacks';

const run = promisify(execFile);
const sourceStacks = fileURLToPath(new URL('./source-stacks.ts', import.meta.url));

/**
 * A program compiled as the server is (esbuild, ESM, a linked map without the sources' text),
 * which writes the stack of an error thrown on line 6 of its source, in `refund`.
 */
const program = (
  mapped: boolean,
) => `import { mapStacksToSources } from ${JSON.stringify(sourceStacks)};
${mapped ? 'mapStacksToSources();' : ''}
interface Refund { cents: number }

function refund(value: Refund): number {
  if (value.cents < 0) throw new RangeError('a refund is never negative');
  return value.cents;
}
try {
  refund({ cents: -1 });
} catch (error) {
  process.stdout.write((error as Error).stack ?? '');
}
`;

let folder: string;

async function stackOf(mapped: boolean): Promise<string> {
  const name = mapped ? 'mapped' : 'plain';
  const source = path.join(folder, `${name}.ts`);
  await writeFile(source, program(mapped));
  await build({
    entryPoints: [source],
    outfile: path.join(folder, `${name}.mjs`),
    bundle: true,
    format: 'esm',
    platform: 'node',
    sourcemap: 'linked',
    sourcesContent: false,
    keepNames: true,
    logLevel: 'silent',
  });
  const { stdout } = await run(process.execPath, [path.join(folder, `${name}.mjs`)]);
  return stdout;
}

beforeAll(async () => {
  folder = await mkdtemp(path.join(tmpdir(), 'source-stacks-'));
});
afterAll(async () => {
  await rm(folder, { recursive: true, force: true });
});

describe('stack traces of the compiled server', () => {
  it('name the source file, line and column where the error was thrown', async () => {
    const stack = await stackOf(true);
    expect(stack.split('\n')[0]).toBe('RangeError: a refund is never negative');
    const frame = stack.split('\n')[1];
    expect(frame).toMatch(/^ {4}at refund \(file:\/\/.*\/mapped\.ts:6:30\)$/);
  });

  it('without the mapping, name the compiled file (what the mapping changes)', async () => {
    const stack = await stackOf(false);
    expect(stack.split('\n')[1]).toMatch(/^ {4}at refund \(file:\/\/.*\/plain\.mjs:\d+:\d+\)$/);
  });

  it('leave a frame of a file without a map as it is', () => {
    const frame = 'at handler (file:///nowhere/without-map.js:10:5)';
    expect(sourceFrame(frame)).toBe(frame);
    expect(sourceFrame('at async Promise.all (index 0)')).toBe('at async Promise.all (index 0)');
  });
});
