/**
 * Nothing misrouted: every endpoint of the ES 5.6 REST API table has its own route (the route
 * matched for it has the spec's own pattern), and the ones Strata has not built answer
 * `[<feature>] is not supported by Strata yet` instead of falling on a generic pattern.
 */
import test from 'ava';
import { allRoutes } from '../../api/routes/index.js';
import { NOT_BUILT } from '../../api/routes/not-built.js';
import { PathTrie } from '../../api/rest/path-trie.js';
import type { NodeContext } from '../../lib/action/context.js';
import { API_TABLE } from '../rest/runner/api-table.js';
import { startTestNode } from '../helpers/node.js';


const norm = (pattern: string): string => pattern.replace(/\{[^}]*\}/g, '{}');

async function routeTries(): Promise<Map<string, PathTrie<string>>> {
  const ctx = new Proxy({}, { get: () => () => undefined }) as unknown as NodeContext;
  const tries = new Map<string, PathTrie<string>>();
  for (const r of await allRoutes(ctx)) {
    for (const m of r.methods) {
      let t = tries.get(m);
      if (!t) tries.set(m, (t = new PathTrie<string>()));
      for (const p of r.paths) t.insert(p, norm(p));
    }
  }
  return tries;
}

test('every ES 5.6 REST endpoint has its own route (served or refused by name)', async (t) => {
  const tries = await routeTries();
  const wrong: string[] = [];
  let checked = 0;
  for (const [api, spec] of Object.entries(API_TABLE)) {
    for (const path of spec.paths) {
      const sample = path.replace(/\{([^}]*)\}/g, (_m, name: string) => `p-${name}`);
      const match = tries.get(spec.method)?.retrieve(sample) ?? (spec.method === 'HEAD' ? tries.get('GET')?.retrieve(sample) : undefined);
      checked++;
      if (match?.value !== norm(path)) wrong.push(`${api}: ${spec.method} ${path} -> ${match?.value ?? 'no route'}`);
    }
  }
  t.deepEqual(wrong, []);
  t.true(checked > 150, `checked ${checked}`);
});

test('not-built endpoints answer 400 naming the feature, whatever the parameters; nothing is written', async (t) => {
  const n = await startTestNode();
  try {
    for (const e of NOT_BUILT) {
      for (const method of e.methods) {
        for (const path of e.paths) {
          const url = path.replace(/\{([^}]*)\}/g, (_m, name: string) => (name === 'id' ? '1' : `x${name.length}`)) + '?wait_for_completion=false&nonsense=1';
          const res = await n.request(method, url, method === 'GET' ? undefined : { query: { match_all: {} } });
          const reason = `[${e.feature}] is not supported by Strata yet`;
          t.is(res.status, 400, `${method} ${path}`);
          t.deepEqual(
            res.body,
            { error: { root_cause: [{ type: 'illegal_argument_exception', reason }], type: 'illegal_argument_exception', reason }, status: 400 },
            `${method} ${path}`,
          );
        }
      }
    }
    // POST /{index}/{type}/_termvectors used to index a document with id `_termvectors`.
    const idx = await n.request('GET', '/x5');
    t.is(idx.status, 404);
    t.is(idx.body.error.type, 'index_not_found_exception');
  } finally {
    await n.close();
  }
});

test('GET /_tasks/{task_id}: unknown tasks are not found, malformed ids refused', async (t) => {
  const n = await startTestNode();
  try {
    const foreign = await n.request('GET', '/_tasks/foo:1');
    t.is(foreign.status, 404);
    t.is(foreign.body.error.type, 'resource_not_found_exception');
    t.is(foreign.body.error.reason, "task [foo:1] belongs to the node [foo] which isn't part of the cluster and there is no record of the task");
    const local = await n.request('GET', `/_tasks/${n.node.context.nodeId}:7`);
    t.is(local.status, 404);
    t.is(local.body.error.reason, `task [${n.node.context.nodeId}:7] isn't running and hasn't stored its results`);
    const bad = await n.request('GET', '/_tasks/nocolon');
    t.is(bad.status, 400);
    t.is(bad.body.error.type, 'illegal_argument_exception');
    t.is(bad.body.error.reason, 'malformed task id nocolon');
    // served now (test/api/tasks.test.ts): the listing shows its own task, as ES's does
    const list = await n.request('GET', '/_tasks?detailed');
    t.is(list.status, 200);
    t.truthy(list.body.nodes[n.node.context.nodeId]);
  } finally {
    await n.close();
  }
});
