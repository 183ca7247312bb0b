/**
 * ES 5.6 `Fuzziness`: the `fuzziness` parameter of match, multi_match, fuzzy, query_string.
 *
 * Accepted forms (as `Fuzziness.parse`): a number or string; `AUTO` (any case) is the
 * length-dependent default; anything else is kept as text and turned into an edit distance
 * only when the query runs (`asDistance`), so `1.5` means 1 edit and a non-numeric text such as
 * `AUTO:3,6` (the 6.x syntax, not in 5.6) fails then with a number_format_exception.
 */
import { EsError } from '../errors/errors.js';
import { textValue, tokenOf } from './xcontent.js';

/** A parsed fuzziness value. */
export type Fuzziness = { kind: 'auto' } | { kind: 'edits'; edits: 0 | 1 | 2 } | { kind: 'text'; text: string };

/** `Fuzziness.AUTO`. */
export const AUTO: Fuzziness = { kind: 'auto' };

/** `Fuzziness.parse(parser)` for a JSON value. Objects/arrays/null: IllegalArgumentException. */
export function parseFuzziness(v: unknown): Fuzziness {
  const t = tokenOf(v);
  if (t !== 'VALUE_STRING' && t !== 'VALUE_NUMBER') {
    throw new EsError('illegal_argument_exception', 400, `Can't parse fuzziness on token: [${t}]`);
  }
  return fuzzinessFromString(textValue(v));
}

/** `Fuzziness.build` on a string: `AUTO`, `0`/`1`/`2`, or kept as text. */
export function fuzzinessFromString(text: string): Fuzziness {
  if (text.toUpperCase() === 'AUTO') return AUTO;
  if (/^[+-]?\d+$/.test(text)) {
    const n = Number(text);
    if (n === 0 || n === 1 || n === 2) return { kind: 'edits', edits: n };
  }
  return { kind: 'text', text };
}

/** The text form ES renders (`AUTO`, `1`, or the given text). */
export function fuzzinessToString(f: Fuzziness): string {
  if (f.kind === 'auto') return 'AUTO';
  if (f.kind === 'edits') return String(f.edits);
  return f.text;
}

/**
 * `Fuzziness.asDistance(term)`: maximum Levenshtein edits for `term`.
 * AUTO: length (in code points) 0..2 → 0, 3..5 → 1, more → 2. Otherwise `min(2, (int) value)`.
 */
export function fuzzinessToEdits(f: Fuzziness, term: string): number {
  if (f.kind === 'auto') {
    const len = [...term].length;
    if (len <= 2) return 0;
    if (len > 5) return 2;
    return 1;
  }
  if (f.kind === 'edits') return f.edits;
  return Math.min(2, Math.trunc(fuzzinessAsFloat(f)));
}

/** `Fuzziness.asFloat()`: AUTO is 1, text is `Float.parseFloat`. */
export function fuzzinessAsFloat(f: Fuzziness): number {
  if (f.kind === 'auto') return 1;
  if (f.kind === 'edits') return f.edits;
  const t = f.text.trim();
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?[fFdD]?$/.test(t)) {
    throw new EsError('number_format_exception', 400, `For input string: "${f.text}"`);
  }
  return Math.fround(Number(t.replace(/[fFdD]$/, '')));
}
