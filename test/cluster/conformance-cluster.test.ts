/**
 * The conformance ratchet against a 3-node cluster (`node dist/scripts/rest-test.js --cluster 3
 * --passing`): a private etcd member and three node processes, the YAML tests of passing.txt
 * sent to the elected master while the shards and their replicas live on all three, so every shard request,
 * replica write, recovery and metadata update crosses the transport or goes through the master.
 * The tests of test/conformance/cluster-excluded.tsv are left out, each with its reason. Skipped
 * (with a message) when the suite folder is absent, as the single-node ratchet is.
 * Not in the protobuf pass (ava.protobuf.config.js): the node processes' messages between nodes
 * are protobuf frames in both passes.
 */
import test from 'ava';
import { existsSync } from 'node:fs';
import { excludedListPath, passingListPath, suiteRoot } from '../rest/runner/project-paths.js';
import { readExcludedList, readPassingList } from '../rest/runner/ratchet.js';
import { clusterExcludedListPath, clusterSubset } from '../rest/runner/cluster-ratchet.js';
import { runTests } from '../rest/runner/run-tests.js';
import { startLocalCluster } from '../rest/runner/local-cluster.js';

const root = suiteRoot();
const passing = readPassingList(passingListPath());
const clusterExcluded = readExcludedList(clusterExcludedListPath());

test('cluster-excluded.tsv names listed tests only, each with a reason', (t) => {
  const listed = new Set(passing);
  const excluded = readExcludedList(excludedListPath());
  t.deepEqual(
    [...clusterExcluded].filter(([id, why]) => !listed.has(id) || excluded.has(id) || why === '').map(([id]) => id),
    [],
  );
});

if (!existsSync(root)) {
  test.skip(`REST conformance ratchet on 3 nodes: suite not found at ${root}`, () => {});
} else {
  test('REST conformance ratchet on a 3-node cluster: every listed test but the cluster exclusions passes', async (t) => {
    t.timeout(12 * 60_000);
    const ids = clusterSubset(passing, clusterExcluded);
    const started = Date.now();
    const cluster = await startLocalCluster(3);
    t.log(`3 nodes green in ${Date.now() - started} ms`);
    let results;
    try {
      results = await runTests({ url: cluster.url, suiteRoot: root, testIds: ids, testTimeoutMs: 45_000, requestTimeoutMs: 40_000, budgetMs: 10 * 60_000 });
    } finally {
      await cluster.close();
    }
    const failed = results.filter((r) => r.status !== 'pass').map((r) => `${r.status.toUpperCase()} ${r.id}\n    ${r.message ?? ''}`);
    t.log(`${results.length - failed.length} of ${ids.length} passed on 3 nodes (${clusterExcluded.size} left out) in ${Math.round((Date.now() - started) / 1000)} s`);
    t.deepEqual(failed, [], `${failed.length} of ${ids.length} listed tests fail on a 3-node cluster:\n${failed.join('\n')}`);
    t.is(results.length, ids.length);
  });
}
