import { readFileSync } from 'node:fs';
import { SourceMap } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * Stack traces that name the TypeScript sources of the compiled server, with its source maps read
 * only when a stack is first written out.
 *
 * `node --enable-source-maps` reads and parses the map of every module as it loads, the installed
 * packages' included: 0.15 to 0.25 s of a start spent on maps most processes never use (ADR 0034).
 * Here a frame is mapped when its stack is formatted (V8 formats a stack on its first read), from
 * the map beside the frame's file, read and parsed once. A frame of a file with no map stays as
 * it is. Logs, error reports and a crash's last words all read `error.stack`.
 */
export function mapStacksToSources(): void {
  // Node's own mapping is on (`--enable-source-maps`): it has already read every map.
  if (process.sourceMapsEnabled) return;
  Error.prepareStackTrace = formatStack;
}

const maps = new Map<string, { map: SourceMap; folder: string } | null>();

/** The source map beside a compiled file (`<file>.map`), or null when there is none. */
function mapOf(file: string): { map: SourceMap; folder: string } | null {
  let found = maps.get(file);
  if (found !== undefined) return found;
  try {
    const payload: unknown = JSON.parse(readFileSync(`${file}.map`, 'utf8'));
    found = {
      map: new SourceMap(payload as ConstructorParameters<typeof SourceMap>[0]),
      folder: path.dirname(file),
    };
  } catch {
    found = null;
  }
  maps.set(file, found);
  return found;
}

/** A frame's location in a compiled file: its path or file URL, line and column. */
const COMPILED_LOCATION = /((?:file:\/\/)?\/[^():]*\.[cm]?js):(\d+):(\d+)/;

/** One frame as V8 writes it, its location in the source where the compiled file has a map. */
export function sourceFrame(frame: string): string {
  const location = COMPILED_LOCATION.exec(frame);
  if (!location) return frame;
  const [whole, where, line, column] = location as unknown as [string, string, string, string];
  const isUrl = where.startsWith('file://');
  let file: string;
  try {
    file = isUrl ? fileURLToPath(where) : where;
  } catch {
    return frame;
  }
  const found = mapOf(file);
  if (!found) return frame;
  // V8 counts lines and columns from 1; source maps from 0.
  const entry = found.map.findEntry(Number(line) - 1, Number(column) - 1);
  if (!('originalSource' in entry) || !entry.originalSource) return frame;
  const source = path.resolve(found.folder, entry.originalSource);
  const named = isUrl ? pathToFileURL(source).href : source;
  const mapped = `${named}:${entry.originalLine + 1}:${entry.originalColumn + 1}`;
  return frame.slice(0, location.index) + mapped + frame.slice(location.index + whole.length);
}

/** V8's own format (the error's name and message, then a line a frame), frames mapped. */
function formatStack(error: Error, frames: NodeJS.CallSite[]): string {
  let heading: string;
  try {
    heading = Error.prototype.toString.call(error);
  } catch {
    heading = '<error>';
  }
  let stack = heading;
  for (const frame of frames) stack += `\n    at ${sourceFrame(String(frame))}`;
  return stack;
}
