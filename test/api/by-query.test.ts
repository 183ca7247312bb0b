/**
 * `_delete_by_query` and `_update_by_query` over HTTP: ES 5.6's response fields and counters,
 * version conflicts (abort with `failures`, or counted with `conflicts=proceed`), batches,
 * `size`, scripts (`ctx._source`, `ctx.op`), and the validation errors of the 5.6 handlers.
 */
import test from 'ava';
import { seedNumbered } from '../helpers/seed.js';
import { startTestNode, type TestNode } from '../helpers/node.js';

const seed = (n: TestNode, index: string, docs: number, settings: Record<string, unknown> = { number_of_shards: 1 }): Promise<void> => seedNumbered(n, index, docs, { settings });

test('delete_by_query: exact response, scroll_size batches, size limit, refresh', async (t) => {
  const n = await startTestNode();
  try {
    await seed(n, 'd', 5);
    const res = await n.request('POST', '/d/_delete_by_query?scroll_size=2&refresh=true', { query: { term: { tag: 'odd' } } });
    t.is(res.status, 200);
    const { took, ...rest } = res.body;
    t.true(took >= 0);
    t.deepEqual(rest, {
      timed_out: false,
      total: 3,
      deleted: 3,
      batches: 2,
      version_conflicts: 0,
      noops: 0,
      retries: { bulk: 0, search: 0 },
      throttled_millis: 0,
      requests_per_second: -1,
      throttled_until_millis: 0,
      failures: [],
    });
    t.true(res.text.includes('"requests_per_second":-1.0'));
    t.is((await n.request('GET', '/d/_count')).body.count, 2);
    const limited = await n.request('POST', '/d/_delete_by_query?size=1&refresh=true', { query: { match_all: {} } });
    t.is(limited.body.total, 1);
    t.is(limited.body.deleted, 1);
    t.is((await n.request('GET', '/d/_count')).body.count, 1);
  } finally {
    await n.close();
  }
});

test('delete_by_query: a document changed after the snapshot is a version conflict (abort or proceed)', async (t) => {
  const n = await startTestNode();
  try {
    await seed(n, 'c', 1, { number_of_shards: 1, refresh_interval: -1 });
    // the searcher still sees version 1; the write makes it 2
    await n.request('PUT', '/c/doc/1', { n: 100 });
    const abort = await n.request('POST', '/c/_delete_by_query', { query: { match_all: {} } });
    t.is(abort.status, 409);
    t.is(abort.body.deleted, 0);
    t.is(abort.body.version_conflicts, 1);
    const f = abort.body.failures[0];
    t.is(f.index, 'c');
    t.is(f.type, 'doc');
    t.is(f.id, '1');
    t.is(f.status, 409);
    t.is(f.cause.type, 'version_conflict_engine_exception');
    t.is(f.cause.reason, '[doc][1]: version conflict, current version [2] is different than the one provided [1]');
    t.is(f.cause.index, 'c');
    const proceed = await n.request('POST', '/c/_delete_by_query?conflicts=proceed', { query: { match_all: {} } });
    t.is(proceed.status, 200);
    t.is(proceed.body.version_conflicts, 1);
    t.deepEqual(proceed.body.failures, []);
  } finally {
    await n.close();
  }
});

test('update_by_query: scripts change _source, noop and delete; versions go up', async (t) => {
  const n = await startTestNode();
  try {
    await seed(n, 'u', 4);
    const res = await n.request('POST', '/u/_update_by_query?refresh=true', {
      script: { inline: "if (ctx._source.n == 1) { ctx.op = 'noop' } else if (ctx._source.n == 2) { ctx.op = 'delete' } else { ctx._source.n += params.add }", params: { add: 10 } },
    });
    t.is(res.status, 200);
    t.like(res.body, { total: 4, updated: 2, deleted: 1, noops: 1, batches: 1, version_conflicts: 0, failures: [] });
    t.false('created' in res.body);
    const three = await n.request('GET', '/u/doc/3');
    t.is(three.body._version, 2);
    t.deepEqual(three.body._source, { n: 13, tag: 'odd' });
    t.is((await n.request('GET', '/u/doc/1')).body._version, 1);
    t.is((await n.request('GET', '/u/doc/2')).status, 404);
    // without a script every matching document is indexed again (picking up new mappings)
    const plain = await n.request('POST', '/u/_update_by_query?q=tag:odd');
    t.like(plain.body, { total: 2, updated: 2 });
  } finally {
    await n.close();
  }
});

