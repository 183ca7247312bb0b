/**
 * `_update` and bulk `update` with scripts over HTTP: ctx._source, ctx.op, upserts, noop,
 * delete, and the failure modes with ES 5.6's error bodies.
 */
import test from 'ava';
import { startTestNode, ndjson, type TestNode } from '../helpers/node.js';

let node: TestNode;

test.before(async () => {
  node = await startTestNode({ settings: { 'script.max_compilations_per_minute': '10000' } });
  const r = await node.request('PUT', '/u', { settings: { number_of_shards: 1, number_of_replicas: 0 } });
  if (r.status !== 200) throw new Error(r.text);
});

test.after.always(async () => {
  await node?.close();
});

async function put(id: string, body: unknown): Promise<void> {
  const r = await node.request('PUT', `/u/t/${id}?refresh=true`, body);
  if (r.status >= 300) throw new Error(r.text);
}

test('a script updates ctx._source with params', async (t) => {
  await put('1', { counter: 1, tags: ['a'] });
  const r = await node.request('POST', '/u/t/1/_update', {
    script: { inline: 'ctx._source.counter += params.count; ctx._source.tags.add(params.tag)', lang: 'painless', params: { count: 4, tag: 'b' } },
  });
  t.is(r.status, 200);
  t.deepEqual(r.body, { _index: 'u', _type: 't', _id: '1', _version: 2, result: 'updated', _shards: { total: 1, successful: 1, failed: 0 } });
  const g = await node.request('GET', '/u/t/1');
  t.deepEqual(g.body._source, { counter: 5, tags: ['a', 'b'] });
  // a bare string script, default language painless
  const s = await node.request('POST', '/u/t/1/_update', { script: "ctx._source.name = 'x' + ctx._version" });
  t.is(s.body._version, 3);
  t.is((await node.request('GET', '/u/t/1')).body._source.name, 'x2');
});

test('ctx metadata is visible; ctx.op none is a noop, delete deletes', async (t) => {
  await put('2', { v: 1 });
  const meta = await node.request('POST', '/u/t/2/_update', {
    script: "ctx._source.meta = ctx._index + '/' + ctx._type + '/' + ctx._id + '/' + ctx._version + '/' + (ctx._now > 0)",
  });
  t.is(meta.status, 200);
  t.is((await node.request('GET', '/u/t/2')).body._source.meta, 'u/t/2/1/true');
  const none = await node.request('POST', '/u/t/2/_update', { script: "ctx.op = 'none'; ctx._source.v = 99" });
  t.is(none.status, 200);
  t.deepEqual(none.body, { _index: 'u', _type: 't', _id: '2', _version: 2, result: 'noop', _shards: { total: 0, successful: 0, failed: 0 } });
  t.is((await node.request('GET', '/u/t/2')).body._source.v, 1);
  const del = await node.request('POST', '/u/t/2/_update', { script: "if (ctx._source.v == 1) { ctx.op = 'delete' }" });
  t.is(del.status, 200);
  t.deepEqual(del.body, { _index: 'u', _type: 't', _id: '2', _version: 3, result: 'deleted', _shards: { total: 1, successful: 1, failed: 0 } });
  t.is((await node.request('GET', '/u/t/2')).status, 404);
});

test('upsert, scripted_upsert and document_missing', async (t) => {
  const up = await node.request('POST', '/u/t/3/_update', { script: 'ctx._source.n += 1', upsert: { n: 10 } });
  t.is(up.status, 201);
  t.is(up.body.result, 'created');
  t.deepEqual((await node.request('GET', '/u/t/3')).body._source, { n: 10 });
  const again = await node.request('POST', '/u/t/3/_update', { script: 'ctx._source.n += 1', upsert: { n: 10 } });
  t.is(again.body.result, 'updated');
  t.deepEqual((await node.request('GET', '/u/t/3')).body._source, { n: 11 });
  const scripted = await node.request('POST', '/u/t/4/_update', {
    scripted_upsert: true,
    script: { inline: "ctx._source.n = params.start; ctx._source.op = ctx.op", params: { start: 7 } },
    upsert: {},
  });
  t.is(scripted.status, 201);
  t.deepEqual((await node.request('GET', '/u/t/4')).body._source, { n: 7, op: 'create' });
  const aborted = await node.request('POST', '/u/t/5/_update', { scripted_upsert: true, script: "ctx.op = 'none'", upsert: {} });
  t.is(aborted.body.result, 'noop');
  t.is((await node.request('GET', '/u/t/5')).status, 404);
  const missing = await node.request('POST', '/u/t/6/_update', { script: 'ctx._source.n = 1' });
  t.is(missing.status, 404);
  t.is(missing.body.error.type, 'document_missing_exception');
});

