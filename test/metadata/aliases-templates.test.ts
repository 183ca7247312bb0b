import test from 'ava';
import { startTestNode } from '../helpers/node.js';

test('aliases: add/remove swap, delete and exists forms, errors', async (t) => {
  const n = await startTestNode();
  try {
    t.is((await n.request('PUT', '/logs-1')).status, 200);
    t.is((await n.request('PUT', '/logs-2')).status, 200);
    t.is((await n.request('HEAD', '/_alias/logs')).status, 404);
    const add = await n.request('POST', '/_aliases', {
      actions: [{ add: { index: 'logs-1', alias: 'logs', routing: 5, filter: { term: { user: 'kimchy' } } } }],
    });
    t.deepEqual(add.body, { acknowledged: true });
    t.is((await n.request('HEAD', '/_alias/logs')).status, 200);
    t.is((await n.request('HEAD', '/logs-1/_alias/logs')).status, 200);
    t.is((await n.request('HEAD', '/logs-2/_alias/logs')).status, 404);
    t.deepEqual((await n.request('GET', '/_alias/logs')).body, {
      'logs-1': { aliases: { logs: { filter: { term: { user: 'kimchy' } }, index_routing: '5', search_routing: '5' } } },
    });
    // One request swaps the alias atomically.
    await n.request('POST', '/_aliases', { actions: [{ remove: { index: 'logs-1', alias: 'logs' } }, { add: { index: 'logs-2', alias: 'logs' } }] });
    t.deepEqual((await n.request('GET', '/_alias/logs')).body, { 'logs-2': { aliases: { logs: {} } } });
    // Missing alias names: 404 with ES's body beside what was found.
    const missing = await n.request('GET', '/_alias/logs,nope');
    t.is(missing.status, 404);
    t.deepEqual(missing.body, { error: 'alias [nope] missing', status: 404, 'logs-2': { aliases: { logs: {} } } });
    // An alias may not take an index's name, nor an index an alias's.
    const clash = await n.request('PUT', '/logs-2/_alias/logs-1');
    t.is(clash.status, 400);
    t.is(clash.body.error.type, 'invalid_alias_name_exception');
    t.is(clash.body.error.reason, 'Invalid alias name [logs-1], an index exists with the same name as the alias');
    const idx = await n.request('PUT', '/logs');
    t.is(idx.body.error.type, 'invalid_index_name_exception');
    t.is(idx.body.error.reason, 'Invalid index name [logs], already exists as alias');
    // Writing through an alias on two indices fails as ES does.
    await n.request('PUT', '/logs-1/_alias/both');
    await n.request('PUT', '/logs-2/_alias/both');
    const w = await n.request('PUT', '/both/t/1', { a: 1 });
    t.is(w.status, 400);
    t.is(w.body.error.reason, "Alias [both] has more than one indices associated with it [[logs-1, logs-2]], can't execute a single index op");
    // DELETE with patterns; nothing matched → aliases_not_found_exception.
    t.deepEqual((await n.request('DELETE', '/logs-*/_alias/bo*')).body, { acknowledged: true });
    const gone = await n.request('DELETE', '/logs-1/_alias/both');
    t.is(gone.status, 404);
    t.is(gone.body.error.type, 'aliases_not_found_exception');
    t.is(gone.body.error.reason, 'aliases [both] missing');
    // remove_index swaps an index for an alias.
    await n.request('POST', '/_aliases', { actions: [{ add: { index: 'logs-2', alias: 'logs-1' } }, { remove_index: { index: 'logs-1' } }] });
    t.deepEqual(Object.keys((await n.request('GET', '/_alias/logs-1')).body), ['logs-2']);
    const bad = await n.request('POST', '/_aliases', { actions: [{ add: { index: 'logs-2' } }] });
    t.is(bad.body.error.reason, 'One of [alias] or [aliases] is required');
    const cat = await n.request('GET', '/_cat/aliases?v');
    t.regex(cat.text, /^alias\s+index\s+filter\s+routing.index\s+routing.search\n/);
    t.regex(cat.text, /\nlogs\s+logs-2\s+-\s+-\s+-\n/);
  } finally {
    await n.close();
  }
});

