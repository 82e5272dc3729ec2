#!/usr/bin/env node
// Cycles between feature folders, which the module-level import-x/no-cycle cannot see: feature A
// importing B while B (any file of it) imports A. Run by `npm run lint` for the API and the web app.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const IMPORT =
  /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

/** The folders of `dir`: its features. */
export function featuresIn(dir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

function sourceFiles(dir) {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .filter((entry) => !/\.test\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/**
 * Which features each feature of `featuresDir` imports (relative imports only; tests left out:
 * a test may use whatever it checks). Answers feature -> Map(other feature -> first file seen).
 */
export function featureGraph(featuresDir) {
  const graph = new Map(featuresIn(featuresDir).map((name) => [name, new Map()]));
  for (const feature of graph.keys()) {
    for (const file of sourceFiles(path.join(featuresDir, feature))) {
      for (const match of readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const source = match[1] ?? match[2];
        if (!source?.startsWith('.')) continue;
        const target = path.relative(featuresDir, path.resolve(path.dirname(file), source));
        const [other] = target.split(path.sep);
        if (!other || other.startsWith('..') || other === feature || !graph.has(other)) continue;
        if (!graph.get(feature).has(other)) {
          graph.get(feature).set(other, path.relative(featuresDir, file));
        }
      }
    }
  }
  return graph;
}

/** Every cycle of the graph (feature -> Iterable of features), each once, as a list of names. */
export function cyclesOf(graph) {
  const edges = new Map([...graph].map(([name, to]) => [name, [...to.keys()].sort()]));
  const cycles = [];
  const seen = new Set();
  const names = [...edges.keys()].sort();
  for (const start of names) {
    // Cycles through `start` using only features after it in order, so each is found once.
    const stack = [[start, [start]]];
    while (stack.length > 0) {
      const [at, trail] = stack.pop();
      for (const next of edges.get(at) ?? []) {
        if (next === start) {
          const key = trail.join('>');
          if (!seen.has(key)) {
            seen.add(key);
            cycles.push([...trail, start]);
          }
        } else if (next > start && !trail.includes(next)) {
          stack.push([next, [...trail, next]]);
        }
      }
    }
  }
  return cycles;
}

const roots = {
  api: 'apps/api/src/features',
  web: 'apps/web/src/features',
};

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  let failed = false;
  for (const [side, dir] of Object.entries(roots)) {
    const graph = featureGraph(path.join(repo, dir));
    for (const cycle of cyclesOf(graph)) {
      failed = true;
      const steps = cycle
        .slice(0, -1)
        .map((from, i) => `${from} -> ${cycle[i + 1]} (${graph.get(from).get(cycle[i + 1])})`);
      console.error(`${side}: features import each other in a cycle:\n  ${steps.join('\n  ')}`);
    }
  }
  if (failed) process.exit(1);
  console.log('No cycles between feature folders (api, web).');
}
