/**
 * The alias APIs the REST suite has no copies of (delete-alias, exists-alias, delete-template)
 * and the use of aliases by reads and writes, over HTTP as ES 5.6 answers them.
 */
import test from 'ava';
import { startTestNode } from '../helpers/node.js';

test('DELETE /{index}/_alias/{name}: *, _all, patterns, lists, and the 404s', async (t) => {
  const n = await startTestNode();
  try {
    for (const i of ['i1', 'i2', 'j1']) t.is((await n.request('PUT', `/${i}`)).status, 200);
    const add = await n.request('POST', '/_aliases', { actions: [{ add: { indices: ['i1', 'i2', 'j1'], aliases: ['a1', 'a2', 'b1'] } }] });
    t.deepEqual(add.body, { acknowledged: true });
    const aliasesOf = async (): Promise<Record<string, string[]>> => {
      const body = (await n.request('GET', '/_alias')).body as Record<string, { aliases: Record<string, unknown> }>;
      return Object.fromEntries(Object.entries(body).map(([i, v]) => [i, Object.keys(v.aliases)]));
    };
    // `*` removes every alias of the index.
    t.deepEqual((await n.request('DELETE', '/i1/_alias/*')).body, { acknowledged: true });
    t.deepEqual(await aliasesOf(), { i1: [], i2: ['a1', 'a2', 'b1'], j1: ['a1', 'a2', 'b1'] });
    // `_all` as the index, a pattern as the name.
    t.deepEqual((await n.request('DELETE', '/_all/_alias/a*')).body, { acknowledged: true });
    t.deepEqual(await aliasesOf(), { i1: [], i2: ['b1'], j1: ['b1'] });
    await n.request('POST', '/_aliases', { actions: [{ add: { indices: ['i2', 'j1'], aliases: ['c1', 'c2'] } }] });
    // Lists on both sides, `_aliases` spelling.
    t.deepEqual((await n.request('DELETE', '/i2,j1/_aliases/c1,b1')).body, { acknowledged: true });
    t.deepEqual(await aliasesOf(), { i1: [], i2: ['c2'], j1: ['c2'] });
    // `_all` as the name; index patterns.
    t.deepEqual((await n.request('DELETE', '/i*/_alias/_all')).body, { acknowledged: true });
    t.deepEqual(await aliasesOf(), { i1: [], i2: [], j1: ['c2'] });

    const noAlias = await n.request('DELETE', '/j1/_alias/zzz');
    t.is(noAlias.status, 404);
    t.deepEqual(noAlias.body.error, {
      root_cause: [{ type: 'aliases_not_found_exception', reason: 'aliases [zzz] missing', 'resource.type': 'aliases', 'resource.id': 'zzz' }],
      type: 'aliases_not_found_exception',
      reason: 'aliases [zzz] missing',
      'resource.type': 'aliases',
      'resource.id': 'zzz',
    });
    const noIndex = await n.request('DELETE', '/nope/_alias/c2');
    t.is(noIndex.status, 404);
    t.is(noIndex.body.error.type, 'index_not_found_exception');
    t.is(noIndex.body.error.index, 'nope');
  } finally {
    await n.close();
  }
});

test('HEAD alias forms answer the status GET would', async (t) => {
  const n = await startTestNode();
  try {
    await n.request('PUT', '/i1', { aliases: { a1: {} } });
    await n.request('PUT', '/i2');
    const head = async (path: string): Promise<number> => {
      const r = await n.request('HEAD', path);
      t.is(r.text, '', `HEAD ${path} has no body`);
      return r.status;
    };
    t.is(await head('/_alias/a1'), 200);
    t.is(await head('/_alias/a*'), 200);
    t.is(await head('/_alias/a1,zzz'), 404); // one name missing: 404, as GET
    t.is(await head('/_alias/z*'), 404);
    t.is(await head('/i1/_alias/a1'), 200);
    t.is(await head('/i2/_alias/a1'), 404);
    t.is(await head('/i*/_alias/a1'), 200);
    t.is(await head('/i2/_alias'), 200); // no names asked: the index exists
    t.is(await head('/nope/_alias/a1'), 404);
    t.is(await head('/nope/_alias'), 404);
    t.is((await n.request('GET', '/i2/_alias/a1')).status, 404);
  } finally {
    await n.close();
  }
});

