/**
 * Building blocks of fuzz input: odd names, odd scalar values, JSON mutation (wrong types,
 * dropped and unknown keys, deep nesting) and body encodings that break JSON (truncation,
 * invalid UTF-8, huge numbers, non-JSON text).
 */
import type { Rng } from './rng.js';

/** Index, type, id and field names the fixture knows, plus hostile ones. */
export const FIXTURE_INDICES = ['fx', 'fx2'] as const;
export const FIELDS = ['title', 'tag', 'count', 'price', 'date', 'flag', 'loc', 'obj.inner', 'obj', 'nest', 'nest.k', 'nest.v', 'ip', 'missing_field', '_id', '_type', '_index', '_source', '_all', '_uid', '*', 'ti*'];

const WEIRD_NAMES = [
  '', ' ', '_', '_all', '*', '-', '+', '.', '..', '%2E%2E', '%2F', '%00', '%ZZ', '%', 'a%20b', 'a,b', ',', 'fx,fx2', 'fx*', '-fx', '+fx',
  'UPPER', 'a:b', 'a#b', 'a"b', 'a\\b', 'a<b', '\u00e9t\u00e9', '%E2%82%AC', '%C3%28', '%FF', 'x'.repeat(300), '_doc', '_source', '_mapping',
  'constructor', '__proto__', 'toString', 'hasOwnProperty', 'null', 'undefined', 'NaN', '0', '-1', '1e400', '\u0000', '%F0%9F%98%80',
];

/** A name for an index, alias, type, id, template, script or pipeline. */
export function name(rng: Rng, known: readonly string[]): string {
  return rng.weighted<() => string>([
    [6, () => rng.pick(known)],
    [3, () => rng.pick(WEIRD_NAMES)],
    [1, () => `n${rng.int(0, 5)}`],
  ])();
}

const STRINGS = [
  '', 'a', 'foo', 'hello world', 'The Quick brown FOX', '*', '?', 'fo*', 'a~', 'now', 'now-1d/d', '2017-01-01', '2017-13-45', 'abc||+1d',
  '1', '-1', '0', '1e400', '-1e400', 'NaN', 'Infinity', '9223372036854775808', '-9223372036854775809', '0x10', 'true', 'null', '1,2',
  '1kb', '1gb', '-1s', '10h', '5m', '1.5', 'a'.repeat(1000), '\u0000', '\ud800', '\uffff', '{{x}}', '{{#a}}{{/a}}', '[a-z]+', '(a|b)*c',
  '.*', '(((a)))', '\\', '"', "'", 'a:b AND c:d', 'title:(a OR b)', '/re/', 'x^2', '[1 TO 5]', 'AUTO', '1m', 'dd/MM/yyyy', 'epoch_millis',
  '__proto__', 'constructor', 'toString', 'doc["count"].value', 'ctx._source.count += 1', 'params.x', 'while (true) {}', 'return 1/0',
  'Math.pow(2,2000)', '9e99', '54.0,-3.1', 'u09tvw', 'dr5regw3pg6f', 'POINT (1 2)', '1.2.3.4', '::1', '10.0.0.0/8', 'UTC', '+01:00', 'Nope/Zone',
];

const NUMBERS = [0, 1, -1, 2, 10, 100, 1024, 1025, 65536, 2147483647, 2147483648, -2147483649, 9007199254740993, 1e15, 1e21, 1e308, -1e308, 0.5, -0.0001, 3.14159, 1e-320];

/** A scalar of any JSON type. */
export function scalar(rng: Rng): unknown {
  return rng.weighted<() => unknown>([
    [4, () => rng.pick(STRINGS)],
    [4, () => rng.pick(NUMBERS)],
    [2, () => rng.int(-5, 20)],
    [1, () => rng.chance(0.5)],
    [1, () => null],
  ])();
}

