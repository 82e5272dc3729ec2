import { pino, type Logger } from 'pino';

export interface RecordedLog {
  level: number;
  msg: string;
  [field: string]: unknown;
}

/** A real pino logger writing to memory, so tests assert on the JSON lines production emits. */
export function recordingLogger(): { logger: Logger; lines: RecordedLog[]; raw: string[] } {
  const raw: string[] = [];
  const lines: RecordedLog[] = [];
  const logger = pino(
    { level: 'trace' },
    {
      write(line: string) {
        raw.push(line);
        lines.push(JSON.parse(line) as RecordedLog);
      },
    },
  );
  return { logger, lines, raw };
}

/** pino's numeric levels, named for readable assertions. */
export const levels = { info: 30, warn: 40 } as const;
