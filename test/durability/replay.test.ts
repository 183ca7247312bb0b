/**
 * Op-log replay re-parses logged sources: a server process takes refreshed and unrefreshed
 * writes (index, update, delete, routing, nested, `_source` excludes) and is SIGKILLed; after a
 * restart, realtime gets return what they returned before the kill, and once refreshed, searches
 * over postings, norms, doc values, stored fields and `_source` answer exactly as a node that
 * took the same writes and never crashed. Also: the op log costs about the source size per
 * document (it logs sources, not analyzed documents).
 */
import test from 'ava';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ndjson, request, startTestNode } from '../helpers/node.js';
import { freePort, startServer, stopServer } from '../helpers/server-process.js';

const INDEX = {
  settings: { number_of_shards: 1, number_of_replicas: 0, refresh_interval: -1 },
  mappings: {
    doc: {
      _source: { excludes: ['secret'] },
      properties: {
        title: { type: 'text', fields: { raw: { type: 'keyword' } } },
        tag: { type: 'keyword', store: true },
        n: { type: 'long' },
        when: { type: 'date' },
        secret: { type: 'text' },
        comments: { type: 'nested', properties: { text: { type: 'text' }, stars: { type: 'integer' } } },
      },
    },
  },
};

const WORDS = ['quick', 'brown', 'fox', 'lazy', 'dog', 'jumps', 'over', 'river', 'stone', 'cloud'];

function source(i: number, gen: number): Record<string, unknown> {
  const w = (k: number): string => WORDS[(i * 7 + k * 3 + gen) % WORDS.length]!;
  return {
    title: `${w(0)} ${w(1)} ${w(2)} ${i % 3 === 0 ? w(3) : ''}`.trim(),
    tag: [`t${i % 4}`, ...(i % 5 === 0 ? ['five'] : [])],
    n: i * 10 + gen,
    when: `2017-0${1 + (i % 9)}-1${i % 10}`,
    secret: `hidden ${w(4)}`,
    // A field dynamic mapping adds with the first document that has it.
    ...(i % 6 === 0 ? { extra: { note: `note ${w(5)}`, count: i } } : {}),
    comments: Array.from({ length: i % 3 }, (_, k) => ({ text: `${w(k + 6)} comment`, stars: (i + k) % 5 })),
  };
}

/** The writes, in order: bulk 1, a refresh, then bulk 2 (updates, deletes, new docs). */
function bulks(): [string, string] {
  const one: unknown[] = [];
  for (let i = 0; i < 60; i++) one.push({ index: { _id: String(i), ...(i % 7 === 0 ? { routing: `r${i}` } : {}) } }, source(i, 0));
  const two: unknown[] = [];
  for (let i = 60; i < 100; i++) two.push({ index: { _id: String(i) } }, source(i, 0));
  for (let i = 0; i < 60; i += 4) two.push({ index: { _id: String(i), ...(i % 7 === 0 ? { routing: `r${i}` } : {}) } }, source(i, 1));
  for (let i = 1; i < 100; i += 9) two.push({ delete: { _id: String(i), ...(i % 7 === 0 ? { routing: `r${i}` } : {}) } });
  two.push({ update: { _id: '62' } }, { doc: { title: 'updated fox' } });
  return [ndjson(one), ndjson(two)];
}

const SEARCHES: unknown[] = [
  { query: { match: { title: 'fox dog river' } }, size: 100 },
  { query: { term: { tag: 't1' } }, sort: [{ n: 'desc' }], docvalue_fields: ['n', 'tag', 'when', 'title.raw'], size: 100 },
  { query: { match: { secret: 'hidden' } }, stored_fields: ['tag'], size: 100 },
  { query: { query_string: { query: 'stone OR cloud' } }, size: 100 },
  { query: { range: { when: { gte: '2017-03-01', lt: '2017-07-01' } } }, sort: ['_uid'], size: 100 },
  { query: { match: { 'extra.note': 'note' } }, size: 100 },
];

