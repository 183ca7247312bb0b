/**
 * `_reindex` over HTTP: copying with ES 5.6's response, dest options (type, routing, op_type,
 * version_type, pipeline), source options (query, size, sort, `_source`), scripts changing
 * metadata, validation errors, the destination checks, and reindex from a remote cluster (a
 * second node on loopback) with the whitelist and basic auth.
 */
import test from 'ava';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { seedNumbered } from '../helpers/seed.js';
import { startTestNode, type TestNode } from '../helpers/node.js';

const seed = (n: TestNode, index: string, docs: number): Promise<void> => seedNumbered(n, index, docs);

test('reindex: created then updated, exact response', async (t) => {
  const n = await startTestNode();
  try {
    await seed(n, 'src', 3);
    const first = await n.request('POST', '/_reindex?refresh=true', { source: { index: 'src' }, dest: { index: 'dst' } });
    t.is(first.status, 200);
    const { took, ...rest } = first.body;
    t.true(took >= 0);
    t.deepEqual(rest, {
      timed_out: false,
      total: 3,
      updated: 0,
      created: 3,
      deleted: 0,
      batches: 1,
      version_conflicts: 0,
      noops: 0,
      retries: { bulk: 0, search: 0 },
      throttled_millis: 0,
      requests_per_second: -1,
      throttled_until_millis: 0,
      failures: [],
    });
    const again = await n.request('POST', '/_reindex', { source: { index: 'src' }, dest: { index: 'dst' } });
    t.like(again.body, { created: 0, updated: 3 });
    const doc = await n.request('GET', '/dst/doc/2');
    t.deepEqual(doc.body._source, { n: 2, tag: 'even' });
    t.is(doc.body._version, 2);
  } finally {
    await n.close();
  }
});

test('reindex: op_type create conflicts, version_type external, size, sort, query, type and routing', async (t) => {
  const n = await startTestNode();
  try {
    await seed(n, 'src', 5);
    await n.request('PUT', '/dst/doc/1', { other: true });
    await n.request('POST', '/dst/_refresh');
    const create = await n.request('POST', '/_reindex', { source: { index: 'src' }, dest: { index: 'dst', op_type: 'create' } });
    t.is(create.status, 409);
    // the batch's other writes went through: a conflict stops the run after its batch, as in ES
    t.like(create.body, { created: 4, version_conflicts: 1 });
    t.is(create.body.failures[0].cause.type, 'version_conflict_engine_exception');
    t.is(create.body.failures[0].cause.reason, '[doc][1]: version conflict, document already exists (current version [1])');
    const proceed = await n.request('POST', '/_reindex', { conflicts: 'proceed', source: { index: 'src' }, dest: { index: 'dst', op_type: 'create' } });
    t.like(proceed.body, { created: 0, version_conflicts: 5, failures: [] });

    const ext = await n.request('POST', '/_reindex', { source: { index: 'src' }, dest: { index: 'ext', version_type: 'external' } });
    t.is(ext.body.created, 5);
    t.is((await n.request('GET', '/ext/doc/3')).body._version, 1);
    const extAgain = await n.request('POST', '/_reindex', { conflicts: 'proceed', source: { index: 'src' }, dest: { index: 'ext', version_type: 'external' } });
    t.is(extAgain.body.version_conflicts, 5);

    const sized = await n.request('POST', '/_reindex?refresh=true', { size: 2, source: { index: 'src', sort: { n: 'desc' }, query: { match_all: {} } }, dest: { index: 'top', type: 'copy', routing: '=r1' } });
    t.like(sized.body, { total: 2, created: 2 });
    const top = await n.request('GET', '/top/copy/_search?sort=n:desc');
    t.deepEqual(top.body.hits.hits.map((h: { _id: string; _routing: string }) => [h._id, h._routing]), [['5', 'r1'], ['4', 'r1']]);

    const filtered = await n.request('POST', '/_reindex?refresh=true', { source: { index: 'src', query: { term: { tag: 'odd' } }, _source: ['n'] }, dest: { index: 'odd' } });
    t.is(filtered.body.created, 3);
    t.deepEqual((await n.request('GET', '/odd/doc/1')).body._source, { n: 1 });
  } finally {
    await n.close();
  }
});

