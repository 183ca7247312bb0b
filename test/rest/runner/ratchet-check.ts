/**
 * One run of the conformance ratchet as an ava assertion: start a node (optionally with its shard
 * messages sent through an encoding), run the listed REST YAML tests against it, and fail
 * naming every listed test that no longer passes. Used by test/rest/conformance.test.ts (run by
 * `npm test` direct, then with every shard message through the protobuf schema).
 */
import type { ExecutionContext } from 'ava';
import { runTests } from './run-tests.js';
import { startLocalNode } from './local-node.js';

/** Runs `ids` of the suite at `suiteRoot` and asserts that every one passes. */
export async function checkListedTests(t: ExecutionContext, suiteRoot: string, ids: readonly string[], shardClientMode?: 'direct' | 'json' | 'protobuf'): Promise<void> {
  if (ids.length === 0) {
    t.log('passing.txt is empty: nothing to check yet');
    t.pass();
    return;
  }
  const node = await startLocalNode({}, shardClientMode);
  let results;
  try {
    // Listed tests are fast when they pass; bound a hanging server so the ratchet stays short.
    // One listed test (bulk/20_list_of_strings: create with wait_for_active_shards=all on one
    // node) waits out ES's 30 s default timeout by design, hence 45 s per test, 40 s per request.
    results = await runTests({ url: node.url, suiteRoot, testIds: [...ids], testTimeoutMs: 45_000, requestTimeoutMs: 40_000, budgetMs: 240_000 });
  } finally {
    await node.close();
  }
  const failed = results.filter((r) => r.status !== 'pass').map((r) => `${r.status.toUpperCase()} ${r.id}\n    ${r.message ?? ''}`);
  const mode = shardClientMode && shardClientMode !== 'direct' ? ` (shard messages through ${shardClientMode})` : '';
  t.deepEqual(failed, [], `${failed.length} of ${ids.length} listed tests no longer pass${mode}:\n${failed.join('\n')}`);
  t.is(results.length, ids.length);
}