const ids = Array.from({ length: 100 }, (_, i) => ({ _id: String(i), ...(i % 7 === 0 && i < 60 ? { routing: `r${i}` } : {}) }));

async function runSearches(base: string): Promise<unknown[]> {
  const out: unknown[] = [];
  for (const body of SEARCHES) {
    const r = await request(base, 'POST', '/idx/_search', body);
    if (r.status !== 200) throw new Error(`search failed: ${r.text}`);
    const { took: _took, ...rest } = r.body as Record<string, unknown>;
    out.push(rest);
  }
  return out;
}

test('replay of unrefreshed writes rebuilds the same documents; the op log costs about the source size', async (t) => {
  const [one, two] = bulks();
  // The reference: the same writes on a node that never crashes.
  const ref = await startTestNode();
  t.teardown(() => ref.close());
  t.is((await ref.request('PUT', '/idx', INDEX)).status, 200);
  t.false((await ref.request('POST', '/idx/doc/_bulk', one)).body.errors);
  await ref.request('POST', '/idx/_refresh');
  t.false((await ref.request('POST', '/idx/doc/_bulk', two)).body.errors);
  await ref.request('POST', '/idx/_refresh');

  const dataPath = await mkdtemp(join(tmpdir(), 'strata-replay-'));
  t.teardown(() => rm(dataPath, { recursive: true, force: true }));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server = await startServer(dataPath, port);
  try {
    t.is((await request(base, 'PUT', '/idx', INDEX)).status, 200);
    t.false((await request(base, 'POST', '/idx/doc/_bulk', one)).body.errors);
    await request(base, 'POST', '/idx/_refresh');
    t.false((await request(base, 'POST', '/idx/doc/_bulk', two)).body.errors);

    // The op log holds both bulks (a refresh does not trim it): about one source per operation.
    const stats = (await request(base, 'GET', '/idx/_stats/translog')).body.indices.idx.primaries.translog;
    const lines = (one + two).trim().split('\n');
    const indexOps = lines.filter((l) => l.startsWith('{"index"'));
    const sources = lines.filter((l) => !l.startsWith('{"index"') && !l.startsWith('{"delete"') && !l.startsWith('{"update"') && !l.startsWith('{"doc"'));
    const deletes = lines.filter((l) => l.startsWith('{"delete"')).length;
    t.is(stats.operations, indexOps.length + deletes + 1, 'index + delete + update operations');
    const sourceBytes = sources.reduce((n, s) => n + Buffer.byteLength(s), 0) + Buffer.byteLength(JSON.stringify({ ...source(62, 0), title: 'updated fox' }));
    const perOp = stats.size_in_bytes / stats.operations;
    const perSource = sourceBytes / (indexOps.length + 1);
    t.true(perOp < perSource + 16, `op log ${perOp.toFixed(1)} bytes/op for ${perSource.toFixed(1)} bytes of source`);

    const before = (await request(base, 'POST', '/idx/doc/_mget', { docs: ids })).body;
    await stopServer(server, 'SIGKILL');
    server = await startServer(dataPath, port);

    const after = (await request(base, 'POST', '/idx/doc/_mget', { docs: ids })).body;
    t.deepEqual(after, before);
    t.deepEqual(after, (await ref.request('POST', '/idx/doc/_mget', { docs: ids })).body);
    await request(base, 'POST', '/idx/_refresh');
    const got = await runSearches(base);
    const want = await runSearches(ref.url);
    for (let i = 0; i < SEARCHES.length; i++) t.deepEqual(got[i], want[i], `search ${JSON.stringify(SEARCHES[i])}`);
    // Nested documents (counted as Lucene documents) and deletes came back too.
    const docStats = async (b: string): Promise<unknown> => (await request(b, 'GET', '/idx/_stats/docs')).body.indices.idx.primaries.docs;
    t.deepEqual(await docStats(base), await docStats(ref.url));
    // The searches do find documents of the replayed bulk.
    t.true(((want[0] as { hits: { total: number } }).hits.total ?? 0) > 20);
  } finally {
    await stopServer(server, 'SIGTERM');
  }
});
