import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { startNodeOptions } from './server-process';

describe('startNodeOptions', () => {
  it("reads Node's options from npm start's script, and this Node accepts them", () => {
    const options = startNodeOptions();
    expect(options).toContain('--no-memory-reducer');
    // An option Node no longer knows would stop `npm start` with "bad option".
    const run = spawnSync(process.execPath, [...options, '-e', 'process.exit(0)'], {
      encoding: 'utf8',
    });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
  });
});
