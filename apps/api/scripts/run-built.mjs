/**
 * Runs one of the API's compiled programs, `dist/<name>.js`, with the arguments that follow its
 * name, after building the API if its sources changed since the last build: the commands in
 * package.json (`npm run ledger:check -w @refund/api`) always run the code as it is now.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { apiDistDir, ensureApiBuilt } from './build.mjs';

const [name, ...args] = process.argv.slice(2);
if (!name) {
  process.stderr.write('usage: node scripts/run-built.mjs <program> [arguments...]\n');
  process.exit(2);
}
await ensureApiBuilt();
const program = path.join(apiDistDir, `${name}.js`);
// The program reads its own arguments from process.argv, as if started on its own.
process.argv = [process.argv[0], program, ...args];
// As `node --enable-source-maps`: stack traces name the TypeScript sources.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(program).href);