/** A small random JSON value (scalar, array or object). */
export function anyValue(rng: Rng, depth = 0): unknown {
  if (depth > 2 || rng.chance(0.6)) return scalar(rng);
  if (rng.chance(0.5)) return Array.from({ length: rng.int(0, 3) }, () => anyValue(rng, depth + 1));
  const out: Record<string, unknown> = {};
  for (let i = rng.int(0, 3); i > 0; i--) out[rng.chance(0.5) ? rng.pick(FIELDS) : rng.pick(STRINGS)] = anyValue(rng, depth + 1);
  return out;
}

/** `value` wrapped `depth` times in objects or arrays. */
export function deep(value: unknown, depth: number, key: string | undefined): unknown {
  let v = value;
  for (let i = 0; i < depth; i++) v = key === undefined ? [v] : { [key]: v };
  return v;
}

/**
 * Mutate a JSON tree: with small probability per node, replace a value by a value of another
 * type, drop a key, add an unknown key, or wrap it in an array.
 */
export function mutate(rng: Rng, v: unknown, rate: number): unknown {
  if (rng.chance(rate)) {
    return rng.weighted<() => unknown>([
      [4, () => scalar(rng)],
      [1, () => anyValue(rng)],
      [1, () => [v]],
      [1, () => ({ [rng.pick(STRINGS)]: v })],
      [1, () => deep(v, rng.int(30, 3000), rng.chance(0.5) ? 'a' : undefined)],
    ])();
  }
  if (Array.isArray(v)) return v.map((x) => mutate(rng, x, rate));
  if (v !== null && typeof v === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) {
      if (rng.chance(rate / 2)) continue;
      out[rng.chance(rate / 4) ? rng.pick(STRINGS) : k] = mutate(rng, x, rate);
    }
    if (rng.chance(rate)) out[rng.pick(STRINGS)] = anyValue(rng);
    return out;
  }
  return v;
}

/** Serialize a body, sometimes broken: truncated, invalid UTF-8, huge numbers, not JSON at all. */
export function encodeBody(rng: Rng, value: unknown, breakRate: number): Buffer {
  const text = JSON.stringify(value) ?? 'null';
  if (!rng.chance(breakRate)) return Buffer.from(text);
  return rng.weighted<() => Buffer>([
    [3, () => Buffer.from(text.slice(0, rng.int(0, text.length)))],
    [2, () => withInvalidUtf8(rng, text)],
    [2, () => Buffer.from(text.replace(/-?\d+(\.\d+)?/, rng.pick(['1e400', '-1e400', '123456789012345678901234567890', '1.7976931348623157e309', '0.0000e-99999', '01', '-', '1.', '.5', 'NaN'])))],
    [1, () => Buffer.from(rng.pick(['', ' ', 'x', '"x"', '[]', '[{}]', 'null', '1', 'true', '{', '}', '{}{}', '{"a":1}garbage', '{"a":}', '{a:1}', "{'a':1}", '{"a":1,}', '[1,]', '{"a":1 /* c */}', '\u0000', '\ufeff{}']))],
    [1, () => Buffer.from(`${'['.repeat(rng.int(500, 20000))}${rng.chance(0.5) ? ']'.repeat(10) : ''}`)],
    [1, () => Buffer.from(`${'{"a":'.repeat(rng.int(500, 20000))}1${'}'.repeat(rng.chance(0.5) ? 20000 : 3)}`)],
    [1, () => Buffer.from(`${text}\n${text}`)],
    [1, () => Buffer.from(text.replace(/"/, ''))],
  ])();
}

function withInvalidUtf8(rng: Rng, text: string): Buffer {
  const bytes = Buffer.from(text);
  const bad = rng.pick([[0xff], [0xc3, 0x28], [0xe2, 0x82], [0xed, 0xa0, 0x80], [0xf8, 0x88, 0x80, 0x80, 0x80], [0x80], [0xc0, 0xaf]]);
  // Put the bad bytes inside a string value where possible, so only the encoding is wrong.
  const quote = bytes.indexOf(0x22, bytes.indexOf(0x3a) + 1);
  const at = quote > 0 ? quote + 1 : rng.int(0, bytes.length);
  return Buffer.concat([bytes.subarray(0, at), Buffer.from(bad), bytes.subarray(at)]);
}
