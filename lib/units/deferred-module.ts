/**
 * A CommonJS dependency loaded the first time it is used instead of when its parent loads: a
 * stand-in `Module` in the require cache (Node documents `require.cache` entries as replaceable)
 * whose exports, built by `exportsOf(load)`, call `load()` to put the real module in its place.
 * Any other code of the process requiring it then gets the real one; nothing in node_modules is
 * changed. Used for restify's `spdy` (api/restify-server.ts) and bunyan's `mv` (lib/logger/bunyan.ts).
 */
import Module from 'node:module';

/**
 * Defer `id` as `from` resolves it. Nothing happens when it is loaded already or cannot be
 * resolved (the parent then handles the missing module itself).
 */
export function deferModule(from: NodeJS.Require, id: string, exportsOf: (load: () => unknown) => unknown): void {
  let path: string;
  try {
    path = from.resolve(id);
  } catch {
    return;
  }
  if (from.cache[path] !== undefined) return;
  const standIn = new Module(path);
  let real: unknown;
  const load = (): unknown => {
    if (real === undefined) {
      if (from.cache[path] === standIn) delete from.cache[path];
      real = from(path);
    }
    return real;
  };
  standIn.filename = path;
  standIn.loaded = true;
  standIn.exports = exportsOf(load);
  from.cache[path] = standIn;
}
