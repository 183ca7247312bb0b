/**
 * The list of the conformance ratchet against a 3-node cluster (`npm run test:rest:cluster`:
 * `node dist/scripts/rest-test.js --cluster 3 --passing`, docs/cluster.md): the tests it leaves
 * out of passing.txt are listed ones, not excluded everywhere, each with a reason. The run itself
 * is not part of `npm test`: 5.7 min at load average ~18 and over its 10 min budget at ~30 on
 * the shared 2-core machine, on top of the ~14 min suite.
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
