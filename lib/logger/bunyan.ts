/**
 * bunyan, Strata's logger, loaded without its `mv` dependency until something calls it.
 *
 * bunyan requires `mv` when it is loaded, for its rotating-file stream only (which Strata never
 * creates); `mv` brings rimraf, glob, minimatch and brace-expansion, half of bunyan's import
 * (bunyan alone: 48–60 ms of CPU, 23–28 ms with `mv` deferred, same minute, load ~14). Here `mv`
 * is a stand-in in the CommonJS module cache (Node documents `require.cache` entries as
 * replaceable) that loads the real module the first time it is called, so a rotating-file stream
 * still works and any other code of the process requiring `mv` gets the real one.
 * Nothing in node_modules is changed.
 */
import Module, { createRequire } from 'node:module';
import type Bunyan from 'bunyan';

const fromHere = createRequire(import.meta.url);
const fromBunyan = createRequire(fromHere.resolve('bunyan'));

/** Put a stand-in for `mv` (a function module) in the cache, unless it is loaded already. */
function deferMv(): void {
  let path: string;
  try {
    path = fromBunyan.resolve('mv');
  } catch {
    return; // bunyan runs without mv (it catches the failed require itself)
  }
  if (fromBunyan.cache[path] !== undefined) return;
  const standIn = new Module(path);
  standIn.filename = path;
  standIn.loaded = true;
  standIn.exports = function mv(...args: unknown[]): unknown {
    if (fromBunyan.cache[path] === standIn) delete fromBunyan.cache[path];
    return (fromBunyan(path) as (...a: unknown[]) => unknown)(...args);
  };
  fromBunyan.cache[path] = standIn;
}

deferMv();

/** The bunyan module (`import bunyan from 'bunyan'`), its `mv` deferred. */
const bunyan = fromHere('bunyan') as typeof Bunyan;
export default bunyan;
