import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { appendRunLog, findLeaks, recordPersonalData, RUN_LOG_DIR_ENV } from './run-logs';

describe("the end-of-run check of the API's logs", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'run-logs-test-'));
    process.env[RUN_LOG_DIR_ENV] = dir;
  });
  afterEach(() => {
    delete process.env[RUN_LOG_DIR_ENV];
    rmSync(dir, { recursive: true, force: true });
  });

  const line = (fields: Record<string, unknown>) => `${JSON.stringify(fields)}\n`;

  it('finds a recorded phone number however the line wrote it', () => {
    recordPersonalData('2025550143');
    appendRunLog(line({ time: 1795704782004, msg: 'texting (202) 555-0143' }));
    expect(findLeaks(dir).map((leak) => leak.value)).toEqual(['2025550143']);
  });

  it('finds a recorded e-mail address in any case', () => {
    recordPersonalData('person.abc@example.com');
    appendRunLog(line({ msg: 'mailing Person.ABC@example.com' }));
    expect(findLeaks(dir).map((leak) => leak.value)).toEqual(['Person.ABC@example.com']);
  });

  it("does not take the logger's clock readings for a phone number", () => {
    recordPersonalData('5704782004');
    appendRunLog(
      line({ time: 1795704782004, responseTime: 0.45704782004, msg: 'request completed' }),
    );
    expect(findLeaks(dir)).toEqual([]);
  });

  it('still finds a phone number written in a field named like a clock reading elsewhere', () => {
    recordPersonalData('5704782004');
    appendRunLog(line({ time: 1795704782004, body: { time: '5704782004' } }));
    expect(findLeaks(dir).map((leak) => leak.value)).toEqual(['5704782004']);
  });
});
