/**
 * The conformance ratchet: starts a Strata node in-process on a temporary data directory and
 * runs exactly the REST YAML tests listed in test/conformance/passing.txt; any failure fails
 * this test, listing which (`npm test` runs it again with every shard message through the
 * protobuf schema: ava.protobuf.config.js). Grow the list with `node dist/scripts/rest-test.js --update`.
 * Skipped (with a message) when the suite folder `../shared/es-rest-tests` is absent.
 */
import test from 'ava';
import { existsSync } from 'node:fs';
import { listSuiteFiles, loadSuiteFile } from './runner/loader.js';
import { excludedListPath, passingListPath, suiteRoot } from './runner/project-paths.js';
import { readExcludedList, readPassingList, sortIds } from './runner/ratchet.js';
import { checkListedTests } from './runner/ratchet-check.js';
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
    await checkListedTests(t, root, passing);
  });
}