test('reindex: a script may change _index, _id and _routing, or skip the document', async (t) => {
  const n = await startTestNode();
  try {
    await seed(n, 'src', 3);
    const res = await n.request('POST', '/_reindex?refresh=true', {
      source: { index: 'src' },
      dest: { index: 'dst' },
      script: { inline: "if (ctx._source.n == 1) { ctx.op = 'noop' } else { ctx._index = 'moved'; ctx._id = 'id-' + ctx._id; ctx._routing = 'x'; ctx._source.copied = true }" },
    });
    t.like(res.body, { created: 2, noops: 1 });
    const doc = await n.request('GET', '/moved/doc/id-2?routing=x');
    t.deepEqual(doc.body._source, { n: 2, tag: 'even', copied: true });
    t.is(doc.body._routing, 'x');
  } finally {
    await n.close();
  }
});

test('reindex and update_by_query run the ingest pipeline named by dest.pipeline / pipeline', async (t) => {
  const n = await startTestNode();
  try {
    await seed(n, 'src', 2);
    await n.request('PUT', '/_ingest/pipeline/stamp', { processors: [{ set: { field: 'stamped', value: 'yes' } }] });
    const res = await n.request('POST', '/_reindex', { source: { index: 'src' }, dest: { index: 'dst', pipeline: 'stamp' } });
    t.is(res.body.created, 2);
    t.deepEqual((await n.request('GET', '/dst/doc/1')).body._source, { n: 1, tag: 'odd', stamped: 'yes' });
    const ubq = await n.request('POST', '/src/_update_by_query?pipeline=stamp');
    t.is(ubq.body.updated, 2);
    t.is((await n.request('GET', '/src/doc/2')).body._source.stamped, 'yes');
  } finally {
    await n.close();
  }
});

test('reindex validation: ES 5.6 parse and validation errors', async (t) => {
  const n = await startTestNode();
  try {
    await seed(n, 'src', 1);
    const cases: Array<[unknown, number, string, string]> = [
      [{ junk: {} }, 400, 'parsing_exception', '[reindex] unknown field [junk], parser not found'],
      [{ dest: { junk: 1 } }, 400, 'parsing_exception', '[dest] unknown field [junk], parser not found'],
      [{ source: { index: 'src' }, dest: { index: 'dst', version_type: {} } }, 400, 'parsing_exception', "[dest] version_type doesn't support values of type: START_OBJECT"],
      [{ dest: {} }, 400, 'action_request_validation_exception', 'Validation Failed: 1: use _all if you really want to copy from all existing indexes;2: index must be specified;'],
      [{ source: { index: 'src', from: 1 }, dest: { index: 'dst' } }, 400, 'action_request_validation_exception', 'Validation Failed: 1: from is not supported in this context;'],
      [{ source: { index: 'src' }, dest: { index: 'dst', ttl: '3m' } }, 400, 'action_request_validation_exception', "Validation Failed: 1: setting ttl on destination isn't supported. use scripts instead.;"],
      [{ conflicts: 'cat', source: { index: 'src' }, dest: { index: 'dst' } }, 400, 'illegal_argument_exception', 'conflicts may only be "proceed" or "abort" but was [cat]'],
      [{ source: { index: 'src' }, dest: { index: 'src' } }, 400, 'action_request_validation_exception', 'Validation Failed: 1: reindex cannot write into an index its reading from [src];'],
    ];
    for (const [body, status, type, reason] of cases) {
      const res = await n.request('POST', '/_reindex', body);
      t.is(res.status, status, JSON.stringify(body));
      t.is(res.body.error.type, type, JSON.stringify(body));
      t.is(res.body.error.reason, reason, JSON.stringify(body));
    }
    await n.request('PUT', '/_cluster/settings', { transient: { 'action.auto_create_index': false } });
    const noCreate = await n.request('POST', '/_reindex', { source: { index: 'src' }, dest: { index: 'dst' } });
    t.is(noCreate.status, 404);
    t.is(noCreate.body.error.reason, 'no such index and [action.auto_create_index] is [false]');
  } finally {
    await n.close();
  }
});

