/**
 * Lucene's `Explanation`: a value, a description and sub-explanations. Built by the same weights
 * and scorers that compute `_score` (see weight.ts), rendered as ES 5.6 renders `_explanation`.
 */
import { JsonFloat } from '../units/java-number.js';

export interface Explanation {
  readonly match: boolean;
  /** float32 value */
  readonly value: number;
  readonly description: string;
  readonly details: readonly Explanation[];
}

/** `Explanation.match(value, description, details...)`. */
export function explMatch(value: number, description: string, details: readonly Explanation[] = []): Explanation {
  return { match: true, value: Math.fround(value), description, details };
}

/** `Explanation.noMatch(description, details...)` (value 0). */
export function explNoMatch(description: string, details: readonly Explanation[] = []): Explanation {
  return { match: false, value: 0, description, details };
}

/** JSON as ES renders `_explanation`: `{value, description, details}` with float values. */
export function explanationToJson(e: Explanation): Record<string, unknown> {
  return {
    value: new JsonFloat(e.value),
    description: e.description,
    details: e.details.map(explanationToJson),
  };
}

/** Lucene's `Explanation.toString()` (used inside descriptions such as `freq=1.0 = termFreq=1.0\n`). */
export function explanationToString(e: Explanation, depth = 0): string {
  let s = '  '.repeat(depth) + javaFloat(e.value) + ' = ' + e.description + '\n';
  for (const d of e.details) s += explanationToString(d, depth + 1);
  return s;
}

/** Java's `Float.toString` of a float32 value. */
export function javaFloat(v: number): string {
  const f = Math.fround(v);
  if (Number.isNaN(f)) return 'NaN';
  if (f === Infinity) return 'Infinity';
  if (f === -Infinity) return '-Infinity';
  if (f === 0) return Object.is(f, -0) ? '-0.0' : '0.0';
  // shortest decimal that reads back as the same float32
  let digits = '';
  for (let p = 1; p <= 9; p++) {
    digits = f.toPrecision(p);
    if (Math.fround(Number(digits)) === f) break;
  }
  const n = Number(digits);
  const abs = Math.abs(n);
  if (abs >= 1e-3 && abs < 1e7) {
    const plain = String(n);
    return plain.includes('.') ? plain : plain + '.0';
  }
  const [mant, exp] = n.toExponential().split('e') as [string, string];
  const m = mant.includes('.') ? mant : mant + '.0';
  return `${m}E${Number(exp)}`;
}
