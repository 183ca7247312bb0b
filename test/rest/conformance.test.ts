/**
 * The conformance ratchet: starts a Strata node in-process on a temporary data directory and
 * runs exactly the REST YAML tests listed in test/conformance/passing.txt; any failure fails
 * this test, listing which. Grow the list with `node dist/scripts/rest-test.js --update`.
 * Skipped (with a message) when the suite folder `../shared/es-rest-tests` is absent.
 */
import test from 'ava';
import { existsSync } from 'node:fs';
import { listSuiteFiles, loadSuiteFile } from './runner/loader.js';
import { excludedListPath, passingListPath, suiteRoot } from './runner/project-paths.js';
import { readExcludedList, readPassingList, sortIds } from './runner/ratchet.js';
import { runTests } from './runner/run-tests.js';
import { startLocalNode } from './runner/local-node.js';
import { parseTestId } from './runner/suite-model.js';

const root = suiteRoot();
const passing = readPassingList(passingListPath());
const excluded = readExcludedList(excludedListPath());

test('passing.txt is sorted, without duplicates, and lists no excluded test', (t) => {
  t.deepEqual(passing, sortIds(passing));
  t.deepEqual(
    passing.filter((id) => excluded.has(id)),
    [],
  );
});

if (!existsSync(root)) {
  test.skip(`REST conformance ratchet: suite not found at ${root}`, () => {});
} else {
  test('every id in passing.txt and excluded.tsv names a test of the suite', (t) => {
    const files = new Set(listSuiteFiles(root));
    const unknown = [...passing, ...excluded.keys()].filter((id) => {
      const { relPath, name } = parseTestId(id);
      return !files.has(relPath) || !loadSuiteFile(root, relPath).tests.some((x) => x.name === name);
    });
    t.deepEqual(unknown, []);
  });

  test('REST conformance ratchet: every test in passing.txt passes', async (t) => {
    t.timeout(4 * 60_000);
    if (passing.length === 0) {
      t.log('passing.txt is empty: nothing to check yet');
      t.pass();
      return;
    }
    const node = await startLocalNode();
    let results;
    try {
      // Listed tests are fast when they pass; bound a hanging server so the ratchet stays short.
      // One listed test (bulk/20_list_of_strings: create with wait_for_active_shards=all on one
      // node) waits out ES's 30 s default timeout by design, hence 45 s per test, 40 s per request.
      results = await runTests({ url: node.url, suiteRoot: root, testIds: passing, testTimeoutMs: 45_000, requestTimeoutMs: 40_000, budgetMs: 240_000 });
    } finally {
      await node.close();
    }
    const failed = results.filter((r) => r.status !== 'pass').map((r) => `${r.status.toUpperCase()} ${r.id}\n    ${r.message ?? ''}`);
    t.deepEqual(failed, [], `${failed.length} of ${passing.length} listed tests no longer pass:\n${failed.join('\n')}`);
    t.is(results.length, passing.length);
  });
}
