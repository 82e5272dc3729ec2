import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Read once per process: the web config and the root config both ask, at load. */
const found = new Map<string, string[]>();

/**
 * The web test files that replace one of the app's modules (`vi.mock`). Such a mock only takes
 * where the module is loaded afresh, so these files run each in a fresh copy of the modules (the
 * `web-module-mocks` project), and every other file shares its worker's copy (the `web` project).
 * Paths are relative to apps/web, as the projects' `include` reads them.
 */
export function filesMockingModules(webRoot: string): string[] {
  const root = resolve(webRoot);
  let files = found.get(root);
  if (!files) {
    files = readMockingFiles(root);
    found.set(root, files);
  }
  return files;
}

function readMockingFiles(webRoot: string): string[] {
  return ['src', 'build']
    .flatMap((folder) =>
      readdirSync(join(webRoot, folder), { recursive: true, encoding: 'utf8' }).map((file) =>
        join(folder, file),
      ),
    )
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => /\bvi\.(do)?mock\(/.test(readFileSync(join(webRoot, file), 'utf8')))
    .map((file) => file.split('\\').join('/'))
    .sort();
}
