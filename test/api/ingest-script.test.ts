/**
 * The ingest `script` processor over HTTP (ES 5.6 `ScriptProcessor`): `ctx` is the document
 * (source and metadata), `params`, inline and stored scripts, simulate, reindex through a
 * pipeline, the node's processor list, and ES's configuration and runtime errors.
 */
import test from 'ava';
import { startTestNode } from '../helpers/node.js';
import { seedNumbered } from '../helpers/seed.js';

test('script processor: ctx is the document, params, metadata, stored script, simulate, reindex', async (t) => {
  const n = await startTestNode();
  try {
    const put = await n.request('PUT', '/_ingest/pipeline/tag', {
      processors: [
        {
          script: {
            lang: 'painless',
            inline: "ctx.bytes_total = ctx.bytes_in + ctx.bytes_out; ctx.tags = params.tags; ctx._index = ctx._index + '-copy'; ctx.remove('junk')",
            params: { tags: ['a', 'b'] },
          },
        },
      ],
    });
    t.deepEqual(put.body, { acknowledged: true });
    const idx = await n.request('PUT', '/logs/doc/1?pipeline=tag&refresh=true', { bytes_in: 10, bytes_out: 5, junk: true });
    t.is(idx.status, 201);
    t.is(idx.body._index, 'logs-copy');
    t.deepEqual((await n.request('GET', '/logs-copy/doc/1')).body._source, { bytes_in: 10, bytes_out: 5, bytes_total: 15, tags: ['a', 'b'] });

    // a stored script by id (5.6: `PUT /_scripts/{lang}/{id}`), default language painless
    t.is((await n.request('PUT', '/_scripts/painless/double', { script: 'ctx.n = ctx.n * params.factor' })).status, 200);
    await n.request('PUT', '/_ingest/pipeline/dbl', { processors: [{ script: { id: 'double', params: { factor: 2 } } }] });
    const sim = await n.request('POST', '/_ingest/pipeline/dbl/_simulate', { docs: [{ _id: 'x', _source: { n: 21 } }] });
    t.deepEqual(sim.body.docs[0].doc._source, { n: 42 });
    t.is(sim.body.docs[0].doc._id, 'x');

    // reindex through the pipeline
    await seedNumbered(n, 'src', 3);
    const re = await n.request('POST', '/_reindex?refresh=true', { source: { index: 'src' }, dest: { index: 'dst', pipeline: 'dbl' } });
    t.like(re.body, { created: 3, failures: [] });
    t.deepEqual((await n.request('GET', '/dst/doc/3')).body._source, { n: 6, tag: 'odd' });

    const info = await n.request('GET', '/_nodes/ingest');
    const types = (Object.values(info.body.nodes)[0] as { ingest: { processors: Array<{ type: string }> } }).ingest.processors.map((p) => p.type);
    t.true(types.includes('script'));
  } finally {
    await n.close();
  }
});

test('script processor: ES 5.6 configuration and runtime errors', async (t) => {
  const n = await startTestNode();
  try {
    const none = await n.request('PUT', '/_ingest/pipeline/p', { processors: [{ script: { lang: 'painless', tag: 't1' } }] });
    t.is(none.status, 400);
    t.like(none.body.error, { type: 'parse_exception', reason: 'Need [file], [id], or [inline] parameter to refer to scripts', header: { processor_type: 'script', processor_tag: 't1' } });
    const two = await n.request('PUT', '/_ingest/pipeline/p', { processors: [{ script: { inline: 'ctx.a = 1', id: 's' } }] });
    t.like(two.body.error, { type: 'parse_exception', reason: 'Only one of [file], [id], or [inline] may be configured' });
    const extra = await n.request('PUT', '/_ingest/pipeline/p', { processors: [{ script: { inline: 'ctx.a = 1', junk: 1 } }] });
    t.is(extra.body.error.reason, 'processor [script] doesn\'t support one or more provided configuration parameters [junk]');
    const bad = await n.request('PUT', '/_ingest/pipeline/p', { processors: [{ script: { inline: 'ctx.a = ' } }] });
    t.is(bad.status, 400);
    t.is(bad.body.error.type, 'script_exception');
    t.deepEqual(bad.body.error.header, { processor_type: 'script', property_name: 'inline' });
    const lang = await n.request('PUT', '/_ingest/pipeline/p', { processors: [{ script: { inline: 'x', lang: 'groovy' } }] });
    t.is(lang.body.error.reason, 'script_lang not supported [groovy]');
    const missing = await n.request('PUT', '/_ingest/pipeline/p', { processors: [{ script: { id: 'nope' } }] });
    t.is(missing.status, 404);
    t.is(missing.body.error.reason, 'unable to find script [nope] in cluster state');

    // a runtime error fails the document, wrapped with the processor's type (CompoundProcessor)
    await n.request('PUT', '/_ingest/pipeline/boom', { processors: [{ script: { inline: 'ctx.a = ctx.missing.length()' } }] });
    const failed = await n.request('PUT', '/x/doc/1?pipeline=boom', { b: 1 });
    t.is(failed.status >= 400, true);
    t.is(failed.body.error.type, 'exception');
    t.is(failed.body.error.header.processor_type, 'script');
    t.is(failed.body.error.caused_by.caused_by.type, 'script_exception');
    t.is(failed.body.error.caused_by.caused_by.caused_by.type, 'null_pointer_exception');
    // on_failure sees the failure
    await n.request('PUT', '/_ingest/pipeline/caught', {
      processors: [{ script: { inline: 'ctx.a = ctx.missing.length()', on_failure: [{ set: { field: 'err', value: '{{_ingest.on_failure_processor_type}}' } }] } }],
    });
    const caught = await n.request('POST', '/_ingest/pipeline/caught/_simulate', { docs: [{ _source: { b: 1 } }] });
    t.deepEqual(caught.body.docs[0].doc._source, { b: 1, err: 'script' });
  } finally {
    await n.close();
  }
});