test('update_by_query: bad ops and metadata changes fail with ES errors', async (t) => {
  const n = await startTestNode();
  try {
    await seed(n, 'v', 1);
    const op = await n.request('POST', '/v/_update_by_query', { script: { inline: "ctx.op = 'explode'" } });
    t.is(op.status, 400);
    t.is(op.body.error.type, 'illegal_argument_exception');
    t.is(op.body.error.reason, 'Operation type [explode] not allowed, only [noop, index, delete] are allowed');
    const id = await n.request('POST', '/v/_update_by_query', { script: { inline: "ctx._id = 'other'" } });
    t.is(id.body.error.reason, 'Modifying [_id] not allowed');
    const extra = await n.request('POST', '/v/_update_by_query', { script: { inline: "ctx.junk = 1" } });
    t.is(extra.body.error.reason, 'Invalid fields added to context [junk]');
  } finally {
    await n.close();
  }
});

test('by-query validation: conflicts, size, scroll_size, requests_per_second, slices, body', async (t) => {
  const n = await startTestNode();
  try {
    await seed(n, 'x', 1);
    const body = { query: { match_all: {} } };
    const conflicts = await n.request('POST', '/x/_delete_by_query?conflicts=cat', body);
    t.is(conflicts.status, 400);
    t.is(conflicts.body.error.reason, 'conflicts may only be "proceed" or "abort" but was [cat]');
    const size = await n.request('POST', '/x/_delete_by_query?size=-4', body);
    t.is(size.body.error.type, 'action_request_validation_exception');
    t.is(size.body.error.reason, "Validation Failed: 1: size should be greater than 0 if the request is limited to some number of documents or -1 if it isn't but it was [-4];");
    const scroll = await n.request('POST', '/x/_update_by_query?scroll_size=asdf');
    t.is(scroll.body.error.reason, 'Failed to parse int parameter [scroll_size] with value [asdf]');
    for (const rps of ['', '-12', '0', 'fast']) {
      const r = await n.request('POST', `/x/_delete_by_query?requests_per_second=${rps}`, body);
      t.is(r.body.error.reason, '[requests_per_second] must be a float greater than 0. Use "unlimited" to disable throttling.', rps);
    }
    const slices = await n.request('POST', '/x/_delete_by_query?slices=0', body);
    t.is(slices.body.error.reason, '[slices] must be at least 1');
    const noBody = await n.request('POST', '/x/_delete_by_query');
    t.is(noBody.body.error.type, 'parse_exception');
    const fields = await n.request('POST', '/x/_delete_by_query', { stored_fields: ['_id'] });
    t.is(fields.body.error.reason, 'Validation Failed: 1: stored_fields is not supported in this context;');
    const unknown = await n.request('POST', '/x/_delete_by_query?nonsense=1', body);
    t.is(unknown.body.error.reason, 'request [/x/_delete_by_query] contains unrecognized parameter: [nonsense]');
    const zero = await n.request('PUT', '/z/doc/1?version=0&version_type=external', { a: 1 });
    t.is(zero.status, 201);
    await n.request('POST', '/z/_refresh');
    const internalZero = await n.request('POST', '/z/_delete_by_query', body);
    t.is(internalZero.status, 400);
    t.is(internalZero.body.error.reason, 'Validation Failed: 1: illegal version value [0] for version type [INTERNAL];');
  } finally {
    await n.close();
  }
});

test('by-query with slices: one child per slice, counters summed, slices listed', async (t) => {
  const n = await startTestNode();
  try {
    await seed(n, 's', 20, { number_of_shards: 2 });
    const res = await n.request('POST', '/s/_delete_by_query?slices=3&refresh=true', { query: { match_all: {} } });
    t.is(res.status, 200);
    t.is(res.body.deleted, 20);
    t.is(res.body.total, 20);
    t.is(res.body.slices.length, 3);
    t.deepEqual(res.body.slices.map((s: { slice_id: number }) => s.slice_id), [0, 1, 2]);
    t.is(res.body.slices.reduce((a: number, s: { deleted: number }) => a + s.deleted, 0), 20);
    t.is((await n.request('GET', '/s/_count')).body.count, 0);
  } finally {
    await n.close();
  }
});
