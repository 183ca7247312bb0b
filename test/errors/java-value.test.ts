import test from 'ava';
import { javaToString } from '../../lib/errors/java-value.js';
import { JsonDouble } from '../../lib/units/java-number.js';

test('javaToString prints parsed JSON as Java toString does', (t) => {
  t.is(javaToString({ a: 1, b: 'x' }), '{a=1, b=x}');
  t.is(javaToString([1, { c: [true, null] }, 'y']), '[1, {c=[true, null]}, y]');
  t.is(javaToString({}), '{}');
  t.is(javaToString([]), '[]');
  t.is(javaToString(null), 'null');
  t.is(javaToString('s'), 's');
  t.is(javaToString(2.5), '2.5');
  t.is(javaToString(1e-7), '1.0E-7');
  t.is(javaToString(1e21), '1.0E21');
  t.is(javaToString(-3), '-3');
  t.is(javaToString(new JsonDouble(1)), '1.0');
  t.false(javaToString({ a: {} }).includes('[object Object]'));
});
