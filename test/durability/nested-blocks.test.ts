/**
 * Nested blocks survive kill -9 whole: a server takes a stream of bulks that re-index and delete
 * documents with nested objects (refreshes and merges running) and is SIGKILLed mid-stream.
 * After a restart every root document's nested docs are exactly the objects of its current
 * `_source` (inner hits by offset), no nested doc outlives its root (the Lucene doc count is
 * the roots plus their objects), and every acknowledged write is there.
 */
import test from 'ava';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ndjson, request } from '../helpers/node.js';
import { freePort, startServer, stopServer } from '../helpers/server-process.js';

const INDEX = {
  settings: { number_of_shards: 1, number_of_replicas: 0, refresh_interval: '100ms' },
  mappings: { doc: { properties: { gen: { type: 'long' }, comments: { type: 'nested', properties: { who: { type: 'keyword' }, k: { type: 'long' } } } } } },
};

function source(id: number, gen: number): Record<string, unknown> {
  return { gen, comments: Array.from({ length: (id + gen) % 4 }, (_, k) => ({ who: `w${id}-${gen}-${k}`, k })) };
}

test('nested blocks are replaced and deleted atomically across kill -9', async (t) => {
  const dataPath = await mkdtemp(join(tmpdir(), 'strata-nested-'));
  t.teardown(() => rm(dataPath, { recursive: true, force: true }));
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server = await startServer(dataPath, port);
  // the state after each bulk sent (id -> generation, absent = deleted); bulks are sequential
  const states: Array<Map<number, number>> = [];
  let ackedBulks = 0;
  try {
    t.is((await request(base, 'PUT', '/nb', INDEX)).status, 200);
    const first: unknown[] = [];
    for (let id = 0; id < 40; id++) first.push({ index: { _id: String(id) } }, source(id, 0));
    t.false((await request(base, 'POST', '/nb/doc/_bulk?refresh=true', ndjson(first))).body.errors);
    states.push(new Map(Array.from({ length: 40 }, (_, id) => [id, 0])));
    ackedBulks = 1;
    let stop = false;
    const writer = (async () => {
      for (let gen = 1; !stop; gen++) {
        const lines: unknown[] = [];
        const next = new Map(states[states.length - 1]);
        for (let j = 0; j < 10; j++) {
          const id = (gen * 7 + j * 3) % 40;
          if ((gen + j) % 5 === 0) {
            lines.push({ delete: { _id: String(id) } });
            next.delete(id);
          } else {
            lines.push({ index: { _id: String(id) } }, source(id, gen));
            next.set(id, gen);
          }
        }
        states.push(next);
        try {
          const r = await request(base, 'POST', '/nb/doc/_bulk', ndjson(lines));
          if (r.status === 200 && !r.body.errors) ackedBulks = states.length;
          if (gen % 15 === 0) await request(base, 'POST', '/nb/_forcemerge?max_num_segments=1');
        } catch {
          return; // the server is gone
        }
      }
    })();
    await new Promise((r) => setTimeout(r, 1500));
    await stopServer(server, 'SIGKILL');
    stop = true;
    await writer;
    server = await startServer(dataPath, port);
    await request(base, 'POST', '/nb/_refresh');
    const body = { size: 100, query: { bool: { should: [{ match_all: {} }, { nested: { path: 'comments', query: { match_all: {} }, inner_hits: { size: 100 } } }] } } };
    const r = await request(base, 'POST', '/nb/_search', body);
    t.is(r.status, 200, r.text);
    let lucene = 0;
    const gens = new Map<number, number>();
    for (const h of r.body.hits.hits) {
      const comments = h._source.comments as unknown[];
      const inner = h.inner_hits.comments.hits;
      t.is(inner.total, comments.length, `doc ${h._id}: one nested doc per object`);
      for (const ih of inner.hits) t.deepEqual(ih._source, comments[ih._nested.offset], `doc ${h._id} offset ${ih._nested.offset}`);
      t.deepEqual(h._source, source(Number(h._id), h._source.gen));
      lucene += 1 + comments.length;
      gens.set(Number(h._id), h._source.gen);
    }
    const count = await request(base, 'GET', '/_cat/indices/nb?h=docs.count');
    t.is(Number(count.text.trim()), lucene, 'no nested doc without its root');
    // the shard holds the state after some bulk at or after the last acknowledged one: every
    // acknowledged write is there, and a bulk in flight at the kill is all there or not at all
    const same = (m: Map<number, number>): boolean => m.size === gens.size && [...m].every(([id, g]) => gens.get(id) === g);
    const k = states.findIndex((m, i) => i >= ackedBulks - 1 && same(m));
    t.true(k >= 0, `state after one of bulks ${ackedBulks}..${states.length}`);
    t.true(ackedBulks > 3, `${ackedBulks} bulks acknowledged before the kill`);
  } finally {
    await stopServer(server, 'SIGTERM');
  }
});