test('the updated document comes back with _source / fields', async (t) => {
  await put('7', { a: 1 });
  const r = await node.request('POST', '/u/t/7/_update?fields=_source', { script: 'ctx._source.a = 2' });
  t.deepEqual(r.body.get, { found: true, _source: { a: 2 } });
});

test('bulk update items run scripts, with per-item failures', async (t) => {
  await put('8', { n: 1 });
  const r = await node.request('POST', '/_bulk', ndjson([
    { update: { _index: 'u', _type: 't', _id: '8' } },
    { script: { inline: 'ctx._source.n *= params.f', params: { f: 3 } } },
    { update: { _index: 'u', _type: 't', _id: '8' } },
    { script: 'ctx._source.n.foo()' },
    { update: { _index: 'u', _type: 't', _id: '9' } },
    { script: 'ctx._source.n++', upsert: { n: 0 } },
  ]));
  t.is(r.status, 200);
  t.true(r.body.errors);
  t.is(r.body.items[0].update.result, 'updated');
  t.is(r.body.items[1].update.status, 400);
  t.is(r.body.items[1].update.error.type, 'illegal_argument_exception');
  t.is(r.body.items[1].update.error.caused_by.type, 'script_exception');
  t.is(r.body.items[1].update.error.caused_by.caused_by.reason, 'Unable to find dynamic method [foo] with [0] arguments for class [java.lang.Integer].');
  t.is(r.body.items[2].update.result, 'created');
  t.deepEqual((await node.request('GET', '/u/t/8')).body._source, { n: 3 });
});

test('a compile error answers ES 5.6 script_exception inside failed to execute script', async (t) => {
  await put('10', { n: 1 });
  const r = await node.request('POST', '/u/t/10/_update', { script: 'ctx._source.n = ' });
  t.is(r.status, 400);
  t.deepEqual(r.body, {
    error: {
      // the top-level IAE is a plain Java exception: it is its own root cause (ES guessRootCauses)
      root_cause: [{ type: 'illegal_argument_exception', reason: 'failed to execute script' }],
      type: 'illegal_argument_exception',
      reason: 'failed to execute script',
      caused_by: {
        type: 'script_exception',
        reason: 'compile error',
        script_stack: ['ctx._source.n = ', '                ^---- HERE'],
        script: 'ctx._source.n = ',
        lang: 'painless',
        caused_by: { type: 'illegal_argument_exception', reason: 'unexpected end of script.' },
      },
    },
    status: 400,
  });
});

test('runtime errors and the loop limit', async (t) => {
  await put('11', { n: 1 });
  const npe = await node.request('POST', '/u/t/11/_update', { script: 'ctx._source.missing.x = 1' });
  t.is(npe.status, 400);
  t.deepEqual(npe.body.error.caused_by, {
    type: 'script_exception',
    reason: 'runtime error',
    script_stack: ['ctx._source.missing.x = 1', '                      ^---- HERE'],
    script: 'ctx._source.missing.x = 1',
    lang: 'painless',
    caused_by: { type: 'null_pointer_exception', reason: null },
  });
  const loop = await node.request('POST', '/u/t/11/_update', { script: 'while (true) { ctx._source.n++ }' });
  t.is(loop.status, 400);
  t.is(loop.body.error.caused_by.caused_by.type, 'painless_error');
  t.is(loop.body.error.caused_by.caused_by.reason, 'The maximum number of statements that can be executed in a loop has been reached.');
  t.deepEqual((await node.request('GET', '/u/t/11')).body._source, { n: 1 });
});

