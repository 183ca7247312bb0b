/**
 * Concurrency suite (issue 8): many clients on few ids through every write path, over HTTP on a
 * real LevelDB node. Each scenario records its history (test/helpers/history.ts) and asserts it
 * is linearizable as a versioned register, then counts exactly: every acknowledged increment is
 * present and every 409 was a real conflict.
 */
import test from 'ava';
import { startTestNode, ndjson, type TestNode } from '../helpers/node.js';
import { History, linearizabilityViolations, type HistoryOp } from '../helpers/history.js';

const CLIENTS = 20;
const REFRESH_MODES = ['false', 'true', 'wait_for'] as const;

let node: TestNode;
test.before(async () => {
  node = await startTestNode();
});
test.after.always(async () => {
  await node?.close();
});

/** Run `clients` loops of `perClient` steps at once. */
async function clients(n: number, perClient: number, step: (client: number, i: number) => Promise<void>): Promise<void> {
  await Promise.all(
    Array.from({ length: n }, async (_, c) => {
      for (let i = 0; i < perClient; i++) await step(c, i);
    }),
  );
}

/** The expected version of a 409 whose reason says "... different than the one provided [V]". */
function expectedOf(reason: string): number | undefined {
  const m = /the one provided \[(-?\d+)\]/.exec(reason);
  return m ? Number(m[1]) : undefined;
}

async function createIndex(name: string): Promise<void> {
  const r = await node.request('PUT', `/${name}`, { settings: { number_of_shards: 2, number_of_replicas: 0, refresh_interval: '100ms' } });
  if (r.status !== 200) throw new Error(JSON.stringify(r.body));
}

async function source(index: string, id: string): Promise<{ version: number; source: Record<string, unknown> }> {
  const r = await node.request('GET', `/${index}/t/${id}`);
  return { version: r.body._version, source: r.body._source };
}

for (const refresh of REFRESH_MODES) {
  test.serial(`_update script increments: none lost, none doubled (refresh=${refresh})`, async (t) => {
    const index = `upd-script-${refresh.replace('_', '')}`;
    await createIndex(index);
    await node.request('PUT', `/${index}/t/1?refresh=true`, { counter: 0 });
    const h = new History();
    let conflicts = 0;
    await clients(CLIENTS, 10, async (c) => {
      const op = await h.record(c, 'write', async () => {
        const r = await node.request('POST', `/${index}/t/1/_update?retry_on_conflict=3&refresh=${refresh}&_source=true`, {
          script: { lang: 'painless', source: 'ctx._source.counter += 1' },
        });
        if (r.status === 409) return { ok: false, conflictExpected: expectedOf(r.body.error.reason) };
        if (r.status !== 200) throw new Error(JSON.stringify(r.body));
        return { ok: true, version: r.body._version, value: r.body.get._source };
      });
      if (!op.ok) conflicts++;
      // A read between writes: it must pair a version with exactly that version's source.
      await h.record(c, 'read', async () => {
        const g = await source(index, '1');
        return { ok: true, version: g.version, value: g.source };
      });
    });
    t.deepEqual(linearizabilityViolations(h.ops, { version: 1, value: { counter: 0 } }), []);
    const final = await source(index, '1');
    t.is(final.source.counter, h.acked.length, 'every acknowledged increment is present, no other');
    t.is(final.version, 1 + h.acked.length);
    t.is(h.acked.length + conflicts, CLIENTS * 10);
    // Each write's own result pairs its version with its increment.
    for (const w of h.acked) t.is((w.value as { counter: number }).counter, w.version! - 1);
  });
}

test.serial('concurrent partial-doc updates each setting its own field: every acknowledged field survives', async (t) => {
  await createIndex('upd-doc');
  await node.request('PUT', '/upd-doc/t/1?refresh=true', { base: true });
  const acked = new Set<string>();
  let conflicts = 0;
  await clients(CLIENTS, 1, async (c) => {
    const r = await node.request('POST', '/upd-doc/t/1/_update?retry_on_conflict=30', { doc: { [`f${c}`]: c } });
    if (r.status === 200) acked.add(`f${c}`);
    else if (r.status === 409) conflicts++;
    else throw new Error(JSON.stringify(r.body));
  });
  const final = await source('upd-doc', '1');
  const present = Object.keys(final.source).filter((k) => k !== 'base');
  t.deepEqual(present.sort(), [...acked].sort());
  t.is(acked.size + conflicts, CLIENTS);
  t.is(final.version, 1 + acked.size);
});

