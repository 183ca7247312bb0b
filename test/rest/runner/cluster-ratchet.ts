/**
 * The conformance ratchet against a cluster: the tests of passing.txt but those that
 * test/conformance/cluster-excluded.tsv lists, each with the reason it cannot hold on several
 * nodes (a single node's view asserted, or a known cluster-mode gap).
 */
import { join } from 'node:path';
import { projectRoot } from './project-paths.js';

/** `test/conformance/cluster-excluded.tsv`. */
export function clusterExcludedListPath(): string {
  return join(projectRoot(), 'test', 'conformance', 'cluster-excluded.tsv');
}

/** The listed ids the cluster ratchet runs: `passing` without the cluster exclusions. */
export function clusterSubset(passing: readonly string[], excluded: ReadonlyMap<string, string>): string[] {
  return passing.filter((id) => !excluded.has(id));
}
