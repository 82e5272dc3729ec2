import type { Rollup } from 'vite';

type GetModuleInfo = Rollup.GetModuleInfo;

/** Every module `from` imports statically, transitively, itself included. */
function staticGraph(getModuleInfo: GetModuleInfo, from: string): Set<string> {
  const seen = new Set<string>();
  const stack = [from];
  while (stack.length > 0) {
    const id = stack.pop() as string;
    if (seen.has(id)) continue;
    seen.add(id);
    stack.push(...(getModuleInfo(id)?.importedIds ?? []));
  }
  return seen;
}

/** Shared code under this size (as Rollup has it, before minifying) is not worth a request. */
const SMALL_SHARED_BYTES = 4096;

/**
 * Rollup's `manualChunks` for the first files a page loads. Left to itself, Rollup puts every
 * module two screens share in a chunk of its own, so a landing screen (see preload-plan.ts)
 * arrives in a dozen files of a kilobyte each, and a phone's connection spends more on asking for
 * them than on their bytes. Here the entry's modules make the entry chunk, the app's start the
 * app chunk, and each landing screen's code beyond those its own chunk. What several landing
 * screens share makes a chunk for just those screens (landing-home-claim), so that a screen
 * loads and runs no code only the others need, such as the schemas of a refund's claim on the
 * sign-in screen; when that is only a few kilobytes, it goes with the app instead. Every other
 * module stays where Rollup puts it, except the modules `apart` matches: they make a chunk of
 * their own (`apart.chunk`) wherever they are imported from. That is code the app loads only when
 * it needs it (the schemas, see lib/lazy-resolver.ts), which must not sit in a landing screen's
 * chunk, or loading it would bring that screen's code too; nor be left to Rollup, which adds the
 * modules a manual chunk imports to it.
 * `entry`, `start` and the `landing` screens (by name) are modules as their paths end.
 */
export function landingChunks(
  entry: string,
  start: string,
  landing: Record<string, string>,
  { apart }: { apart?: { chunk: string; modules: RegExp } } = {},
) {
  let owners = new Map<string, string>();
  let ownersOf: GetModuleInfo | null = null;

  function assign(getModuleInfo: GetModuleInfo, ids: Iterable<string>): Map<string, string> {
    const all = [...ids];
    const graphOf = (suffix: string) => {
      const id = all.find((candidate) => candidate.endsWith(suffix));
      if (!id) throw new Error(`landingChunks: no module ${suffix}`);
      return staticGraph(getModuleInfo, id);
    };
    const owner = new Map<string, string>();
    for (const id of graphOf(entry)) owner.set(id, 'index');
    for (const id of graphOf(start)) if (!owner.has(id)) owner.set(id, 'app');
    const neededBy = new Map<string, string[]>();
    for (const [name, module] of Object.entries(landing)) {
      for (const id of graphOf(module)) {
        if (!owner.has(id)) neededBy.set(id, [...(neededBy.get(id) ?? []), name]);
      }
    }
    // What several screens share, by the screens sharing it; too little of it to be worth a
    // request of its own goes with the app, which every page loads anyway.
    const shared = new Map<string, string[]>();
    for (const [id, names] of neededBy) {
      if (names.length === 1) owner.set(id, `landing-${names[0]}`);
      else {
        const chunk = `landing-${names.join('-')}`;
        shared.set(chunk, [...(shared.get(chunk) ?? []), id]);
      }
    }
    for (const [chunk, ids] of shared) {
      const bytes = ids.reduce((sum, id) => sum + (getModuleInfo(id)?.code?.length ?? 0), 0);
      for (const id of ids) owner.set(id, bytes < SMALL_SHARED_BYTES ? 'app' : chunk);
    }
    return owner;
  }

  return (id: string, { getModuleIds, getModuleInfo }: Rollup.ManualChunkMeta) => {
    // Worked out once per build, on the first call, when the module graph is complete.
    if (ownersOf !== getModuleInfo) {
      owners = assign(getModuleInfo, getModuleIds());
      ownersOf = getModuleInfo;
    }
    return apart?.modules.test(id) ? apart.chunk : owners.get(id);
  };
}
