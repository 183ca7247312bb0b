/**
 * Static members scripts may use (`Math.max`, `Integer.parseInt`, `Long.MAX_VALUE`...), each with
 * its Java return type so the compiler keeps static typing (`Math.log` is a `double`,
 * `Math.round` a `long`, `Math.max(int, int)` an `int`).
 */
import { JavaError, npe } from '../errors.js';
import type { SType } from '../painless/types.js';
import { naturalCompare } from './methods.js';
import { boxDouble, isDouble, javaEquals, javaString, JPattern, toNum } from './values.js';
import { compileJavaRegex } from '../../analysis/java-regex.js';

/** A static method: its implementation and return type (or a rule over argument types). */
export interface StaticMethod {
  fn: (...args: unknown[]) => unknown;
  ret: SType | ((argTypes: SType[]) => SType);
}

/** A static field: value and type. */
export interface StaticField {
  value: unknown;
  type: SType;
}

/** A `double` method over numbers; arities 0-2 avoid rest arguments (no allocation per call). */
const d = (f: (...xs: number[]) => number): StaticMethod => {
  if (f.length === 1) return { fn: (x) => f(toNum(x)), ret: 'double' };
  if (f.length === 2) return { fn: (x, y) => f(toNum(x), toNum(y)), ret: 'double' };
  return { fn: (...a) => f(...a.map(toNum)), ret: 'double' };
};

/** `Math.abs/max/min`: int/long overloads keep integers, doubles otherwise. */
const numericRet = (types: SType[]): SType => {
  if (types.some((t) => t === 'double' || t === 'float')) return 'double';
  if (types.every((t) => t === 'int' || t === 'short' || t === 'byte' || t === 'char')) return 'int';
  if (types.every((t) => t === 'int' || t === 'long' || t === 'short' || t === 'byte' || t === 'char')) return 'long';
  return 'def';
};
const numericFn = (f: (...xs: number[]) => number) => (...a: unknown[]): unknown => {
  const r = f(...a.map(toNum));
  // with def arguments the result keeps the dynamic kind (a double stays a Double)
  return a.some(isDouble) ? boxDouble(r) : r;
};

function parseIntStrict(s: unknown, radix = 10): number {
  if (s === null || s === undefined) throw new JavaError('number_format_exception', 'null');
  const t = javaString(s);
  const ok = radix === 10 ? /^[+-]?[0-9]+$/.test(t) : /^[+-]?[0-9a-zA-Z]+$/.test(t);
  const n = parseInt(t, radix);
  if (!ok || Number.isNaN(n)) throw new JavaError('number_format_exception', `For input string: "${t}"`);
  return n;
}

function parseIntRange(s: unknown, lo: number, hi: number, radix?: number): number {
  const n = parseIntStrict(s, radix);
  if (n < lo || n > hi) throw new JavaError('number_format_exception', `For input string: "${javaString(s)}"`);
  return n;
}

function parseDouble(s: unknown): number {
  if (s === null || s === undefined) throw npe();
  const t = javaString(s).trim();
  if (!/^[+-]?(NaN|Infinity|((\d+\.?\d*|\.\d+)([eE][+-]?\d+)?)[fFdD]?)$/.test(t)) {
    throw new JavaError('number_format_exception', t === '' ? 'empty String' : `For input string: "${t}"`);
  }
  return Number(t.replace(/[fFdD]$/, ''));
}

/** Whether regexes (`Pattern.compile`, `=~`) may be used; set per compile by the engine. */
export interface StaticsOptions {
  regexEnabled: boolean;
}

const MATH: Record<string, StaticMethod> = {
  'abs/1': { fn: numericFn(Math.abs), ret: numericRet },
  'max/2': { fn: numericFn(Math.max), ret: numericRet },
  'min/2': { fn: numericFn(Math.min), ret: numericRet },
  'pow/2': d(Math.pow),
  'sqrt/1': d(Math.sqrt),
  'cbrt/1': d(Math.cbrt),
  'log/1': d(Math.log),
  'log10/1': d(Math.log10),
  'log1p/1': d(Math.log1p),
  'exp/1': d(Math.exp),
  'expm1/1': d(Math.expm1),
  'floor/1': d(Math.floor),
  'ceil/1': d(Math.ceil),
  'rint/1': d((x) => {
    const r = Math.round(x);
    return Math.abs(x % 1) === 0.5 && r % 2 !== 0 ? r - 1 : r;
  }),
  'round/1': { fn: (x) => Math.floor(toNum(x) + 0.5), ret: 'long' },
  'signum/1': d(Math.sign),
  'sin/1': d(Math.sin),
  'cos/1': d(Math.cos),
  'tan/1': d(Math.tan),
  'asin/1': d(Math.asin),
  'acos/1': d(Math.acos),
  'atan/1': d(Math.atan),
  'atan2/2': d(Math.atan2),
  'sinh/1': d(Math.sinh),
  'cosh/1': d(Math.cosh),
  'tanh/1': d(Math.tanh),
  'hypot/2': d(Math.hypot),
  'toDegrees/1': d((x) => (x * 180) / Math.PI),
  'toRadians/1': d((x) => (x / 180) * Math.PI),
  'random/0': d(() => Math.random()),
  'floorDiv/2': { fn: (a, b) => {
    const y = toNum(b);
    if (y === 0) throw new JavaError('arithmetic_exception', '/ by zero');
    return Math.floor(toNum(a) / y);
  }, ret: numericRet },
  'floorMod/2': { fn: (a, b) => {
    const x = toNum(a);
    const y = toNum(b);
    if (y === 0) throw new JavaError('arithmetic_exception', '/ by zero');
    return x - Math.floor(x / y) * y;
  }, ret: numericRet },
};

