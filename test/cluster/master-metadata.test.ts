/**
 * Cluster metadata beyond indices goes through the elected master (lib/action/master-task.ts):
 * index templates, ingest pipelines, stored scripts and search templates, persistent and
 * transient cluster settings, open/close and rollover. On a 3-node cluster of real processes each
 * is written through a node that is not the master and read through another node, which sees
 * exactly the same; the master's errors come back to the writer with ES's type and status; a
 * node restarted on its data directory keeps them all. Each step prints what it did.
 */
import test from 'ava';
import { request, ndjson } from '../helpers/node.js';
import { startLocalCluster } from '../helpers/local-cluster.js';
import { startNodeProcess, waitForCluster, type NodeProcess } from '../../scripts/cluster/node-process.js';

/** Every metadata read this test checks, as one node answers it. */
async function metadataSeenBy(url: string): Promise<Record<string, unknown>> {
  const get = async (path: string): Promise<unknown> => {
    const r = await request(url, 'GET', path);
    return { status: r.status, body: r.body };
  };
  return {
    template: await get('/_template/logs-template'),
    pipeline: await get('/_ingest/pipeline/upper'),
    script: await get('/_scripts/add-n'),
    searchTemplate: await get('/_search/template/by-tag'),
    settings: await get('/_cluster/settings'),
    closed: await get('/_cat/indices/shut?h=index,status&format=json'),
    aliases: await get('/_alias/events'),
  };
}

