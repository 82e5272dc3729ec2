// One figure of a measurement, printed with its target and verdict, and appended as a JSON line
// to the file BENCH_REPORT names (the shape of apps/api/bench/report.ts, which `npm run bench`
// collects).
import { appendFileSync } from 'node:fs';

/** @param {{figure: string, value: string, target: string | null, met: boolean | null}} figure */
export function reportFigure(figure) {
  const target = figure.target ? `  (target ${figure.target})` : '';
  const verdict = figure.met === null ? '' : figure.met ? '  MET' : '  NOT MET';
  process.stdout.write(`${figure.figure}: ${figure.value}${target}${verdict}\n`);
  const file = process.env.BENCH_REPORT;
  if (file) appendFileSync(file, `${JSON.stringify(figure)}\n`);
}
