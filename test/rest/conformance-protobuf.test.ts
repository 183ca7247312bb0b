/**
 * The conformance ratchet once more, with every shard message and reply encoded and decoded
 * through the protobuf schema (`shardClientMode: 'protobuf'`, lib/messages/client-modes.ts): a
 * reader, closure, error instance or field the schema does not define that a listed test sends
 * across the shard boundary fails that test here. Skipped when the suite folder is absent.
 * Left out: the listed tests that wait out a 30 s timeout by design (they say nothing about
 * messages and would double the run).
 */
import test from 'ava';
import { existsSync } from 'node:fs';
import { passingListPath, suiteRoot } from './runner/project-paths.js';
import { readPassingList } from './runner/ratchet.js';
import { checkListedTests } from './runner/ratchet-check.js';

const root = suiteRoot();
const SLOW_BY_DESIGN = new Set(['bulk/20_list_of_strings.yaml :: List of strings']);
const ids = readPassingList(passingListPath()).filter((id) => !SLOW_BY_DESIGN.has(id));

if (!existsSync(root)) {
  test.skip(`REST conformance ratchet through protobuf: suite not found at ${root}`, () => {});
} else {
  test('REST conformance ratchet through the protobuf shard client: every test in passing.txt passes', async (t) => {
    t.timeout(4 * 60_000);
    await checkListedTests(t, root, ids, 'protobuf');
  });
}