test('templates apply at creation; rollover; metadata survives a restart', async (t) => {
  const n = await startTestNode();
  let restarted: Awaited<ReturnType<typeof startTestNode>> | undefined;
  try {
    const put = await n.request('PUT', '/_template/logs', {
      template: 'logs-*', order: 1, version: 3,
      settings: { number_of_shards: 1, number_of_replicas: 0 },
      aliases: { '{index}-alias': {}, all_logs: { routing: 'r' } },
    });
    t.deepEqual(put.body, { acknowledged: true });
    t.deepEqual((await n.request('GET', '/_template/logs')).body, {
      logs: {
        order: 1, version: 3, template: 'logs-*',
        settings: { index: { number_of_replicas: '0', number_of_shards: '1' } },
        mappings: {},
        aliases: { '{index}-alias': {}, all_logs: { index_routing: 'r', search_routing: 'r' } },
      },
    });
    t.is((await n.request('HEAD', '/_template/logs')).status, 200);
    t.is((await n.request('GET', '/_template/nope')).status, 404);
    const again = await n.request('PUT', '/_template/logs?create=true', { template: 'x*' });
    t.is(again.body.error.reason, 'index_template [logs] already exists');
    await n.request('PUT', '/logs-000001', { settings: { number_of_replicas: 1 }, aliases: { logs_write: {} } });
    const settings = (await n.request('GET', '/logs-000001/_settings?flat_settings')).body['logs-000001'].settings;
    t.is(settings['index.number_of_shards'], '1');
    t.is(settings['index.number_of_replicas'], '1');
    t.deepEqual(Object.keys((await n.request('GET', '/logs-000001/_alias')).body['logs-000001'].aliases), ['all_logs', 'logs-000001-alias', 'logs_write']);

    const dry = await n.request('POST', '/logs_write/_rollover?dry_run', { conditions: { max_docs: '0', max_age: '1d' } });
    t.deepEqual(dry.body, {
      old_index: 'logs-000001', new_index: 'logs-000002', rolled_over: false, dry_run: true,
      acknowledged: false, shards_acknowledged: false, conditions: { '[max_docs: 0]': true, '[max_age: 1d]': false },
    });
    const ro = await n.request('POST', '/logs_write/_rollover', { conditions: { max_docs: 0 } });
    t.is(ro.body.rolled_over, true);
    t.is(ro.body.new_index, 'logs-000002');
    t.deepEqual(Object.keys((await n.request('GET', '/_alias/logs_write')).body), ['logs-000002']);
    const noName = await n.request('PUT', '/plain', { aliases: { plain_alias: {} } });
    t.is(noName.status, 200);
    const err = await n.request('POST', '/plain_alias/_rollover');
    t.is(err.body.error.reason, "index name [plain] does not match pattern '^.*-\\d+$'");

    await n.request('PUT', '/_ingest/pipeline/p1', { description: 'd', processors: [{ set: { field: 'x', value: '{{y}}' } }] });
    await n.request('POST', '/_search/template/st1', { template: { query: { match: { f: '{{q}}' } } } });
    await n.stop();

    restarted = await startTestNode({ dataPath: n.dataPath });
    const r = restarted;
    t.is((await r.request('GET', '/_template/logs')).body.logs.version, 3);
    t.deepEqual(Object.keys((await r.request('GET', '/_alias/logs_write')).body), ['logs-000002']);
    t.deepEqual((await r.request('GET', '/_ingest/pipeline/p1')).body, { p1: { description: 'd', processors: [{ set: { field: 'x', value: '{{y}}' } }] } });
    const rendered = await r.request('POST', '/_render/template/st1', { params: { q: 'a "quoted" word' } });
    t.deepEqual(rendered.body, { template_output: { query: { match: { f: 'a "quoted" word' } } } });
    t.deepEqual((await r.request('DELETE', '/_template/logs')).body, { acknowledged: true });
    t.is((await r.request('DELETE', '/_template/logs')).body.error.type, 'index_template_missing_exception');
  } finally {
    if (restarted) await restarted.close();
    else await n.close();
  }
});
