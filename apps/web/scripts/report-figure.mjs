// One figure of a measurement, printed with its target and verdict, and appended as a JSON line
// to the file BENCH_REPORT names (the shape of apps/api/bench/report.ts, which `npm run bench`
// collects).
import { appendFileSync } from 'node:fs';
import { loadavg } from 'node:os';

/**
 * The value is followed by the machine's 1-minute load average as the figure is reported, unless
 * the caller already gave the load it measured at.
 * @param {{figure: string, value: string, target: string | null, met: boolean | null}} measured
 */
export function reportFigure(measured) {
  const figure = measured.value.includes('(load ')
    ? measured
    : { ...measured, value: `${measured.value} (load ${loadavg()[0].toFixed(2)})` };
  const target = figure.target ? `  (target ${figure.target})` : '';
  const verdict = figure.met === null ? '' : figure.met ? '  MET' : '  NOT MET';
  process.stdout.write(`${figure.figure}: ${figure.value}${target}${verdict}\n`);
  const file = process.env.BENCH_REPORT;
  if (file) appendFileSync(file, `${JSON.stringify(figure)}\n`);
}
