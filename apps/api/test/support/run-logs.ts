import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One folder per run of the integration suite (made by global-setup.ts): every test server
 * appends its log lines to it, and the people fixtures record every phone number and e-mail
 * address they make up. When the run ends, no log line may hold any of them.
 */
export const RUN_LOG_DIR_ENV = 'API_TEST_RUN_LOG_DIR';

const LOG_FILE = 'server.log';
const PERSONAL_DATA_FILE = 'personal-data.txt';

const runDir = (): string | undefined => process.env[RUN_LOG_DIR_ENV] || undefined;

/**
 * The logger's own clock readings: when a line was written and how long the request took. They
 * are long runs of digits that a made-up phone number or one-time code can match by chance
 * (1795704782004 holds the phone number 5704782004), and never carry a person's data.
 */
const CLOCK_FIELDS = /"(time|responseTime)":-?[\d.]+(?:e[+-]?\d+)?/g;

/** A log line with the logger's clock readings blanked, for the checks on what reached the logs. */
export function withoutClockFields(line: string): string {
  return line.replace(CLOCK_FIELDS, '"$1":0');
}

/** Appends a test server's log output to the run's log. */
export function appendRunLog(chunk: string): void {
  const dir = runDir();
  if (dir) appendFileSync(path.join(dir, LOG_FILE), chunk);
}

/** Records a phone number or e-mail address a fixture made up, for the end-of-run check. */
export function recordPersonalData(value: string): void {
  const dir = runDir();
  if (dir) appendFileSync(path.join(dir, PERSONAL_DATA_FILE), `${value}\n`);
}

const EMAIL = /[\w.%+'-]+@[\w-]+(?:\.[\w-]+)+/g;
/** A run of digits, maybe written with the separators of a phone number: (202) 555-0143. */
const DIGITS = /\d[\d\s().+-]*\d/g;

/** Every ten-digit stretch of every number in `line`, however it was written. */
function tenDigitStretches(line: string): Set<string> {
  const found = new Set<string>();
  for (const [run] of line.matchAll(DIGITS)) {
    const digits = run.replace(/\D/g, '');
    for (let i = 0; i + 10 <= digits.length; i += 1) found.add(digits.slice(i, i + 10));
  }
  return found;
}

export interface Leak {
  value: string;
  line: string;
}

/** The recorded phone numbers and e-mail addresses that appear in the run's logs. */
export function findLeaks(dir: string): Leak[] {
  const logFile = path.join(dir, LOG_FILE);
  const dataFile = path.join(dir, PERSONAL_DATA_FILE);
  if (!existsSync(logFile) || !existsSync(dataFile)) return [];
  const recorded = readFileSync(dataFile, 'utf8').split('\n').filter(Boolean);
  const emails = new Set(recorded.filter((v) => v.includes('@')).map((v) => v.toLowerCase()));
  const phones = new Set(recorded.filter((v) => !v.includes('@')).map((v) => v.replace(/\D/g, '')));
  const leaks: Leak[] = [];
  for (const written of readFileSync(logFile, 'utf8').split('\n')) {
    const line = withoutClockFields(written);
    for (const [email] of line.matchAll(EMAIL)) {
      if (emails.has(email.toLowerCase())) leaks.push({ value: email, line });
    }
    for (const digits of tenDigitStretches(line)) {
      if (phones.has(digits)) leaks.push({ value: digits, line });
    }
  }
  return leaks;
}
