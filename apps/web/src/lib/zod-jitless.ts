// Zod compiles a faster parser for each object schema with `new Function`, after probing once
// whether the page allows it. The page's Content-Security-Policy does not (`script-src 'self'`,
// no 'unsafe-eval'), and the browser reports even that caught probe as a violation. Zod is told
// not to try (`jitless`): the web app parses a few forms and answers, where the difference is nil.
//
// Zod keeps its settings on `globalThis.__zod_globalConfig`, so that every copy of it agrees,
// and reads `jitless` as each object schema is made. This runs first in the entry (main.tsx),
// before any schema exists, and sets it there without importing zod, which would otherwise join
// the entry's first download. zod-jitless.test.ts checks that zod still reads it from there.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

export {};
