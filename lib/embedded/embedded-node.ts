/**
 * Strata as a library, for test suites: a node on a random loopback port, in memory, with a
 * fixtures folder loaded and a `reset()` back to it between tests. `bin/strata --memory
 * --fixtures` is the same thing for harnesses in other languages.
 */
import { startNode as startCoreNode, type RunningNode, type StartNodeOptions } from '../node.js';
import type { FixtureLoadReport } from './fixture-loader.js';
import type { FixtureState, ResetReport } from './fixture-reset.js';

export interface EmbeddedNodeOptions extends StartNodeOptions {
  /** A fixtures folder (layout in lib/embedded/fixture-files.ts and the README), loaded before the promise resolves. */
  fixtures?: string;
}

export interface EmbeddedNode extends RunningNode {
  /** What loading the fixtures did (zeros without fixtures). */
  readonly fixtures: FixtureLoadReport;
  /**
   * Put every index, template, pipeline and stored script back to the state the fixtures left
   * (a memory node only; throws on a node with a data directory). Run it between tests, not
   * while requests are in flight.
   */
  reset(): Promise<ResetReport>;
}

/**
 * Start a node, load `opts.fixtures`, and resolve once it serves. `port` defaults to 0 (a free
 * port, unless the `http.port` setting names one; read `url` or `port`) and `host` to 127.0.0.1. Rejects, with the node closed again, when
 * a fixture is refused (a `FixtureError` naming its file and line).
 */
export async function startNode(opts: EmbeddedNodeOptions): Promise<EmbeddedNode> {
  const { fixtures, ...core } = opts;
  // A test wants a free port, not ES's 9200, unless `http.port` says otherwise.
  const port = core.port ?? (core.settings?.['http.port'] !== undefined ? undefined : 0);
  const node = await startCoreNode({ ...core, ...(port !== undefined ? { port } : {}) });
  let report: FixtureLoadReport = { requests: 0, documents: 0, tookMs: 0 };
  let state: FixtureState | undefined;
  try {
    // Imported here: a node with a data directory never needs them (start time, docs/benchmarks.md "Start and footprint").
    if (fixtures !== undefined) report = await (await import('./fixture-loader.js')).loadFixtures(node.url, fixtures);
    if (opts.memory) {
      state = await (await import('./fixture-reset.js')).FixtureState.capture(node);
      node.context.reset = () => state!.reset();
    }
  } catch (err) {
    await node.close().catch(() => undefined);
    throw err;
  }
  return {
    ...node,
    fixtures: report,
    reset() {
      if (state === undefined) return Promise.reject(new Error('reset needs a node started with [memory: true]'));
      return state.reset();
    },
  };
}
