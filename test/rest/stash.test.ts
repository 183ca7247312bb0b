import test from 'ava';
import { Stash, StashError } from './runner/stash.js';
import { evaluatePath, parsePath } from './runner/object-path.js';

test('whole-value stash references keep their type', (t) => {
  const stash = new Stash();
  stash.stashValue('version', 3);
  stash.stashValue('body', { hits: { total: 2 } });
  t.is(stash.getValue('$version'), 3);
  t.is(stash.getValue('$body.hits.total'), 2);
  t.deepEqual(stash.replaceStashedValues({ v: '$version', list: ['$version', 'x'] }), { v: 3, list: [3, 'x'] });
});

test('${key} inside a string is replaced by its text', (t) => {
  const stash = new Stash();
  stash.stashValue('id', 'abc');
  stash.stashValue('n', 2);
  t.is(stash.getValue('/test/${id}/${n}'), '/test/abc/2');
  t.true(stash.containsStashedValue('prefix_${id}'));
  t.false(stash.containsStashedValue('plain'));
  t.false(stash.containsStashedValue(5));
});

test('stashed keys in maps are replaced (stash_in_key)', (t) => {
  const stash = new Stash();
  stash.stashValue('node', 'n1');
  t.deepEqual(stash.replaceStashedValues({ nodes: { $node: { ok: true } } }), { nodes: { n1: { ok: true } } });
});

test('reading an unknown key throws', (t) => {
  const stash = new Stash();
  t.throws(() => stash.getValue('$missing'), { instanceOf: StashError, message: 'stashed value not found for key [missing]' });
  stash.stashValue('a', 1);
  stash.clear();
  t.throws(() => stash.getValue('$a'), { instanceOf: StashError });
});

test('paths split on unescaped dots and index lists', (t) => {
  t.deepEqual(parsePath('_source.foo\\.bar.0'), ['_source', 'foo.bar', '0']);
  t.deepEqual(parsePath(''), []);
  const body = { _source: { 'foo.bar': ['x', 'y'] }, hits: { hits: [{ _id: '1' }] } };
  t.is(evaluatePath(body, '_source.foo\\.bar.1'), 'y');
  t.is(evaluatePath(body, 'hits.hits.0._id'), '1');
  t.is(evaluatePath(body, 'hits.hits.1._id'), undefined);
  t.is(evaluatePath(body, 'hits.hits.x'), undefined);
  t.is(evaluatePath(body, 'nope.deeper'), undefined);
  t.is(evaluatePath(body, ''), body);
});

test('path parts that are stashed keys are resolved (stash_in_path)', (t) => {
  const stash = new Stash();
  stash.stashValue('master', 'node1');
  t.is(evaluatePath({ nodes: { node1: { name: 'a' } } }, 'nodes.$master.name', stash), 'a');
});