test.serial('templates, pipelines, scripts, cluster settings, open/close and rollover through the master', async (t) => {
  t.timeout(180_000);
  const { specs, nodes } = await startLocalCluster(t, 'meta', 3);
  await waitForCluster(nodes[0]!.url, 3, 'green');
  const state = (await request(nodes[0]!.url, 'GET', '/_cluster/state/master_node,nodes')).body;
  const masterName = state.nodes[state.master_node].name as string;
  // the writer and the reader are both followers: the writer's requests must travel to the master
  const [writer, reader] = nodes.filter((n) => n.spec.name !== masterName) as [NodeProcess, NodeProcess];
  const master = nodes.find((n) => n.spec.name === masterName)!;
  t.log(`master ${masterName}; writing through ${writer.spec.name}, reading through ${reader.spec.name}`);
  const versionBefore = (await request(reader.url, 'GET', '/_cluster/state/version')).body.version as number;

  // index template: applies to an index created afterwards through the reader
  const tpl = await request(writer.url, 'PUT', '/_template/logs-template', {
    template: 'logs-*',
    order: 3,
    version: 7,
    settings: { number_of_shards: 1, number_of_replicas: 0 },
    mappings: { doc: { properties: { tag: { type: 'keyword' } } } },
    aliases: { events: {} },
  });
  t.deepEqual([tpl.status, tpl.body], [200, { acknowledged: true }]);
  const gotTpl = await request(reader.url, 'GET', '/_template/logs-template');
  t.is(gotTpl.status, 200);
  t.deepEqual(gotTpl.body['logs-template'], {
    order: 3,
    version: 7,
    template: 'logs-*',
    settings: { index: { number_of_shards: '1', number_of_replicas: '0' } },
    mappings: { doc: { properties: { tag: { type: 'keyword' } } } },
    aliases: { events: {} },
  });
  const dup = await request(writer.url, 'PUT', '/_template/logs-template?create=true', { template: 'x-*' });
  t.deepEqual([dup.status, dup.body.error?.type, dup.body.error?.reason], [400, 'illegal_argument_exception', 'index_template [logs-template] already exists']);
  const missing = await request(writer.url, 'DELETE', '/_template/nope');
  t.deepEqual([missing.status, missing.body.error?.type, missing.body.error?.reason], [404, 'index_template_missing_exception', 'index_template [nope] missing']);
  t.is((await request(writer.url, 'PUT', '/_template/short-lived', { template: 'tmp-*' })).status, 200);
  t.is((await request(writer.url, 'DELETE', '/_template/short-lived')).status, 200);
  t.is((await request(reader.url, 'GET', '/_template/short-lived')).status, 404);

  // ingest pipeline, used by a write through the reader
  const pipe = await request(writer.url, 'PUT', '/_ingest/pipeline/upper', { description: 'upper-cases tag', processors: [{ uppercase: { field: 'tag' } }] });
  t.deepEqual([pipe.status, pipe.body], [200, { acknowledged: true }]);
  t.deepEqual((await request(reader.url, 'GET', '/_ingest/pipeline/upper')).body, { upper: { description: 'upper-cases tag', processors: [{ uppercase: { field: 'tag' } }] } });
  const noPipe = await request(writer.url, 'DELETE', '/_ingest/pipeline/absent');
  t.deepEqual([noPipe.status, noPipe.body.error?.type, noPipe.body.error?.reason], [404, 'resource_not_found_exception', 'pipeline [absent] is missing']);

  // stored painless script and stored search template
  t.is((await request(writer.url, 'PUT', '/_scripts/add-n', { script: { lang: 'painless', source: "doc['n'].value + params.k" } })).status, 200);
  t.deepEqual((await request(reader.url, 'GET', '/_scripts/add-n')).body, { _id: 'add-n', found: true, script: { lang: 'painless', code: "doc['n'].value + params.k" } });
  t.is((await request(writer.url, 'POST', '/_search/template/by-tag', { template: { query: { term: { tag: '{{tag}}' } } } })).status, 200);
  t.is((await request(reader.url, 'GET', '/_search/template/by-tag')).body.found, true);
  const noScript = await request(writer.url, 'DELETE', '/_scripts/absent');
  t.deepEqual([noScript.status, noScript.body.error?.type], [404, 'resource_not_found_exception']);

  // cluster settings, both sections
  const cs = await request(writer.url, 'PUT', '/_cluster/settings', { persistent: { 'search.default_search_timeout': '30s' }, transient: { 'action.search.shard_count.limit': '500' } });
  t.deepEqual(cs.body, { acknowledged: true, persistent: { search: { default_search_timeout: '30s' } }, transient: { action: { search: { shard_count: { limit: '500' } } } } });
  t.deepEqual((await request(reader.url, 'GET', '/_cluster/settings?flat_settings=true')).body, {
    persistent: { 'search.default_search_timeout': '30s' },
    transient: { 'action.search.shard_count.limit': '500' },
  });

  // the template, the pipeline and the stored script at work through the reader
  t.is((await request(reader.url, 'PUT', '/logs-000001')).status, 200);
  const bulk = await request(reader.url, 'POST', '/_bulk?refresh=true&pipeline=upper', ndjson([{ index: { _index: 'logs-000001', _type: 'doc', _id: '1' } }, { tag: 'red', n: 1 }, { index: { _index: 'logs-000001', _type: 'doc', _id: '2' } }, { tag: 'blue', n: 2 }]));
  t.false(bulk.body.errors);
  const found = await request(writer.url, 'POST', '/events/_search', { query: { term: { tag: 'RED' } }, script_fields: { m: { script: { stored: 'add-n', params: { k: 10 } } } } });
  t.is(found.body.hits.total, 1);
  t.deepEqual(found.body.hits.hits[0].fields, { m: [11] });
  const viaTemplate = await request(writer.url, 'POST', '/events/_search/template', { id: 'by-tag', params: { tag: 'BLUE' } });
  t.is(viaTemplate.body.hits.total, 1);

  // rollover through the writer: the alias moves to logs-000002, which the template shapes too
  t.is((await request(writer.url, 'POST', '/_aliases', { actions: [{ add: { index: 'logs-000001', alias: 'logs-write' } }] })).status, 200);
  const roll = await request(writer.url, 'POST', '/logs-write/_rollover', { conditions: { max_docs: 2 } });
  t.deepEqual(roll.body, { old_index: 'logs-000001', new_index: 'logs-000002', rolled_over: true, dry_run: false, acknowledged: true, shards_acknowledged: true, conditions: { '[max_docs: 2]': true } });
  const rolledAlias = await request(reader.url, 'GET', '/_alias/logs-write');
  t.deepEqual(rolledAlias.body, { 'logs-000002': { aliases: { 'logs-write': {} } } });
  t.deepEqual(Object.keys((await request(reader.url, 'GET', '/_alias/events')).body).sort(), ['logs-000001', 'logs-000002']);

  // close through the writer, refused through the reader, reopened through the reader
  t.is((await request(writer.url, 'PUT', '/shut', { settings: { number_of_shards: 1, number_of_replicas: 0 } })).status, 200);
  await waitForCluster(reader.url, 3, 'green');
  t.deepEqual((await request(writer.url, 'POST', '/shut/_close')).body, { acknowledged: true });
  const refused = await request(reader.url, 'GET', '/shut/_search');
  t.deepEqual([refused.status, refused.body.error?.type], [403, 'index_closed_exception']);
  t.deepEqual((await request(reader.url, 'POST', '/shut/_open')).body, { acknowledged: true });
  await waitForCluster(writer.url, 3, 'green');
  t.is((await request(writer.url, 'GET', '/shut/_search')).status, 200);
  t.is((await request(reader.url, 'POST', '/shut/_close')).status, 200);

  // every node, the master included, answers exactly the same
  const seen = await Promise.all(nodes.map((n) => metadataSeenBy(n.url)));
  t.deepEqual(seen[1], seen[0]);
  t.deepEqual(seen[2], seen[0]);
  t.deepEqual((seen[0] as any).closed.body, [{ index: 'shut', status: 'close' }]);
  const versionAfter = (await request(master.url, 'GET', '/_cluster/state/version')).body.version as number;
  t.log(`cluster state ${versionBefore} → ${versionAfter}; every node answers the same for templates, pipelines, scripts, settings, aliases, closed indices`);

  // a node restarted on its data directory keeps them all
  const restartedIndex = nodes.indexOf(reader);
  await reader.stop('SIGTERM');
  const restarted = await startNodeProcess(reader.spec);
  nodes[restartedIndex] = restarted;
  await waitForCluster(restarted.url, 3, 'green');
  t.deepEqual(await metadataSeenBy(restarted.url), seen[0]);
  t.log(`restarted ${reader.spec.name}: same templates, pipelines, scripts, settings, aliases and closed index`);
});
