/**
 * Scripts in search over HTTP: script_fields (painless, expression, params._source), `_script`
 * sorts, the `script` query, function_score `script_score`, and their errors.
 */
import test from 'ava';
import { startTestNode, ndjson, type TestNode } from '../helpers/node.js';

let node: TestNode;

test.before(async () => {
  node = await startTestNode({ settings: { 'script.max_compilations_per_minute': '10000' } });
  const r = await node.request('PUT', '/s', {
    settings: { number_of_shards: 1, number_of_replicas: 0 },
    mappings: { t: { properties: { n: { type: 'long' }, p: { type: 'double' }, tag: { type: 'keyword' }, body: { type: 'text' } } } },
  });
  if (r.status !== 200) throw new Error(r.text);
  const b = await node.request('POST', '/_bulk?refresh=true', ndjson([
    { index: { _index: 's', _type: 't', _id: '1' } }, { n: 1, p: 2.5, tag: 'b', body: 'x' },
    { index: { _index: 's', _type: 't', _id: '2' } }, { n: 3, p: 0.5, tag: 'a', body: 'x y' },
    { index: { _index: 's', _type: 't', _id: '3' } }, { n: 2, p: 4, tag: 'c', body: 'y' },
    { index: { _index: 's', _type: 't', _id: '4' } }, { tag: 'd' },
  ]));
  if (b.body.errors) throw new Error(b.text);
});

test.after.always(async () => {
  await node?.close();
});

test('script_fields in painless and expression, with params and params._source', async (t) => {
  const r = await node.request('POST', '/s/_search', {
    query: { ids: { values: ['1', '3'] } },
    sort: ['_doc'],
    script_fields: {
      twice: { script: { inline: "doc['n'].value * params.f", params: { f: 2 } } },
      expr: { script: { lang: 'expression', inline: "doc['n'].value + 19" } },
      src: { script: "params._source.tag + '!'" },
      list: { script: "[doc['n'].value, doc['tag'].value, doc['n'].empty]" },
    },
  });
  t.is(r.status, 200, r.text);
  t.deepEqual(r.body.hits.hits.map((h: any) => h.fields), [
    { twice: [2], expr: [20], src: ['b!'], list: [1, 'b', false] },
    { twice: [4], expr: [21], src: ['c!'], list: [2, 'c', false] },
  ]);
  t.is(r.body.hits.hits[0]._source, undefined);
  // Java doubles print as ES prints them
  t.regex(r.text, /"expr":\[20\.0\]/);
});

test('missing values read as 0 (numbers) and null (strings); .empty and .values', async (t) => {
  const r = await node.request('POST', '/s/_search', {
    query: { ids: { values: ['4'] } },
    script_fields: { v: { script: "doc['n'].value + '/' + doc['n'].empty + '/' + doc['n'].values.size() + '/' + doc['p'].value" } },
  });
  t.deepEqual(r.body.hits.hits[0].fields, { v: ['0/true/0/0.0'] });
});

test('_script sorts by number and by string', async (t) => {
  const num = await node.request('POST', '/s/_search', {
    query: { exists: { field: 'n' } },
    sort: { _script: { type: 'number', order: 'desc', script: { inline: "doc['p'].value * params.m", params: { m: -1 } } } },
  });
  t.deepEqual(num.body.hits.hits.map((h: any) => h._id), ['2', '1', '3']);
  t.deepEqual(num.body.hits.hits.map((h: any) => h.sort), [[-0.5], [-2.5], [-4]]);
  const str = await node.request('POST', '/s/_search', {
    sort: [{ _script: { type: 'string', script: "doc['tag'].value + 'z'" } }],
  });
  t.deepEqual(str.body.hits.hits.map((h: any) => h.sort[0]), ['az', 'bz', 'cz', 'dz']);
  const expr = await node.request('POST', '/s/_search', {
    query: { exists: { field: 'n' } },
    sort: { _script: { type: 'number', script: { lang: 'expression', inline: "ln(1 + doc['n'].value)" } } },
  });
  t.deepEqual(expr.body.hits.hits.map((h: any) => h._id), ['1', '3', '2']);
});

test('the script query filters by the script result', async (t) => {
  const r = await node.request('POST', '/s/_search', {
    query: { bool: { filter: { script: { script: { inline: "doc['n'].value >= params.min", params: { min: 2 } } } } } },
    sort: ['_doc'],
  });
  t.deepEqual(r.body.hits.hits.map((h: any) => h._id), ['2', '3']);
  const e = await node.request('POST', '/s/_search', {
    query: { script: { script: { lang: 'expression', inline: "doc['p'].value > 1" } } },
    sort: ['_doc'],
  });
  t.deepEqual(e.body.hits.hits.map((h: any) => h._id), ['1', '3']);
  t.is(e.body.hits.hits[0]._score, null);
  const scored = await node.request('POST', '/s/_search', { query: { script: { script: "doc['n'].value == 3", boost: 2 } } });
  t.is(scored.body.hits.hits[0]._score, 2);
});