test('reindex from remote: whitelist refusal, then a copy from a second node', async (t) => {
  const remote = await startTestNode();
  const local = await startTestNode({ settings: { 'reindex.remote.whitelist': '127.0.0.1:*' } });
  const strict = await startTestNode();
  try {
    await seed(remote, 'far', 4);
    const host = remote.url;
    const refused = await strict.request('POST', '/_reindex', { source: { index: 'far', remote: { host } }, dest: { index: 'near' } });
    t.is(refused.status, 400);
    t.is(refused.body.error.reason, `[${host.replace('http://', '')}] not whitelisted in reindex.remote.whitelist`);
    const badHost = await local.request('POST', '/_reindex', { source: { index: 'far', remote: { host: 'nowhere' } }, dest: { index: 'near' } });
    t.is(badHost.body.error.reason, '[host] must be of the form [scheme]://[host]:[port](/[pathPrefix])? but was [nowhere]');
    const res = await local.request('POST', '/_reindex?refresh=true', { source: { index: 'far', size: 3, query: { term: { tag: 'even' } }, remote: { host } }, dest: { index: 'near' } });
    t.is(res.status, 200);
    t.like(res.body, { total: 2, created: 2, failures: [] });
    t.deepEqual((await local.request('GET', '/near/doc/4')).body._source, { n: 4, tag: 'even' });
    // the sort goes to the remote as field:order, so `size` keeps the highest
    const sorted = await local.request('POST', '/_reindex?refresh=true', { size: 2, source: { index: 'far', sort: { n: 'desc' }, remote: { host } }, dest: { index: 'top2' } });
    t.like(sorted.body, { total: 2, created: 2 });
    const top = await local.request('GET', '/top2/_search?sort=n:desc');
    t.deepEqual(top.body.hits.hits.map((h: { _id: string }) => h._id), ['4', '3']);
    const scripted = await local.request('POST', '/_reindex', {
      source: { index: 'far', sort: { _script: { type: 'number', script: 'doc.n.value' } }, remote: { host } },
      dest: { index: 'top3' },
    });
    t.is(scripted.status, 400);
    t.is(scripted.body.error.type, 'illegal_argument_exception');
  } finally {
    await Promise.all([remote.close(), local.close(), strict.close()]);
  }
});

test('reindex from remote: basic auth only when both username and password are given', async (t) => {
  const seen: IncomingHttpHeaders[] = [];
  const stub = createServer((req, res) => {
    seen.push(req.headers);
    req.resume();
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ _scroll_id: 's1', timed_out: false, _shards: { total: 1, successful: 1, failed: 0 }, hits: { total: 0, hits: [] } }));
  });
  await new Promise<void>((r) => stub.listen(0, '127.0.0.1', r));
  const port = (stub.address() as AddressInfo).port;
  const local = await startTestNode({ settings: { 'reindex.remote.whitelist': `127.0.0.1:${port}` } });
  try {
    const host = `http://127.0.0.1:${port}`;
    await local.request('POST', '/_reindex', { source: { index: 'a', remote: { host, username: 'u', password: 'p' } }, dest: { index: 'b' } });
    t.is(seen[0]?.authorization, `Basic ${Buffer.from('u:p').toString('base64')}`);
    seen.length = 0;
    await local.request('POST', '/_reindex', { source: { index: 'a', remote: { host, username: 'u' } }, dest: { index: 'b' } });
    t.true(seen.length > 0);
    t.is(seen[0]?.authorization, undefined);
  } finally {
    await local.close();
    await new Promise<void>((r) => stub.close(() => r()));
  }
});
