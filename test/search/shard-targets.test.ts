import test from 'ava';
import { resolveTargets } from '../../lib/action/search/shard-targets.js';
import { emptyState, normalizeState, type ClusterState, type IndexMetadata } from '../../lib/cluster/state.js';
import { STRICT_EXPAND_OPEN, STRICT_EXPAND_OPEN_CLOSED } from '../../lib/action/resolve-indices.js';

function index(name: string, shards: number, aliases: IndexMetadata['aliases'] = {}): IndexMetadata {
  return { name, uuid: `${name}-uuid`, state: 'open', settings: { 'index.number_of_shards': String(shards) }, mappings: {}, aliases, mappingVersion: 1 };
}

function stateOf(version: number, ...indices: IndexMetadata[]): ClusterState {
  const s = emptyState('c');
  return normalizeState({ ...s, version, indices: Object.fromEntries(indices.map((m) => [m.name, m])) });
}

test('targets are kept per cluster state: the same answer for the same question, a new one once the state is replaced', (t) => {
  const s1 = stateOf(1, index('logs-1', 2), index('logs-2', 1, { logs: { filter: { term: { a: 'b' } } } }));
  const first = resolveTargets(s1, ['logs-*'], STRICT_EXPAND_OPEN, undefined, undefined);
  t.deepEqual(first, [
    { index: 'logs-1', shards: [0, 1] },
    { index: 'logs-2', shards: [0] },
  ]);
  t.is(resolveTargets(s1, ['logs-*'], STRICT_EXPAND_OPEN, undefined, undefined), first);
  // each part of the question is part of the key
  t.deepEqual(resolveTargets(s1, ['logs'], STRICT_EXPAND_OPEN, undefined, undefined), [{ index: 'logs-2', aliasFilters: [{ term: { a: 'b' } }], shards: [0] }]);
  t.deepEqual(resolveTargets(s1, ['logs-1'], STRICT_EXPAND_OPEN, ['x'], undefined).map((x) => x.shards.length), [1]);
  t.deepEqual(resolveTargets(s1, ['logs-1'], STRICT_EXPAND_OPEN, undefined, '_shards:1'), [{ index: 'logs-1', shards: [1] }]);
  t.deepEqual(resolveTargets(s1, ['logs-1'], STRICT_EXPAND_OPEN, undefined, undefined), [{ index: 'logs-1', shards: [0, 1] }]);
  t.not(resolveTargets(s1, ['logs-*'], STRICT_EXPAND_OPEN_CLOSED, undefined, undefined), first);
  // two names are not the one name holding both (no key collision)
  t.throws(() => resolveTargets(s1, ['logs-1,logs-2'.replace(',', '\u0000')], STRICT_EXPAND_OPEN, undefined, undefined), { message: /no such index/ });
  // a new state (an index added) answers anew
  const s2 = stateOf(2, index('logs-1', 2), index('logs-2', 1), index('logs-3', 1));
  t.deepEqual(
    resolveTargets(s2, ['logs-*'], STRICT_EXPAND_OPEN, undefined, undefined).map((x) => x.index),
    ['logs-1', 'logs-2', 'logs-3'],
  );
  // a failing expression keeps failing (errors are not kept)
  t.throws(() => resolveTargets(s2, ['missing'], STRICT_EXPAND_OPEN, undefined, undefined), { message: /no such index/ });
  t.throws(() => resolveTargets(s2, ['missing'], STRICT_EXPAND_OPEN, undefined, undefined), { message: /no such index/ });
});
