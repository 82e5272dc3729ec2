/**
 * One figure of a benchmark, with its target and whether this run met it.
 *
 * Every benchmark prints its figures as it goes; `npm run bench` (bench/all.ts) also collects
 * them into one closing table. A benchmark run on its own prints only its own lines. The file a
 * figure is appended to, one JSON object per line, is named by BENCH_REPORT; scripts written in
 * plain JavaScript (the web app's size report) append the same shape.
 */
import { appendFileSync } from 'node:fs';
import { loadavg } from 'node:os';

export interface Figure {
  /** What was measured, as a reader of the README would name it. */
  figure: string;
  /** The measurement, already rounded for reading, with its unit. */
  value: string;
  /** The target in words, or null for a figure reported for context only. */
  target: string | null;
  /** Whether the target was met; null when there is no target. */
  met: boolean | null;
}

export const verdict = (met: boolean | null): string =>
  met === null ? '' : met ? 'MET' : 'NOT MET';

/**
 * Prints the figure and appends it to BENCH_REPORT, its value followed by the machine's 1-minute
 * load average as it is reported, so every figure says how busy the machine was.
 */
export function reportFigure(measured: Figure): void {
  const figure = { ...measured, value: `${measured.value} (load ${loadavg()[0]!.toFixed(2)})` };
  const target = figure.target ? `  (target ${figure.target})` : '';
  process.stdout.write(
    `${figure.figure}: ${figure.value}${target}${figure.met === null ? '' : `  ${verdict(figure.met)}`}\n`,
  );
  const file = process.env.BENCH_REPORT;
  if (file) appendFileSync(file, `${JSON.stringify(figure)}\n`);
}
