import type { Plugin, Rollup } from 'vite';

/** V8's explicit compile hint for a whole file; it must be the file's first line. */
export const ALL_FUNCTIONS_CALLED_ON_LOAD = '//# allFunctionsCalledOnLoad';

/**
 * Marks the chunks a page runs as soon as they arrive (`chunkNames`: the app's and the landing
 * screens') with V8's explicit compile hint. Chrome then compiles all their functions while the
 * file streams in, off the main thread, instead of one by one when each is first called, on the
 * main thread, while the page starts: on a phone that was most of the time the app took to
 * evaluate. Browsers without the hint read a comment.
 */
export function compileHints(chunkNames: RegExp): Plugin {
  return {
    name: 'refund:compile-hints',
    apply: 'build',
    // After Vite's own changes to the chunks' code.
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        for (const output of Object.values(bundle)) {
          if (output.type !== 'chunk' || !chunkNames.test(output.name)) continue;
          output.code = `${ALL_FUNCTIONS_CALLED_ON_LOAD}\n${output.code}`;
          // One more line at the top: a source map, if any, moves down with the code.
          const map = bundle[`${output.fileName}.map`];
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const parsed = JSON.parse(map.source) as Rollup.SourceMap;
            map.source = JSON.stringify({ ...parsed, mappings: `;${parsed.mappings}` });
          }
        }
      },
    },
  };
}
