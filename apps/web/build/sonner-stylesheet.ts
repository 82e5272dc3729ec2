import type { Plugin } from 'vite';

/** Sonner's module, as the build resolves it. */
const SONNER_MODULE = /[\\/]node_modules[\\/]sonner[\\/]dist[\\/]index\.m?js$/;
/** The one statement with which sonner writes its stylesheet into a `<style>` element. */
const INSERTED_STYLES = /__insertCSS\("(?:[^"\\]|\\.)*"\);?/;

/**
 * Sonner writes its stylesheet into a `<style>` element when its module loads. The page's
 * Content-Security-Policy allows styles from the app's own files only (`style-src 'self'`), so
 * the browser refuses that element and reports a violation, and every toast renders unstyled,
 * out of place, below the page. The build takes that statement out; the toaster imports the same
 * stylesheet as a file (`sonner/dist/styles.css`, components/sonner-toaster.tsx), which the page
 * loads with the toaster's chunk. The dev server and the unit tests keep sonner as it is.
 */
export function sonnerStylesheetAsFile(): Plugin {
  return {
    name: 'refund:sonner-stylesheet-as-file',
    apply: 'build',
    transform(code, id) {
      if (!SONNER_MODULE.test(id)) return null;
      const without = stripInsertedStyles(code);
      if (without === null) {
        this.error(
          'sonner no longer writes its stylesheet with __insertCSS: check that toasts are styled under the CSP (build/sonner-stylesheet.ts)',
        );
      }
      return { code: without, map: null };
    },
  };
}

/** The module's code without its inserted stylesheet, or null when it has none to take out. */
export function stripInsertedStyles(code: string): string | null {
  return INSERTED_STYLES.test(code) ? code.replace(INSERTED_STYLES, '') : null;
}