test('function_score script_score uses _score and doc values', async (t) => {
  const r = await node.request('POST', '/s/_search', {
    query: {
      function_score: {
        query: { match_all: {} },
        functions: [{ script_score: { script: { inline: "_score * (doc['n'].value + params.add)", params: { add: 1 } } } }],
        boost_mode: 'replace',
      },
    },
  });
  t.deepEqual(r.body.hits.hits.map((h: any) => [h._id, h._score]), [['2', 4], ['3', 3], ['1', 2], ['4', 1]]);
  const ex = await node.request('POST', '/s/_search', {
    query: { function_score: { query: { match_all: {} }, script_score: { script: { lang: 'expression', inline: "doc['p'].value" } }, boost_mode: 'replace' } },
  });
  t.deepEqual(ex.body.hits.hits.map((h: any) => h._id), ['3', '1', '2', '4']);
});

test('search script errors: compile error, runtime error, text fields, unknown language', async (t) => {
  const compile = await node.request('POST', '/s/_search', { script_fields: { x: { script: 'doc[' } } });
  t.is(compile.status, 400);
  t.is(compile.body.error.root_cause[0].type, 'script_exception');
  t.is(compile.body.error.root_cause[0].reason, 'compile error');
  t.is(compile.body.error.root_cause[0].lang, 'painless');
  const q = await node.request('POST', '/s/_search', { query: { script: { script: "doc['n'].value.foo()" } } });
  t.is(q.status, 400);
  t.is(q.body.error.type, 'search_phase_execution_exception');
  t.deepEqual(q.body.error.failed_shards[0].reason, {
    type: 'script_exception',
    reason: 'runtime error',
    script_stack: ["doc['n'].value.foo()", '               ^---- HERE'],
    script: "doc['n'].value.foo()",
    lang: 'painless',
    caused_by: { type: 'illegal_argument_exception', reason: 'Unable to find dynamic method [foo] with [0] arguments for class [java.lang.Integer].' },
  });
  const text = await node.request('POST', '/s/_search', { sort: { _script: { type: 'string', script: "doc['body'].value" } } });
  t.is(text.status, 400);
  t.regex(text.text, /Fielddata is disabled on text fields by default/);
  const lang = await node.request('POST', '/s/_search', { query: { script: { script: { inline: '1', lang: 'groovy' } } } });
  t.is(lang.status, 400);
  t.deepEqual(lang.body.error.failed_shards[0].reason.caused_by, { type: 'illegal_argument_exception', reason: 'script_lang not supported [groovy]' });
  const expr = await node.request('POST', '/s/_search', { script_fields: { x: { script: { lang: 'expression', inline: 'doc["n"].value +' } } } });
  t.is(expr.status, 400);
  t.is(expr.body.error.failed_shards[0].reason.type, 'script_exception');
  t.is(expr.body.error.failed_shards[0].reason.lang, 'expression');
});

test('a number script answering a list, a string or null fails the shard with Java cast errors, not an internal error', async (t) => {
  // ES 5.6's Painless `runAsDouble` casts the answer to Number outside the script
  const failure = async (body: Record<string, unknown>): Promise<unknown> => {
    const r = await node.request('POST', '/s/_search', body);
    t.is(r.status, 500);
    t.like(r.body.error, { type: 'search_phase_execution_exception', reason: 'all shards failed' });
    return r.body.error.failed_shards[0].reason;
  };
  const sort = (inline: string) => ({ sort: [{ _script: { type: 'number', script: { inline } } }] });
  t.deepEqual(await failure(sort("doc['n'].values")), { type: 'class_cast_exception', reason: 'java.util.ArrayList cannot be cast to java.lang.Number' });
  t.deepEqual(await failure(sort("'x'")), { type: 'class_cast_exception', reason: 'java.lang.String cannot be cast to java.lang.Number' });
  t.deepEqual(await failure(sort('null')), { type: 'null_pointer_exception', reason: null });
  const scored = { query: { function_score: { script_score: { script: "doc['n'].values" } } } };
  t.deepEqual(await failure(scored), { type: 'class_cast_exception', reason: 'java.util.ArrayList cannot be cast to java.lang.Number' });
});