test('unknown and unsupported languages are refused as 5.6 does', async (t) => {
  await put('12', { n: 1 });
  for (const lang of ['doesnotexist', 'groovy', 'javascript', 'python']) {
    const r = await node.request('POST', '/u/t/12/_update', { script: { inline: '1', lang } });
    t.is(r.status, 400, lang);
    t.deepEqual(r.body.error, {
      root_cause: [{ type: 'illegal_argument_exception', reason: 'failed to execute script' }],
      type: 'illegal_argument_exception',
      reason: 'failed to execute script',
      caused_by: { type: 'illegal_argument_exception', reason: `script_lang not supported [${lang}]` },
    });
  }
  // legacy top-level lang beside a string script
  const legacy = await node.request('POST', '/u/t/12/_update', { script: '1', lang: 'doesnotexist', params: { bar: 'xxx' } });
  t.regex(legacy.text, /script_lang not supported \[doesnotexist\]/);
  const expr = await node.request('POST', '/u/t/12/_update', { script: { inline: '1', lang: 'expression' } });
  t.is(expr.body.error.caused_by.type, 'unsupported_operation_exception');
  t.is(expr.body.error.caused_by.reason, 'scripts of type [inline], operation [update] and lang [expression] are not supported');
});

test('disabled inline scripts', async (t) => {
  const other = await startTestNode({ settings: { 'script.inline': 'false' } });
  try {
    await other.request('PUT', '/d/t/1?refresh=true', { n: 1 });
    const r = await other.request('POST', '/d/t/1/_update', { script: 'ctx._source.n = 2' });
    t.is(r.status, 400);
    t.deepEqual(r.body.error.caused_by, {
      type: 'illegal_state_exception',
      reason: 'scripts of type [inline], operation [update] and lang [painless] are disabled',
    });
  } finally {
    await other.close();
  }
});

test('script.max_compilations_per_minute limits new compilations, not cached ones', async (t) => {
  const other = await startTestNode({ settings: { 'script.max_compilations_per_minute': '2' } });
  try {
    await other.request('PUT', '/c/t/1?refresh=true', { n: 0 });
    for (let i = 0; i < 2; i++) {
      const ok = await other.request('POST', '/c/t/1/_update', { script: `ctx._source.n += ${i + 1}` });
      t.is(ok.status, 200);
    }
    // the cached script compiles no more
    t.is((await other.request('POST', '/c/t/1/_update', { script: 'ctx._source.n += 1' })).status, 200);
    const r = await other.request('POST', '/c/t/1/_update', { script: 'ctx._source.n += 3' });
    // UpdateHelper wraps every script failure in an IAE, so the status is 400
    t.is(r.status, 400);
    t.deepEqual(r.body.error.caused_by, {
      type: 'general_script_exception',
      reason: 'Failed to compile inline script [ctx._source.n += 3] using lang [painless]',
      caused_by: {
        type: 'circuit_breaking_exception',
        reason: '[script] Too many dynamic script compilations within one minute, max: [2/min]; please use on-disk, indexed, or scripts with parameters instead; this limit can be changed by the [script.max_compilations_per_minute] setting',
        bytes_wanted: 0,
        bytes_limit: 0,
      },
    });
  } finally {
    await other.close();
  }
});

test('script.max_compilations_per_minute is a dynamic cluster setting', async (t) => {
  const other = await startTestNode({ settings: { 'script.max_compilations_per_minute': '0' } });
  try {
    await other.request('PUT', '/c/t/1?refresh=true', { n: 0 });
    const refused = await other.request('POST', '/c/t/1/_update', { script: 'ctx._source.n = 1' });
    t.is(refused.body.error.caused_by.caused_by.type, 'circuit_breaking_exception');
    const bad = await other.request('PUT', '/_cluster/settings', { transient: { 'script.max_compilations_per_minute': -1 } });
    t.is(bad.status, 400);
    t.is(bad.body.error.reason, 'Failed to parse value [-1] for setting [script.max_compilations_per_minute] must be >= 0');
    const ok = await other.request('PUT', '/_cluster/settings', { transient: { 'script.max_compilations_per_minute': 100 } });
    t.is(ok.status, 200);
    t.is((await other.request('POST', '/c/t/1/_update', { script: 'ctx._source.n = 1' })).status, 200);
  } finally {
    await other.close();
  }
});

test('a scripted _source keeps Java doubles as written (10.0)', async (t) => {
  await put('13', { n: 1, p: 2.5 });
  const r = await node.request('POST', '/u/t/13/_update', { script: 'ctx._source.price = 10.0; ctx._source.n = ctx._source.n * 2; ctx._source.p *= 2' });
  t.is(r.status, 200);
  await node.request('POST', '/u/_refresh');
  // search copies the stored source bytes (GET re-renders them)
  const s = await node.request('POST', '/u/_search', { query: { ids: { values: ['13'] } } });
  t.regex(s.text, /"_source":\{"n":2,"p":5\.0,"price":10\.0\}/);
});
