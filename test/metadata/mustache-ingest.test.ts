import test from 'ava';
import { renderMustache } from '../../lib/mustache/render.js';
import { resolveDateMathIndexName } from '../../lib/datemath-index-name.js';
import { generateRolloverIndexName } from '../../lib/action/rollover/rollover-name.js';
import { createPipeline } from '../../lib/ingest/pipeline.js';
import { IngestDocument } from '../../lib/ingest/ingest-document.js';
import { startTestNode } from '../helpers/node.js';
import { ScriptService } from '../../lib/script/script-service.js';

const env = { scripts: new ScriptService({ settings: {}, stored: () => undefined }) };
test.before(() => env.scripts.ready()); // script processors compile: the compilers load first

test('mustache: JSON escaping, sections, defaults, toJson, join with delimiter', (t) => {
  t.is(renderMustache('{"q":"{{q}}"}', { q: 'a"b\\c' }), '{"q":"a\\"b\\\\c"}');
  t.is(renderMustache('{{#list}}{{.}};{{/list}}', { list: [1, 2] }), '1;2;');
  t.is(renderMustache('{{size}}{{^size}}10{{/size}}', {}), '10');
  t.is(renderMustache('{{#toJson}}terms{{/toJson}}', { terms: { a: [1, 'x'] } }), '{"a":[1,"x"]}');
  t.is(renderMustache('{{#join}}tags{{/join}}', { tags: ['a', 'b'] }), 'a,b');
  t.is(renderMustache("{{#join delimiter='||'}}tags{{/join delimiter='||'}}", { tags: ['a', 'b'] }), 'a||b');
  const err = t.throws(() => renderMustache('{"a":"{{{x}}"}', {}));
  t.regex(JSON.stringify((err as unknown as { causedBy: { message: string } }).causedBy.message), /Improperly closed variable in query-template/);
});

test('date math index names and rollover names', (t) => {
  const now = Date.UTC(2017, 2, 22, 10, 0, 0);
  t.is(resolveDateMathIndexName('<logs-{now/d}-1>', now), 'logs-2017.03.22-1');
  t.is(resolveDateMathIndexName('<logs-{now/M{YYYY.MM}}>', now), 'logs-2017.03');
  t.is(resolveDateMathIndexName('plain', now), 'plain');
  t.is(generateRolloverIndexName('logs-1'), 'logs-000002');
  t.is(generateRolloverIndexName('<logs-{now/d}-1>', now), '<logs-{now/d}-000002>');
});

test('ingest pipeline: processors, on_failure metadata, config errors', (t) => {
  const p = createPipeline('p', {
    processors: [
      { rename: { field: 'a', target_field: 'b' } },
      { convert: { field: 'n', type: 'integer' } },
      { split: { field: 's', separator: ',' } },
      { foreach: { field: 's', processor: { uppercase: { field: '_ingest._value' } } } },
      { set: { field: 'copy', value: '{{b}}-{{_index}}' } },
      { fail: { message: 'boom {{b}}', on_failure: [{ set: { field: 'why', value: '{{_ingest.on_failure_message}}' } }] } },
    ],
  }, env);
  const doc = IngestDocument.from({ _index: 'i', _type: 't', _id: '1' }, { a: 'x', n: '42', s: 'p,q' }, '2017-01-01T00:00:00.000Z');
  p.processor.execute(doc);
  t.deepEqual(doc.source(), { n: 42, s: ['P', 'Q'], b: 'x', copy: 'x-i', why: 'boom x' });
  const e = t.throws(() => createPipeline('p', { processors: [{ set: { tag: 'fails', value: 1 } }] }, env)) as unknown as { reason: string; metadata: unknown };
  t.is(e.reason, '[field] required property is missing');
  t.deepEqual(e.metadata, { header: { processor_type: 'set', processor_tag: 'fails', property_name: 'field' } });
});

test('ingest over HTTP: pipeline parameter, per-item bulk failures, simulate', async (t) => {
  const n = await startTestNode();
  try {
    await n.request('PUT', '/_ingest/pipeline/up', { processors: [{ uppercase: { field: 'f' } }] });
    const idx = await n.request('PUT', '/i/t/1?pipeline=up&refresh=true', { f: 'abc' });
    t.is(idx.status, 201);
    t.deepEqual((await n.request('GET', '/i/t/1')).body._source, { f: 'ABC' });
    const bulk = await n.request('POST', '/_bulk', '{"index":{"_index":"i","_type":"t","_id":"2","pipeline":"up"}}\n{"f":1}\n{"index":{"_index":"i","_type":"t","_id":"3","pipeline":"missing"}}\n{"f":"x"}\n{"index":{"_index":"i","_type":"t","_id":"4","pipeline":"up"}}\n{"f":"ok"}\n');
    t.is(bulk.body.errors, true);
    t.is(bulk.body.items[0].index.error.type, 'exception');
    t.is(bulk.body.items[0].index.error.header.processor_type, 'uppercase');
    t.is(bulk.body.items[1].index.error.reason, 'pipeline with id [missing] does not exist');
    t.is(bulk.body.items[2].index.status, 201);
    const sim = await n.request('POST', '/_ingest/pipeline/up/_simulate', { docs: [{ _source: { f: 'x' } }] });
    t.is(sim.body.docs[0].doc._source.f, 'X');
    t.is(sim.body.docs[0].doc._index, '_index');
    t.is((await n.request('DELETE', '/_ingest/pipeline/nope')).body.error.reason, 'pipeline [nope] is missing');
  } finally {
    await n.close();
  }
});