test('aggregation scripts: booleans count as 1 and 0, dates as millis; other values are ES 5.6 aggregation errors, never internal ones', async (t) => {
  const agg = async (a: Record<string, unknown>): Promise<any> => (await node.request('POST', '/s/_search', { size: 0, aggs: { a } })).body;
  // ES 5.6 ScriptDoubleValues#toDoubleValue
  t.like((await agg({ stats: { script: "doc['n'].value > 1" } })).aggregations.a, { count: 4, sum: 2 });
  t.like((await agg({ stats: { script: "doc['n'].values" } })).aggregations.a, { count: 3, sum: 6 });
  const reason = async (a: Record<string, unknown>): Promise<unknown> => (await agg(a)).error.failed_shards[0].reason;
  t.deepEqual(await reason({ stats: { script: "'x'" } }), { type: 'aggregation_execution_exception', reason: 'Unsupported script value [x], expected a number, date, or boolean' });
  t.deepEqual(await reason({ stats: { script: "['k': 1]" } }), { type: 'aggregation_execution_exception', reason: 'Unsupported script value [{k=1}], expected a number, date, or boolean' });
  t.deepEqual(await reason({ histogram: { script: "[1, 'x']", interval: 1 } }), { type: 'aggregation_execution_exception', reason: 'Unsupported script value [x], expected a number, date, or boolean' });
  // a value script runs once per field value through runAsDouble (ValuesSource.WithScript)
  t.like((await agg({ stats: { field: 'n', script: '_value * 2' } })).aggregations.a, { count: 3, sum: 12 });
  t.deepEqual(await reason({ stats: { field: 'n', script: "'x'" } }), { type: 'class_cast_exception', reason: 'java.lang.String cannot be cast to java.lang.Number' });
  // a significance heuristic casts to Number; bucket_selector casts its answer to boolean
  t.deepEqual(await reason({ significant_terms: { field: 'tag', min_doc_count: 1, script_heuristic: { script: "'x'" } } }), { type: 'class_cast_exception', reason: 'java.lang.String cannot be cast to java.lang.Number' });
  const selector = async (inline: string): Promise<unknown> => {
    const body = await agg({ terms: { field: 'tag' }, aggs: { m: { max: { field: 'n' } }, keep: { bucket_selector: { buckets_path: { x: 'm' }, script: { inline } } } } });
    return { type: body.error.type, reason: body.error.reason };
  };
  t.deepEqual(await selector("'yes'"), { type: 'class_cast_exception', reason: 'java.lang.String cannot be cast to java.lang.Boolean' });
  t.deepEqual(await selector('params.x'), { type: 'class_cast_exception', reason: 'java.lang.Double cannot be cast to java.lang.Boolean' });
  t.deepEqual(await selector('null'), { type: 'null_pointer_exception', reason: null });
});

test('date doc values are Joda date-times in painless and millis in expressions', async (t) => {
  await node.request('PUT', '/d', { settings: { number_of_shards: 1 }, mappings: { t: { properties: { at: { type: 'date' } } } } });
  await node.request('PUT', '/d/t/1?refresh=true', { at: '2017-03-05T10:20:30.400Z' });
  const r = await node.request('POST', '/d/_search', {
    script_fields: {
      parts: { script: "def d = doc['at'].value; [d.year, d.monthOfYear, d.dayOfMonth, d.getDayOfWeek(), d.hourOfDay, d.getMillis()]" },
      str: { script: "'' + doc['at'].date" },
      millis: { script: { lang: 'expression', inline: "doc['at'].value" } },
    },
  });
  t.deepEqual(r.body.hits.hits[0].fields, {
    parts: [2017, 3, 5, 7, 10, 1488709230400],
    str: ['2017-03-05T10:20:30.400Z'],
    millis: [1488709230400],
  });
});

test('the loop limit and disabled inline scripts in search', async (t) => {
  const loop = await node.request('POST', '/s/_search', { query: { ids: { values: ['1'] } }, script_fields: { x: { script: 'int i = 0; while (true) { i++ } return i;' } } });
  t.is(loop.status, 500);
  t.is(loop.body.error.type, 'search_phase_execution_exception');
  // ES's loop counter (1M statements), or first the event loop's 50 ms watchdog on a busy machine
  const cause = loop.body.error.failed_shards[0].reason.caused_by;
  t.is(cause.type, 'painless_error');
  t.true(
    ['The maximum number of statements that can be executed in a loop has been reached.', 'The maximum time of [50ms] that a script can run has been reached.'].includes(cause.reason),
    cause.reason,
  );
  const other = await startTestNode({ settings: { 'script.search': 'false' } });
  try {
    await other.request('PUT', '/x/t/1?refresh=true', { n: 1 });
    const r = await other.request('POST', '/x/_search', { script_fields: { v: { script: "doc['n'].value" } } });
    t.is(r.status, 500);
    t.deepEqual(r.body.error.root_cause[0], {
      type: 'illegal_state_exception',
      reason: 'scripts of type [inline], operation [search] and lang [painless] are disabled',
    });
    // updates are another operation, still allowed
    t.is((await other.request('POST', '/x/t/1/_update', { script: 'ctx._source.n = 2' })).status, 200);
  } finally {
    await other.close();
  }
});

test('doc values of _uid, _type and _id', async (t) => {
  const r = await node.request('POST', '/s/_search', {
    query: { ids: { values: ['2'] } },
    script_fields: { m: { script: "doc['_uid'].value + ' ' + doc['_type'].value + ' ' + doc['_id'].value" } },
    sort: { _script: { type: 'string', script: "doc['_uid'].value" } },
  });
  t.deepEqual(r.body.hits.hits[0].fields, { m: ['t#2 t 2'] });
  t.deepEqual(r.body.hits.hits[0].sort, ['t#2']);
});
