import type { HtmlTagDescriptor, Plugin, Rollup } from 'vite';

/** The id of index.html's data block listing each landing screen's files (see main.tsx). */
export const LANDING_SCREENS_ELEMENT_ID = 'landing-screens';

export interface PreloadPlan {
  /** The module the entry imports to start the app, as its path ends. */
  start: string;
  /** Screens the app is opened on from outside, by name: their modules, as their paths end. */
  landing: Record<string, string>;
}

const isChunk = (output: Rollup.OutputBundle[string] | undefined): output is Rollup.OutputChunk =>
  output?.type === 'chunk';

/** A chunk's file and every file it imports statically, transitively. */
function staticClosure(bundle: Rollup.OutputBundle, fileName: string, into = new Set<string>()) {
  const chunk = bundle[fileName];
  if (!isChunk(chunk) || into.has(fileName)) return into;
  into.add(fileName);
  for (const imported of chunk.imports) staticClosure(bundle, imported, into);
  return into;
}

function chunkHolding(bundle: Rollup.OutputBundle, module: string): Rollup.OutputChunk {
  const chunk = Object.values(bundle).find(
    (output): output is Rollup.OutputChunk =>
      isChunk(output) && output.moduleIds.some((id) => id.endsWith(module)),
  );
  if (!chunk) throw new Error(`preloadPlan: no chunk holds ${module}`);
  return chunk;
}

/**
 * The entry script paints nothing itself (the boot splash is in index.html) and imports the app;
 * the app then imports the screen the address leads to. Left alone, the browser would discover
 * each of these only once the one before it has downloaded and run. This writes into index.html:
 * - `<link rel="modulepreload">` for the app's files, so they download with the entry;
 * - a JSON data block with the files of each landing screen (beyond the app's), from which the
 *   entry preloads the one for the address (src/app/landing-screens.ts).
 */
export function preloadPlan(plan: PreloadPlan): Plugin {
  let base = '/';
  return {
    name: 'refund:preload-plan',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle, chunk: entry }) {
        if (!bundle || !entry) return html;
        const loaded = staticClosure(bundle, entry.fileName);
        const app = [...staticClosure(bundle, chunkHolding(bundle, plan.start).fileName)].filter(
          (file) => !loaded.has(file),
        );
        app.forEach((file) => loaded.add(file));
        const landing = Object.fromEntries(
          Object.entries(plan.landing).map(([name, module]) => [
            name,
            [...staticClosure(bundle, chunkHolding(bundle, module).fileName)]
              .filter((file) => !loaded.has(file))
              .map((file) => `${base}${file}`),
          ]),
        );
        // Right after the character set, so the browser asks for the app's files (the largest)
        // before anything else.
        const preloads = app
          .map((file) => `\n    <link rel="modulepreload" crossorigin href="${base}${file}" />`)
          .join('');
        const tags: HtmlTagDescriptor[] = [
          {
            tag: 'script',
            attrs: { type: 'application/json', id: LANDING_SCREENS_ELEMENT_ID },
            // Data, not a script: the Content-Security-Policy has nothing to say about it.
            children: JSON.stringify(landing).replaceAll('<', '\\u003c'),
            injectTo: 'body',
          },
        ];
        const first = /<meta charset[^>]*>/i.test(html) ? /<meta charset[^>]*>/i : /<head[^>]*>/i;
        return { html: html.replace(first, (tag) => `${tag}${preloads}`), tags };
      },
    },
  };
}
