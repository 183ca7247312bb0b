import test from 'ava';
import { fuzzinessToEdits, parseFuzziness } from '../../lib/dsl/fuzziness.js';
import { throwsEs } from './helpers.js';

test('AUTO: 0..2 chars exact, 3..5 one edit, more two', (t) => {
  const auto = parseFuzziness('AUTO');
  t.deepEqual(auto, { kind: 'auto' });
  t.deepEqual(parseFuzziness('auto'), { kind: 'auto' });
  const table: [string, number][] = [
    ['', 0],
    ['a', 0],
    ['ab', 0],
    ['abc', 1],
    ['abcde', 1],
    ['abcdef', 2],
    ['abcdefghij', 2],
  ];
  for (const [term, edits] of table) t.is(fuzzinessToEdits(auto, term), edits, term);
  // code points, not UTF-16 units
  t.is(fuzzinessToEdits(auto, '😀😀'), 0);
});

test('numeric fuzziness', (t) => {
  t.deepEqual(parseFuzziness(0), { kind: 'edits', edits: 0 });
  t.deepEqual(parseFuzziness('2'), { kind: 'edits', edits: 2 });
  t.is(fuzzinessToEdits(parseFuzziness(1), 'abcdefgh'), 1);
  t.is(fuzzinessToEdits(parseFuzziness('1.5'), 'abc'), 1);
  t.is(fuzzinessToEdits(parseFuzziness(5), 'abc'), 2);
  t.is(fuzzinessToEdits(parseFuzziness(0.5), 'abc'), 0);
});

test('AUTO:low,high is not 5.6 syntax: it fails when used', (t) => {
  const f = parseFuzziness('AUTO:3,6');
  t.deepEqual(f, { kind: 'text', text: 'AUTO:3,6' });
  throwsEs(t, () => fuzzinessToEdits(f, 'abc'), 'number_format_exception', 'For input string: "AUTO:3,6"');
});

test('objects are rejected', (t) => {
  throwsEs(t, () => parseFuzziness({}), 'illegal_argument_exception', "Can't parse fuzziness on token: [START_OBJECT]");
});
