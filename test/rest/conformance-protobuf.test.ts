/**
 * The conformance ratchet once more, with every shard message and reply encoded and decoded
 * through the protobuf schema (`shardClientMode: 'protobuf'`, lib/messages/client-modes.ts): a
 * reader, closure, error instance or field the schema does not define that a listed test sends
 * across the shard boundary fails that test here. Skipped when the suite folder is absent.
 * To keep `npm test` short (the ratchet itself takes minutes) this run takes the listed tests of
 * the folders whose requests cross the shard boundary: documents (bulk, index, create, update,
 * delete, get, exists, mget), search (search, aggregations, scroll, count, msearch, explain,
 * validate, by-query) and the shard maintenance and stats APIs; not the metadata-only folders
 * (mappings, aliases, templates, cluster state, cat of metadata, ingest pipelines, mustache).
 * Left out too: the listed test that waits out a 30 s timeout by design (it says nothing about
 * messages). `STRATA_SHARD_CLIENT=protobuf node dist/scripts/rest-test.js --passing` runs all.
 */
import test from 'ava';
import { existsSync } from 'node:fs';
import { passingListPath, suiteRoot } from './runner/project-paths.js';
import { readPassingList } from './runner/ratchet.js';
import { checkListedTests } from './runner/ratchet-check.js';

const root = suiteRoot();
const SLOW_BY_DESIGN = new Set(['bulk/20_list_of_strings.yaml :: List of strings']);
const FOLDERS = new Set([
  ...['bulk', 'index', 'create', 'update', 'delete', 'get', 'get_source', 'exists', 'mget'],
  ...['search', 'search.aggregation', 'scroll', 'count', 'msearch', 'explain', 'indices.validate_query', 'delete_by_query', 'reindex'],
  ...['indices.stats', 'indices.segments', 'indices.clear_cache', 'indices.shard_stores', 'field_stats', 'cat.segments', 'cat.count'],
]);
const ids = readPassingList(passingListPath()).filter((id) => FOLDERS.has(id.slice(0, id.indexOf('/'))) && !SLOW_BY_DESIGN.has(id));

if (!existsSync(root)) {
  test.skip(`REST conformance ratchet through protobuf: suite not found at ${root}`, () => {});
} else {
  test('REST conformance ratchet through the protobuf shard client: every test in passing.txt passes', async (t) => {
    t.timeout(4 * 60_000);
    await checkListedTests(t, root, ids, 'protobuf');
  });
}
