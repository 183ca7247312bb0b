/** The Jackson-worded body parser: separators and close markers of objects and arrays. */
import test from 'ava';
import { parseJsonBody } from '../../lib/units/json-body.js';

const reason = (text: string): string => {
  try {
    parseJsonBody(text);
  } catch (e) {
    return (e as Error).message;
  }
  return 'parsed';
};

test('objects and arrays parse with nesting, and __proto__ stays an own key', (t) => {
  t.deepEqual(parseJsonBody('{"a":[1,{"b":[]}],"c":{}}'), { a: [1, { b: [] }], c: {} });
  const o = parseJsonBody('{"__proto__":{"x":1}}') as Record<string, unknown>;
  t.true(Object.hasOwn(o, '__proto__'));
  t.is(Object.getPrototypeOf(o), Object.prototype);
});

test('a wrong close marker or a missing comma fails with Jackson\'s message', (t) => {
  t.regex(reason('{"a":1]'), /^Unexpected close marker '\]': expected '\}' \(for OBJECT starting at \[Source: .*; line: 1, column: 1\]\)/);
  t.regex(reason('[1}'), /^Unexpected close marker '\}': expected '\]' \(for ARRAY starting at \[Source: .*; line: 1, column: 1\]\)/);
  t.regex(reason('{"a":1 "b":2}'), /was expecting comma to separate OBJECT entries/);
  t.regex(reason('[1 2]'), /was expecting comma to separate ARRAY entries/);
  t.regex(reason('{"a":1,'), /^Unexpected end-of-input/);
});