const compare: StaticMethod = { fn: (a, b) => naturalCompare(a, b), ret: 'int' };

const INTEGER: Record<string, StaticMethod> = {
  'parseInt/1': { fn: (s) => parseIntRange(s, -2147483648, 2147483647), ret: 'int' },
  'parseInt/2': { fn: (s, r) => parseIntRange(s, -2147483648, 2147483647, toNum(r)), ret: 'int' },
  'valueOf/1': { fn: (s) => (typeof s === 'string' ? parseIntRange(s, -2147483648, 2147483647) : toNum(s) | 0), ret: 'def' },
  'toString/1': { fn: (x) => String(toNum(x)), ret: 'String' },
  'toString/2': { fn: (x, r) => toNum(x).toString(toNum(r)), ret: 'String' },
  'toHexString/1': { fn: (x) => (toNum(x) >>> 0).toString(16), ret: 'String' },
  'toBinaryString/1': { fn: (x) => (toNum(x) >>> 0).toString(2), ret: 'String' },
  'compare/2': compare,
  'sum/2': { fn: (a, b) => (toNum(a) + toNum(b)) | 0, ret: 'int' },
  'max/2': { fn: (a, b) => Math.max(toNum(a), toNum(b)), ret: 'int' },
  'min/2': { fn: (a, b) => Math.min(toNum(a), toNum(b)), ret: 'int' },
  'signum/1': { fn: (a) => Math.sign(toNum(a)), ret: 'int' },
};

const LONG: Record<string, StaticMethod> = {
  'parseLong/1': { fn: (s) => parseIntRange(s, -9223372036854775808, 9223372036854775807), ret: 'long' },
  'valueOf/1': { fn: (s) => (typeof s === 'string' ? parseIntStrict(s) : Math.trunc(toNum(s))), ret: 'def' },
  'toString/1': { fn: (x) => String(toNum(x)), ret: 'String' },
  'compare/2': compare,
  'sum/2': { fn: (a, b) => toNum(a) + toNum(b), ret: 'long' },
  'max/2': { fn: (a, b) => Math.max(toNum(a), toNum(b)), ret: 'long' },
  'min/2': { fn: (a, b) => Math.min(toNum(a), toNum(b)), ret: 'long' },
  'signum/1': { fn: (a) => Math.sign(toNum(a)), ret: 'int' },
};

const DOUBLE: Record<string, StaticMethod> = {
  'parseDouble/1': { fn: parseDouble, ret: 'double' },
  'valueOf/1': { fn: (s) => boxDouble(typeof s === 'string' ? parseDouble(s) : toNum(s)), ret: 'def' },
  'toString/1': { fn: (x) => javaString(boxDouble(toNum(x))), ret: 'String' },
  'compare/2': compare,
  'isNaN/1': { fn: (x) => Number.isNaN(toNum(x)), ret: 'boolean' },
  'isInfinite/1': { fn: (x) => Math.abs(toNum(x)) === Infinity, ret: 'boolean' },
  'isFinite/1': { fn: (x) => Number.isFinite(toNum(x)), ret: 'boolean' },
  'sum/2': d((a, b) => a + b),
  'max/2': d(Math.max),
  'min/2': d(Math.min),
};

const BOOLEAN: Record<string, StaticMethod> = {
  'parseBoolean/1': { fn: (s) => typeof s === 'string' && s.toLowerCase() === 'true', ret: 'boolean' },
  'valueOf/1': { fn: (s) => (typeof s === 'boolean' ? s : typeof s === 'string' && s.toLowerCase() === 'true'), ret: 'def' },
  'toString/1': { fn: (b) => String(b), ret: 'String' },
  'compare/2': compare,
};

const STRING: Record<string, StaticMethod> = {
  'valueOf/1': { fn: (x) => javaString(x), ret: 'String' },
  'join/2': {
    fn: (sep, xs) => {
      if (!Array.isArray(xs)) throw new JavaError('class_cast_exception', 'Cannot cast to java.lang.Iterable');
      return xs.map(javaString).join(javaString(sep));
    },
    ret: 'String',
  },
};