for (const refresh of REFRESH_MODES) {
  test.serial(`GET then PUT ?version=V (client-side optimistic locking, refresh=${refresh})`, async (t) => {
    const index = `cas-${refresh.replace('_', '')}`;
    await createIndex(index);
    await node.request('PUT', `/${index}/t/1?refresh=true`, { counter: 0 });
    const h = new History();
    let conflicts = 0;
    await clients(CLIENTS, 10, async (c) => {
      const read = await h.record(c, 'read', async () => {
        const g = await source(index, '1');
        return { ok: true, version: g.version, value: g.source };
      });
      const next = { counter: (read.value as { counter: number }).counter + 1 };
      const op = await h.record(c, 'write', async () => {
        const r = await node.request('PUT', `/${index}/t/1?version=${read.version}&refresh=${refresh}`, next);
        if (r.status === 409) return { ok: false, conflictExpected: read.version! };
        if (r.status !== 200) throw new Error(JSON.stringify(r.body));
        return { ok: true, version: r.body._version, value: next };
      });
      if (!op.ok) {
        conflicts++;
        t.is(op.conflictExpected, read.version);
      } else t.is(op.version, read.version! + 1);
    });
    t.deepEqual(linearizabilityViolations(h.ops, { version: 1, value: { counter: 0 } }), []);
    const final = await source(index, '1');
    t.is(final.source.counter, h.acked.length);
    t.is(final.version, 1 + h.acked.length);
    t.true(conflicts > 0, 'twenty clients on one id must collide');
  });
}

test.serial('op_type=create from many clients: exactly one creates, the rest get a real 409', async (t) => {
  await createIndex('create-race');
  const h = new History();
  await clients(CLIENTS, 1, async (c) => {
    await h.record(c, 'write', async () => {
      const r = await node.request('PUT', `/create-race/t/1/_create`, { by: c });
      if (r.status === 409) {
        t.is(r.body.error.type, 'version_conflict_engine_exception');
        return { ok: false, conflictExpected: -1 };
      }
      if (r.status !== 201) throw new Error(JSON.stringify(r.body));
      return { ok: true, version: r.body._version, value: { by: c } };
    });
  });
  t.is(h.acked.length, 1);
  t.deepEqual(linearizabilityViolations(h.ops, { version: -1, value: undefined }), []);
  const final = await source('create-race', '1');
  t.deepEqual(final.source, h.acked[0]!.value);
});

test.serial('scripted upserts racing on a missing document: one creates, every acknowledged increment counts', async (t) => {
  await createIndex('upsert-race');
  let acked = 0;
  await clients(CLIENTS, 5, async () => {
    const r = await node.request('POST', '/upsert-race/t/1/_update?retry_on_conflict=50', {
      script: { lang: 'painless', source: 'ctx._source.counter += 1' },
      upsert: { counter: 1 },
    });
    if (r.status === 200 || r.status === 201) acked++;
    else if (r.status !== 409) throw new Error(JSON.stringify(r.body));
  });
  const final = await source('upsert-race', '1');
  t.is(final.source.counter, acked);
  t.is(final.version, acked);
});

