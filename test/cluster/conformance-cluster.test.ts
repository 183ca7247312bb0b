/**
 * The list of the conformance ratchet against a 3-node cluster (`npm run test:rest:cluster`:
 * `node dist/scripts/rest-test.js --cluster 3 --passing`, docs/cluster.md): the tests it leaves
 * out of passing.txt are listed ones, not excluded everywhere, each with a reason. The run itself
 * is the last step of `npm test` (package.json), a command of its own rather than an ava test: it
 * takes 4–11 min on the shared 2-core machine and has no time budget to run out of there.
 */
import test from 'ava';
import { excludedListPath, passingListPath } from '../rest/runner/project-paths.js';
import { readExcludedList, readPassingList } from '../rest/runner/ratchet.js';
import { clusterExcludedListPath } from '../rest/runner/cluster-ratchet.js';

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
