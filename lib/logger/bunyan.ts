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
import { createRequire } from 'node:module';
import type Bunyan from 'bunyan';
import { deferModule } from '../units/deferred-module.js';

const fromHere = createRequire(import.meta.url);
const fromBunyan = createRequire(fromHere.resolve('bunyan'));

// `mv` is a function module: the stand-in is a function calling the real one
deferModule(fromBunyan, 'mv', (load) => (...args: unknown[]): unknown => (load() as (...a: unknown[]) => unknown)(...args));

/** The bunyan module (`import bunyan from 'bunyan'`), its `mv` deferred. */
const bunyan = fromHere('bunyan') as typeof Bunyan;
export default bunyan;
