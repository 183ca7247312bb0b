/**
 * The assertions of the YAML format, with the semantics of ES 5.6's runner
 * (`MatchAssertion`, `IsTrueAssertion`, `IsFalseAssertion`, `LengthAssertion`,
 * `GreaterThanAssertion` & co). Each returns undefined on success or a failure message.
 */
import { compileJavaRegex, regexSource } from './java-regex.js';
import { javaToString } from './java-format.js';

function show(value: unknown): string {
  return value === undefined ? 'undefined' : JSON.stringify(value);
}

/**
 * Deep comparison. Numbers compare by value (ES compares a `Double 1.0` and an `Integer 1`
 * numerically); maps compare as unordered key sets, lists in order.
 * Returns the path of the first difference, or undefined when equal.
 */
export function firstDifference(actual: unknown, expected: unknown, path = ''): string | undefined {
  if (typeof actual === 'number' && typeof expected === 'number') {
    return actual === expected ? undefined : `${path || '<root>'}: expected ${show(expected)} but was ${show(actual)}`;
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return `${path || '<root>'}: expected a list ${show(expected)} but was ${show(actual)}`;
    if (actual.length !== expected.length) {
      return `${path || '<root>'}: expected a list of ${expected.length} but it has ${actual.length}: ${show(actual)}`;
    }
    for (let i = 0; i < expected.length; i++) {
      const d = firstDifference(actual[i], expected[i], path ? `${path}.${i}` : String(i));
      if (d) return d;
    }
    return undefined;
  }
  if (expected !== null && typeof expected === 'object') {
    if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
      return `${path || '<root>'}: expected a map ${show(expected)} but was ${show(actual)}`;
    }
    const a = actual as Record<string, unknown>;
    const e = expected as Record<string, unknown>;
    for (const key of Object.keys(e)) {
      if (!(key in a)) return `${path ? `${path}.` : ''}${key}: expected ${show(e[key])} but the key is missing`;
      const d = firstDifference(a[key], e[key], path ? `${path}.${key}` : key);
      if (d) return d;
    }
    const extra = Object.keys(a).filter((k) => !(k in e));
    if (extra.length > 0) return `${path || '<root>'}: unexpected key(s) [${extra.join(', ')}]`;
    return undefined;
  }
  if ((actual ?? null) === (expected ?? null)) return undefined;
  return `${path || '<root>'}: expected ${show(expected)} but was ${show(actual)}`;
}

/**
 * `match`: regex (`/.../`, Java COMMENTS flag, `find()` semantics) against a string value,
 * numeric comparison for numbers, deep equality otherwise. Matching `null` requires the
 * value to be missing or null.
 */
export function assertMatch(field: string, actual: unknown, expected: unknown): string | undefined {
  const regex = regexSource(expected);
  if (regex !== undefined) {
    if (typeof actual !== 'string') {
      return `field [${field}] was expected to be of type String but is ${show(actual)}`;
    }
    let re: RegExp;
    try {
      re = compileJavaRegex(regex, { comments: true });
    } catch (e) {
      return `field [${field}]: invalid regex [${regex}]: ${(e as Error).message}`;
    }
    return re.test(actual) ? undefined : `field [${field}] was expected to match the provided regex but didn't: actual ${show(actual)}, regex [${regex}]`;
  }
  if (expected === null) {
    return actual === null || actual === undefined ? undefined : `field [${field}] was expected to be null but was ${show(actual)}`;
  }
  if (actual === null || actual === undefined) return `field [${field}] is null`;
  const diff = firstDifference(actual, expected);
  return diff ? `field [${field}] doesn't match the expected value: ${diff}` : undefined;
}

/** Java's truthiness of the test format: not null, and `toString()` not `""`, `false` (any case) or `0`. */
export function isTruthy(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  const text = javaToString(value);
  return text !== '' && text.toLowerCase() !== 'false' && text !== '0';
}

/** `is_true`. */
export function assertIsTrue(field: string, actual: unknown): string | undefined {
  return isTruthy(actual) ? undefined : `field [${field}] doesn't have a true value: ${show(actual)}`;
}

/** `is_false`. */
export function assertIsFalse(field: string, actual: unknown): string | undefined {
  return isTruthy(actual) ? `field [${field}] has a true value: ${show(actual)}` : undefined;
}

/** `length`: characters of a string, elements of a list, keys of a map. */
export function assertLength(field: string, actual: unknown, expected: unknown): string | undefined {
  const want = typeof expected === 'number' ? expected : Number(expected);
  if (!Number.isFinite(want)) return `expected value of [${field}] is not numeric: ${show(expected)}`;
  let got: number;
  if (typeof actual === 'string' || Array.isArray(actual)) got = actual.length;
  else if (actual !== null && typeof actual === 'object') got = Object.keys(actual).length;
  else return `field [${field}] is of unsupported type for length: ${show(actual)}`;
  return got === Math.trunc(want) ? undefined : `field [${field}] doesn't have length [${want}]: it has [${got}]`;
}

/** The comparison operators. */
export type ComparisonOperator = 'gt' | 'gte' | 'lt' | 'lte';

/** `gt`, `gte`, `lt`, `lte`: both numbers (compared numerically) or both strings. */
export function assertComparison(op: ComparisonOperator, field: string, actual: unknown, expected: unknown): string | undefined {
  const comparable = (v: unknown): v is number | string => typeof v === 'number' || typeof v === 'string';
  if (!comparable(actual)) return `value of [${field}] is not comparable (got ${show(actual)})`;
  if (!comparable(expected) || typeof expected !== typeof actual) {
    return `value of [${field}] (${show(actual)}) cannot be compared with ${show(expected)}`;
  }
  const ok =
    op === 'gt' ? actual > expected : op === 'gte' ? actual >= expected : op === 'lt' ? actual < expected : actual <= expected;
  const words = { gt: 'greater than', gte: 'greater than or equal to', lt: 'less than', lte: 'less than or equal to' }[op];
  return ok ? undefined : `field [${field}] is not ${words} [${String(expected)}]: it is [${String(actual)}]`;
}