const COLLECTIONS: Record<string, StaticMethod> = {
  'sort/1': { fn: (l) => (Array.isArray(l) ? (l.sort(naturalCompare), null) : null), ret: 'void' },
  'reverse/1': { fn: (l) => (Array.isArray(l) ? (l.reverse(), null) : null), ret: 'void' },
  'max/1': { fn: (l) => (Array.isArray(l) ? l.reduce((a, b) => (naturalCompare(a, b) >= 0 ? a : b)) : null), ret: 'def' },
  'min/1': { fn: (l) => (Array.isArray(l) ? l.reduce((a, b) => (naturalCompare(a, b) <= 0 ? a : b)) : null), ret: 'def' },
  'emptyList/0': { fn: () => [], ret: 'List' },
  'emptyMap/0': { fn: () => new Map(), ret: 'Map' },
  'singletonList/1': { fn: (x) => [x], ret: 'List' },
};

const OBJECTS: Record<string, StaticMethod> = {
  'equals/2': { fn: (a, b) => javaEquals(a, b), ret: 'boolean' },
  'isNull/1': { fn: (a) => a === null || a === undefined, ret: 'boolean' },
  'nonNull/1': { fn: (a) => a !== null && a !== undefined, ret: 'boolean' },
  'toString/1': { fn: (a) => javaString(a), ret: 'String' },
  'requireNonNull/1': { fn: (a) => {
    if (a === null || a === undefined) throw npe();
    return a;
  }, ret: 'def' },
};

const CHARACTER: Record<string, StaticMethod> = {
  'isDigit/1': { fn: (c) => /^\p{Nd}$/u.test(javaString(c)), ret: 'boolean' },
  'isLetter/1': { fn: (c) => /^\p{L}$/u.test(javaString(c)), ret: 'boolean' },
  'isLetterOrDigit/1': { fn: (c) => /^[\p{L}\p{Nd}]$/u.test(javaString(c)), ret: 'boolean' },
  'isWhitespace/1': { fn: (c) => /^\s$/.test(javaString(c)), ret: 'boolean' },
  'isUpperCase/1': { fn: (c) => /^\p{Lu}$/u.test(javaString(c)), ret: 'boolean' },
  'isLowerCase/1': { fn: (c) => /^\p{Ll}$/u.test(javaString(c)), ret: 'boolean' },
  'toUpperCase/1': { fn: (c) => javaString(c).toUpperCase(), ret: 'String' },
  'toLowerCase/1': { fn: (c) => javaString(c).toLowerCase(), ret: 'String' },
};

const PATTERN: Record<string, StaticMethod> = {
  'compile/1': { fn: (s) => new JPattern(javaString(s), compileJavaRegex(javaString(s))), ret: 'Pattern' },
  'quote/1': { fn: (s) => javaString(s).replace(/[.*+?^${}()|[\]\\]/g, '\\$&'), ret: 'String' },
};

/** Static methods by class, keyed `name/arity`. */
export const STATIC_METHODS: Record<string, Record<string, StaticMethod>> = {
  Math: MATH,
  Integer: INTEGER,
  Long: LONG,
  Short: INTEGER,
  Byte: INTEGER,
  Double: DOUBLE,
  Float: DOUBLE,
  Boolean: BOOLEAN,
  String: STRING,
  Collections: COLLECTIONS,
  Objects: OBJECTS,
  Character: CHARACTER,
  Pattern: PATTERN,
};

/** Static fields by class. */
export const STATIC_FIELDS: Record<string, Record<string, StaticField>> = {
  Math: { PI: { value: Math.PI, type: 'double' }, E: { value: Math.E, type: 'double' } },
  Integer: { MAX_VALUE: { value: 2147483647, type: 'int' }, MIN_VALUE: { value: -2147483648, type: 'int' } },
  Long: {
    MAX_VALUE: { value: 9223372036854775807, type: 'long' },
    MIN_VALUE: { value: -9223372036854775808, type: 'long' },
  },
  Short: { MAX_VALUE: { value: 32767, type: 'short' }, MIN_VALUE: { value: -32768, type: 'short' } },
  Byte: { MAX_VALUE: { value: 127, type: 'byte' }, MIN_VALUE: { value: -128, type: 'byte' } },
  Double: {
    MAX_VALUE: { value: Number.MAX_VALUE, type: 'double' },
    MIN_VALUE: { value: Number.MIN_VALUE, type: 'double' },
    NaN: { value: NaN, type: 'double' },
    POSITIVE_INFINITY: { value: Infinity, type: 'double' },
    NEGATIVE_INFINITY: { value: -Infinity, type: 'double' },
  },
  Float: {
    MAX_VALUE: { value: 3.4028234663852886e38, type: 'float' },
    NaN: { value: NaN, type: 'float' },
    POSITIVE_INFINITY: { value: Infinity, type: 'float' },
    NEGATIVE_INFINITY: { value: -Infinity, type: 'float' },
  },
  Boolean: { TRUE: { value: true, type: 'def' }, FALSE: { value: false, type: 'def' } },
};
