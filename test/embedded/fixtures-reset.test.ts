/**
 * The embedded node (lib/index.ts `startNode`) over HTTP: a memory node loads the example
 * fixtures folder (templates, pipelines, stored scripts, indices, a `_bulk` file and elasticdump
 * output), and `reset()` / `POST /_strata/reset` put it back after writes, deletes, new indices,
 * new templates and changed stored scripts.
 */
import test from 'ava';
import { join } from 'node:path';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import bunyan from 'bunyan';
import { startNode, type EmbeddedNode } from '../../lib/index.js';
import { PROJECT_ROOT, request } from '../helpers/node.js';

const FIXTURES = join(PROJECT_ROOT, 'examples', 'fixtures');

async function withNode(t: { teardown(fn: () => Promise<void>): void }, settings: Record<string, string> = {}): Promise<EmbeddedNode> {
  const node = await startNode({ memory: true, logger: false, fixtures: FIXTURES, settings });
  t.teardown(() => node.close());
  return node;
}

const ids = (body: any): string[] => body.hits.hits.map((h: any) => h._id).sort();

test('fixtures load through the node: templates, pipelines, scripts, indices, bulk and elasticdump files', async (t) => {
  const node = await withNode(t);
  t.deepEqual(node.fixtures.documents, 4 + 3 + 2);
  // alias from indices/books.json, pipeline from pipelines/shelve.json applied by the bulk action
  const books = await request(node.url, 'GET', '/library/_search?q=genre:scifi');
  t.is(books.status, 200);
  t.deepEqual(ids(books.body), ['1', '3']);
  const dune = await request(node.url, 'GET', '/books/book/3');
  t.deepEqual(dune.body._source, { title: 'Dune', author: 'Frank Herbert', genre: 'scifi', year: 1965, likes: 200, shelf: 'scifi-shelf' });
  // elasticdump mapping + data
  const mapping = await request(node.url, 'GET', '/authors/_mapping');
  t.deepEqual(mapping.body.authors.mappings.author.properties.born, { type: 'integer' });
  const authors = await request(node.url, 'GET', '/authors/_search?q=bio:dune');
  t.deepEqual(ids(authors.body), ['herbert']);
  // the template shaped logs-2017.06: one shard, `level` a keyword
  const logs = await request(node.url, 'GET', '/logs-2017.06/_settings');
  t.is(logs.body['logs-2017.06'].settings.index.number_of_shards, '1');
  const warn = await request(node.url, 'GET', '/logs-*/_search?q=level:warn');
  t.deepEqual(ids(warn.body), ['2']);
  // the stored script
  const scored = await request(node.url, 'POST', '/books/_search', {
    query: { function_score: { query: { term: { author: 'Frank Herbert' } }, script_score: { script: { stored: 'popularity', params: { factor: 2 } } }, boost_mode: 'replace' } },
  });
  t.is(scored.body.hits.hits[0]._score, 400);
});

test('reset() puts documents, indices, templates and stored scripts back to the fixture state', async (t) => {
  const node = await withNode(t);
  const u = node.url;
  t.is((await request(u, 'PUT', '/books/book/5?refresh=true', { title: 'Neuromancer', genre: 'scifi', likes: 1 })).status, 201);
  t.is((await request(u, 'DELETE', '/books/book/1?refresh=true')).status, 200);
  t.is((await request(u, 'POST', '/books/book/3/_update?refresh=true', { doc: { likes: 0 } })).status, 200);
  t.is((await request(u, 'DELETE', '/authors')).status, 200);
  t.is((await request(u, 'PUT', '/scratch', {})).status, 200);
  t.is((await request(u, 'PUT', '/_template/extra', { template: 'x-*' })).status, 200);
  t.is((await request(u, 'PUT', '/_scripts/popularity', { script: { lang: 'painless', source: '1' } })).status, 200);
  t.is((await request(u, 'POST', '/logs-2017.06/_close')).status, 200);

  const report = await node.reset();
  t.is(report.indices, 3);
  // books and logs were written (logs by its close), authors deleted, scratch created
  t.is(report.restored, 4);
  t.true(report.tookMs >= 0);

  t.deepEqual(ids((await request(u, 'GET', '/books/_search?q=genre:scifi')).body), ['1', '3']);
  const dune = await request(u, 'GET', '/books/book/3');
  t.is(dune.body._source.likes, 200);
  t.is(dune.body._version, 1);
  t.is((await request(u, 'GET', '/authors/author/leguin')).body.found, true);
  const scratch = await request(u, 'GET', '/scratch');
  t.is(scratch.status, 404);
  t.is(scratch.body.error.type, 'index_not_found_exception');
  t.is((await request(u, 'GET', '/_template/extra')).status, 404);
  t.deepEqual((await request(u, 'GET', '/_scripts/popularity')).body.script, { lang: 'painless', code: "doc['likes'].value * params.factor" });
  t.is((await request(u, 'GET', '/logs-2017.06/_count')).body.count, 2);
  // the alias came back with the index
  t.deepEqual(Object.keys((await request(u, 'GET', '/_alias/library')).body), ['books']);
  // and a second round works from the same snapshot; an index only read is not touched
  t.is((await request(u, 'DELETE', '/books')).status, 200);
  t.is((await request(u, 'GET', '/authors/_search?q=born:1920')).body.hits.total, 1);
  t.is((await request(u, 'PUT', '/authors/_mapping/author', { properties: { extra: { type: 'keyword' } } })).status, 200);
  const second = await node.reset();
  t.is(second.restored, 1);
  t.is((await request(u, 'GET', '/books/_count')).body.count, 4);
  // the mapping change rolled back with the cluster state
  t.deepEqual(Object.keys((await request(u, 'GET', '/authors/_mapping')).body.authors.mappings.author.properties).sort(), ['bio', 'born', 'name']);
  // a third reset with nothing changed restores nothing
  t.is((await node.reset()).restored, 0);
});

