/**
 * The layering rules of docs/architecture.md, checked on the sources: data flows api →
 * lib/action → shard boundary → lib/shard + lib/search → storage, and only storage/ touches
 * LevelDB. Coordinator imports into the shard side that predate the boundary are listed in
 * boundary-debt.txt; the list may only shrink.
 */
import test from 'ava';
import { readdirSync, readFileSync } from 'node:fs';
import { join, normalize, dirname } from 'node:path';
import { PROJECT_ROOT } from '../helpers/node.js';

interface Import {
  from: string;
  /** A project path (`lib/shard/engine.ts`) or a package name. */
  to: string;
}

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const e of readdirSync(join(PROJECT_ROOT, dir), { withFileTypes: true })) {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory()) out.push(...sources(p));
    else if (e.name.endsWith('.ts')) out.push(p);
  }
  return out;
}

const IMPORT = /(?:\bfrom|\bimport)\s*\(?\s*'([^']+)'/g;

const imports: Import[] = ['api', 'lib', 'storage', 'bin', 'scripts'].flatMap((root) =>
  sources(root).flatMap((file) =>
    [...readFileSync(join(PROJECT_ROOT, file), 'utf8').matchAll(IMPORT)].map((m) => {
      const spec = m[1]!;
      return { from: file, to: spec.startsWith('.') ? normalize(join(dirname(file), spec)).replace(/\.js$/, '.ts') : spec };
    }),
  ),
);

const under = (p: string, ...dirs: string[]): boolean => dirs.some((d) => p === d || p.startsWith(`${d}/`));

/** Folders that know nothing of HTTP, LevelDB or the engine. */
// lib/messages: the plain messages of the shard boundary (types, and conversions of plain data)
const PURE = ['lib/dsl', 'lib/automaton', 'lib/messages', 'lib/analysis', 'lib/mapping', 'lib/script', 'lib/mustache', 'lib/units', 'lib/errors', 'lib/loop', 'lib/hash', 'lib/dict.ts'];

test('only storage/ imports a Level store', (t) => {
  const bad = imports.filter((i) => /^(classic-level|memory-level|abstract-level|level)$/.test(i.to) && !under(i.from, 'storage'));
  t.deepEqual(bad, []);
});

test('storage/ imports nothing above it but the pure pieces', (t) => {
  const bad = imports.filter((i) => under(i.from, 'storage') && i.to.includes('/') && !i.to.startsWith('node:') && !under(i.to, 'storage', ...PURE) && i.to.endsWith('.ts'));
  t.deepEqual(bad, []);
});

test('the shard engine does not reach up into the coordinator, the node or HTTP', (t) => {
  const bad = imports.filter((i) => under(i.from, 'lib/shard') && under(i.to, 'api', 'lib/action', 'lib/indices', 'lib/cluster', 'lib/node.ts'));
  t.deepEqual(bad, []);
});

test('the pure pieces import only pure pieces', (t) => {
  // Aggregation parsing and its specs are the DSL's (lib/dsl/aggs); the collectors (lib/aggs) are not pure.
  // One known exception: the query phase's message names the shape of a shard's aggregation
  // results (`AggMessage`, a type), which is defined beside its conversions in lib/aggs.
  const allowed = (i: { from: string; to: string }): boolean => i.from === 'lib/messages/shard-search.ts' && i.to === 'lib/aggs/agg-messages.ts';
  const bad = imports.filter((i) => under(i.from, ...PURE) && i.to.endsWith('.ts') && !under(i.to, ...PURE) && !allowed(i));
  t.deepEqual(bad, []);
});

test('the coordinator reaches the shard side only through the listed, shrinking boundary debt', (t) => {
  const listed = new Set(
    readFileSync(join(PROJECT_ROOT, 'test/architecture/boundary-debt.txt'), 'utf8')
      .split('\n')
      .filter((l) => l.trim() !== '' && !l.startsWith('#')),
  );
  const actual = new Set(
    imports
      .filter((i) => under(i.from, 'api', 'lib/action') && (under(i.to, 'lib/shard', 'lib/search', 'storage') || i.to === 'lib/node.ts'))
      .map((i) => `${i.from} -> ${i.to}`),
  );
  t.deepEqual([...actual].filter((l) => !listed.has(l)).sort(), [], 'new imports across the shard boundary');
  t.deepEqual([...listed].filter((l) => !actual.has(l)).sort(), [], 'gone from the code: delete these lines from boundary-debt.txt');
});