test.serial('bulk updates, deletes and external versions racing on a few ids keep a linearizable history per id', async (t) => {
  await createIndex('bulk-race');
  const ids = ['a', 'b', 'c'];
  const histories = new Map(ids.map((id) => [id, new History()]));
  await clients(CLIENTS, 8, async (c, i) => {
    const id = ids[(c + i) % ids.length]!;
    const h = histories.get(id)!;
    const refresh = REFRESH_MODES[(c + i) % 3]!;
    if ((c + i) % 5 === 4) {
      // A delete through bulk: it creates a version too (a tombstone).
      await h.record(c, 'write', async () => {
        const r = await node.request('POST', `/_bulk?refresh=${refresh}`, ndjson([{ delete: { _index: 'bulk-race', _type: 't', _id: id } }]));
        const item = r.body.items[0].delete;
        if (item.status === 409) return { ok: false };
        return { ok: item.status === 200 || item.status === 404, version: item._version, value: null };
      });
      return;
    }
    await h.record(c, 'write', async () => {
      const r = await node.request(
        'POST',
        `/_bulk?refresh=${refresh}`,
        ndjson([
          { update: { _index: 'bulk-race', _type: 't', _id: id, _retry_on_conflict: 3, fields: ['_source'] } },
          { script: { lang: 'painless', source: 'ctx._source.n += 1; ctx._source.last = params.c', params: { c } }, upsert: { n: 0, last: c } },
        ]),
      );
      const item = r.body.items[0].update;
      if (item.status === 409) return { ok: false, conflictExpected: expectedOf(item.error.reason) };
      if (item.status !== 200 && item.status !== 201) throw new Error(JSON.stringify(item));
      return { ok: true, version: item._version, value: item.get._source };
    });
    await h.record(c, 'read', async () => {
      const r = await node.request('GET', `/bulk-race/t/${id}`);
      return r.body.found ? { ok: true, version: r.body._version, value: r.body._source } : { ok: false };
    });
  });
  for (const [id, h] of histories) {
    t.deepEqual(linearizabilityViolations(h.ops, { version: -1, value: undefined }), [], `history of ${id}`);
    const last = h.acked.reduce<HistoryOp | undefined>((a, w) => (!a || w.version! > a.version! ? w : a), undefined);
    const r = await node.request('GET', `/bulk-race/t/${id}`);
    if (last?.value === null) t.false(r.body.found, `${id} was last deleted`);
    else {
      t.deepEqual(r.body._source, last?.value, `${id} holds its last acknowledged write`);
      t.is(r.body._version, last?.version);
    }
  }
});

test.serial('external versions: the highest acknowledged version wins; every 409 had a higher or equal version written', async (t) => {
  await createIndex('ext-race');
  const h = new History();
  const rejected: Array<{ v: number; at: number }> = [];
  await clients(CLIENTS, 5, async (c, i) => {
    const v = 1 + ((c * 7 + i * 13) % 50);
    await h.record(c, 'write', async () => {
      const r = await node.request('PUT', `/ext-race/t/1?version=${v}&version_type=external`, { v, c });
      if (r.status === 409) {
        t.regex(r.body.error.reason, /higher or equal to the one provided/);
        rejected.push({ v, at: performance.now() });
        return { ok: false };
      }
      if (r.status !== 200 && r.status !== 201) throw new Error(JSON.stringify(r.body));
      return { ok: true, version: r.body._version, value: { v, c } };
    });
  });
  const acked = h.acked;
  const max = Math.max(...acked.map((w) => w.version!));
  for (const r of rejected) {
    t.true(
      acked.some((w) => w.version! >= r.v && w.invokedAt < r.at),
      `the 409 for version ${r.v} needs an earlier write at a version at least as high`,
    );
  }
  t.deepEqual(linearizabilityViolations(h.ops, { version: -1, value: undefined }), []);
  const final = await source('ext-race', '1');
  t.is(final.version, max);
});

test('the checker fails a history that pairs a version with another version\'s data', (t) => {
  const ops: HistoryOp[] = [
    { client: 0, kind: 'write', invokedAt: 0, respondedAt: 1, ok: true, version: 2, value: { n: 1 } },
    { client: 1, kind: 'write', invokedAt: 2, respondedAt: 3, ok: true, version: 3, value: { n: 2 } },
    { client: 2, kind: 'read', invokedAt: 2, respondedAt: 4, ok: true, version: 3, value: { n: 1 } },
    { client: 3, kind: 'read', invokedAt: 5, respondedAt: 6, ok: true, version: 2, value: { n: 1 } },
    { client: 4, kind: 'write', invokedAt: 5, respondedAt: 6, ok: true, version: 3, value: { n: 9 } },
    { client: 5, kind: 'write', invokedAt: 0, respondedAt: 0.5, ok: false, conflictExpected: 7 },
  ];
  const v = linearizabilityViolations(ops, { version: 1, value: { n: 0 } });
  t.true(v.some((m) => m.startsWith('read of v3 by client 2 returned')));
  t.true(v.some((m) => m.startsWith('stale read: client 3 read v2')));
  t.true(v.some((m) => m.startsWith('two acknowledged writes created version 3')));
  t.true(v.some((m) => m.includes('got a 409 expecting v7')));
  t.true(v.some((m) => m.includes('completed before write v3')));
});