test('a reset ends the open scrolls: their ids answer search_context_missing_exception', async (t) => {
  const node = await withNode(t);
  const first = await request(node.url, 'POST', '/books/_search?scroll=1m', { size: 1, query: { match_all: {} } });
  t.is(first.status, 200);
  t.is(first.body.hits.hits.length, 1);
  await node.reset();
  const next = await request(node.url, 'POST', '/_search/scroll', { scroll: '1m', scroll_id: first.body._scroll_id });
  t.is(next.status, 404);
  t.is(next.body.error.root_cause[0].type, 'search_context_missing_exception');
  // a scroll started after the reset reads the restored data
  const again = await request(node.url, 'POST', '/books/_search?scroll=1m', { size: 10, query: { match_all: {} } });
  t.is(again.body.hits.total, 4);
});

test('an index closed and reopened on a memory node keeps its documents; a deleted one leaves nothing', async (t) => {
  const node = await startNode({ memory: true, logger: false });
  t.teardown(() => node.close());
  const u = node.url;
  await request(u, 'PUT', '/m', { settings: { number_of_shards: 2 } });
  await request(u, 'PUT', '/m/t/1', { a: 1 });
  await request(u, 'PUT', '/m/t/2?refresh=true', { a: 2 });
  t.is((await request(u, 'POST', '/m/_close')).status, 200);
  t.is((await request(u, 'POST', '/m/_open')).status, 200);
  t.is((await request(u, 'GET', '/m/_count')).body.count, 2);
  t.is((await request(u, 'GET', '/m/t/2')).body._source.a, 2);
  await request(u, 'DELETE', '/m');
  await request(u, 'PUT', '/m', {});
  t.is((await request(u, 'GET', '/m/_count')).body.count, 0);
  // nothing was written under the (virtual) data path, and node stats say so honestly
  t.false(existsSync('/(memory)'));
  const fs = (await request(u, 'GET', '/_nodes/stats/fs')).body.nodes[node.context.nodeId].fs;
  t.deepEqual(fs.total, { total_in_bytes: -1, free_in_bytes: -1, available_in_bytes: -1 });
  const alloc = await request(u, 'GET', '/_cat/allocation?format=json&bytes=b');
  t.is(alloc.status, 200);
  t.is(alloc.body[0]['disk.total'], null);
});

test('POST /_strata/reset answers only when strata.reset.enabled is true', async (t) => {
  const off = await withNode(t);
  const refused = await request(off.url, 'POST', '/_strata/reset');
  t.is(refused.status, 400);
  t.is(refused.body.error.type, 'illegal_argument_exception');
  t.is((await request(off.url, 'GET', '/books/_count')).body.count, 4);

  const on = await withNode(t, { 'strata.reset.enabled': 'true' });
  await request(on.url, 'DELETE', '/books/book/1?refresh=true');
  const res = await request(on.url, 'POST', '/_strata/reset');
  t.is(res.status, 200);
  t.is(res.body.acknowledged, true);
  t.is(res.body.indices, 3);
  t.is(res.body.restored, 1);
  t.is((await request(on.url, 'GET', '/books/_count')).body.count, 4);

  const bad = await t.throwsAsync(startNode({ memory: true, logger: false, settings: { 'strata.reset.enabled': 'yes' } }));
  t.is(bad?.message, 'Failed to parse value [yes] as only [true] or [false] are allowed.');
});

test('a caller\'s own bunyan logger receives the node\'s logs', async (t) => {
  const ring = new bunyan.RingBuffer({ limit: 100 });
  const logger = bunyan.createLogger({ name: 'app', streams: [{ level: 'info', type: 'raw', stream: ring }] });
  const node = await startNode({ memory: true, logger });
  t.teardown(() => node.close());
  const started = ring.records.find((r: { msg?: string }) => r.msg === 'started') as { port?: number; name?: string } | undefined;
  t.is(started?.port, node.port);
  t.is(started?.name, 'app');
});

test('reset() on a node with a data directory is refused, and dataPath with memory is refused', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'strata-embed-'));
  const disk = await startNode({ dataPath: dir, logger: false });
  t.teardown(async () => {
    await disk.close();
    await rm(dir, { recursive: true, force: true });
  });
  await t.throwsAsync(disk.reset(), { message: 'reset needs a node started with [memory: true]' });
  await t.throwsAsync(startNode({ memory: true, dataPath: '/tmp/x', logger: false }), { message: 'startNode: [dataPath] and [memory: true] exclude each other' });
  await t.throwsAsync(startNode({ logger: false }), { message: 'startNode: [dataPath] is required unless [memory: true]' });
});