test('DELETE /_template/{name}: names, globs, missing', async (t) => {
  const n = await startTestNode();
  try {
    for (const name of ['t1', 't2', 'u1']) t.is((await n.request('PUT', `/_template/${name}`, { template: `${name}-*` })).status, 200);
    t.deepEqual((await n.request('DELETE', '/_template/t1')).body, { acknowledged: true });
    t.is((await n.request('HEAD', '/_template/t1')).status, 404);
    t.deepEqual(Object.keys((await n.request('GET', '/_template')).body).sort(), ['t2', 'u1']);
    t.deepEqual((await n.request('DELETE', '/_template/*')).body, { acknowledged: true });
    t.deepEqual((await n.request('GET', '/_template')).body, {});
    const missing = await n.request('DELETE', '/_template/t2');
    t.is(missing.status, 404);
    t.deepEqual(missing.body, {
      error: {
        root_cause: [{ type: 'index_template_missing_exception', reason: 'index_template [t2] missing' }],
        type: 'index_template_missing_exception',
        reason: 'index_template [t2] missing',
      },
      status: 404,
    });
    // A deleted template no longer applies to new indices.
    await n.request('PUT', '/_template/r', { template: 'r*', settings: { number_of_shards: 2 } });
    await n.request('DELETE', '/_template/r');
    await n.request('PUT', '/r1');
    t.is((await n.request('GET', '/r1/_settings?flat_settings')).body.r1.settings['index.number_of_shards'], '5');
  } finally {
    await n.close();
  }
});

test('reads and writes through aliases: filter, routing, index_routing, GET', async (t) => {
  const n = await startTestNode();
  try {
    await n.request('PUT', '/docs', { settings: { number_of_shards: 3, number_of_replicas: 0 }, mappings: { p: {}, c: { _parent: { type: 'p' } } } });
    await n.request('POST', '/_aliases', {
      actions: [
        { add: { index: 'docs', alias: 'kimchy', filter: { term: { user: 'kimchy' } } } },
        { add: { index: 'docs', alias: 'routed', index_routing: 'r1', search_routing: 'r1,r2' } },
      ],
    });
    // Indexing through an alias with index_routing routes the document by it.
    const w = await n.request('PUT', '/routed/t/a?refresh=true', { user: 'kimchy' });
    t.is(w.status, 201);
    t.is(w.body._index, 'docs');
    const direct = await n.request('GET', '/docs/t/a?routing=r1');
    t.is(direct.body._routing, 'r1');
    t.deepEqual(direct.body._source, { user: 'kimchy' });
    // GET through an alias uses its index_routing too.
    const viaAlias = await n.request('GET', '/routed/t/a');
    t.is(viaAlias.body.found, true);
    t.is(viaAlias.body._index, 'docs');
    // An explicit routing must agree with the alias's; a parent routing is overridden.
    const clash = await n.request('PUT', '/routed/t/b?routing=x', { user: 'bob' });
    t.is(clash.status, 400);
    t.is(clash.body.error.reason, 'Alias [routed] has index routing associated with it [r1], and was provided with routing value [x], rejecting operation');
    const withParent = await n.request('PUT', '/routed/c/b?parent=p9&refresh=true', { user: 'bob' });
    t.is(withParent.status, 201);
    const child = (await n.request('GET', '/docs/c/b?routing=r1')).body;
    t.is(child._routing, 'r1');
    t.is(child._parent, 'p9');
    await n.request('PUT', '/docs/t/c?routing=r3&refresh=true', { user: 'kimchy' });

    // Searching and counting through a filtered alias apply its filter.
    const hits = await n.request('POST', '/kimchy/_search', { query: { match_all: {} }, sort: [{ _uid: 'asc' }] });
    t.deepEqual(hits.body.hits.hits.map((h: { _id: string }) => h._id), ['a', 'c']);
    t.is((await n.request('GET', '/kimchy/_count')).body.count, 2);
    t.is((await n.request('GET', '/docs/_count')).body.count, 3);
    const q = await n.request('GET', '/kimchy/_search?q=user:bob');
    t.is(q.body.hits.total, 0);

    // Search routing is the intersection of the alias's and the request's.
    const r2 = await n.request('GET', '/routed/_search?routing=r2,r3');
    t.is(r2.body._shards.total, 1);
    const none = await n.request('GET', '/routed/_search?routing=r3');
    t.is(none.body._shards.total, 0);
    t.is(none.body.hits.total, 0);
    const r1 = await n.request('GET', '/routed/_search?routing=r1');
    t.is(r1.body._shards.total, 1);
    t.deepEqual(r1.body.hits.hits.map((h: { _id: string }) => h._id).sort(), ['a', 'b']);

    // Writing through an alias of two indices fails as ES does.
    await n.request('PUT', '/docs2');
    await n.request('POST', '/_aliases', { actions: [{ add: { indices: ['docs', 'docs2'], alias: 'both' } }] });
    const multi = await n.request('POST', '/both/t', { user: 'x' });
    t.is(multi.status, 400);
    t.is(multi.body.error.type, 'illegal_argument_exception');
    t.is(multi.body.error.reason, "Alias [both] has more than one indices associated with it [[docs, docs2]], can't execute a single index op");
  } finally {
    await n.close();
  }
});
