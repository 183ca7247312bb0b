/**
 * ES 5.6 `Queries.calculateMinShouldMatch(optionalClauseCount, spec)` — the
 * `minimum_should_match` grammar shared by bool, match, multi_match, common, query_string:
 *
 * - `3` / `-2`: an absolute number of clauses (negative: all but that many);
 * - `75%` / `-25%`: a percentage of the optional clauses, truncated toward zero in float
 *   arithmetic (negative: all but);
 * - `3<90%`: with more than 3 optional clauses apply `90%`, otherwise all are required;
 * - `2<-25% 9<-3`: several conditions separated by single spaces; each bound the clause count
 *   exceeds replaces the result, the first bound it does not exceed stops the scan.
 *
 * Negative results become 0; ES 5.6 does NOT clamp a result above the clause count (a bool
 * with `minimum_should_match: 5` and two SHOULD clauses matches nothing).
 */
import { EsError } from '../errors/errors.js';

const SPACE_AROUND_LT = /(\s+<\s*)|(\s*<\s+)/g;
const ONE_PERCENT = Math.fround(1 / 100);

/**
 * Number of optional (SHOULD) clauses that must match for `spec`.
 * Throws `number_format_exception` for malformed specs, as `Integer.parseInt` does.
 */
export function calculateMinShouldMatch(optionalClauseCount: number, spec: string): number {
  let result = optionalClauseCount;
  spec = spec.trim();
  if (spec.includes('<')) {
    spec = spec.replace(SPACE_AROUND_LT, '<');
    for (const s of javaSplit(spec, ' ')) {
      const parts = javaSplit(s, '<');
      const upperBound = parseJavaInt(parts[0] ?? '');
      if (optionalClauseCount <= upperBound) return result;
      result = calculateMinShouldMatch(optionalClauseCount, parts[1] ?? '');
    }
    return result;
  }
  if (spec.includes('%')) {
    // "assume the % was the last char. If not, let Integer.parseInt fail."
    const percent = parseJavaInt(spec.slice(0, -1));
    const calc = Math.fround(Math.fround(result * percent) * ONE_PERCENT);
    result = calc < 0 ? result + Math.trunc(calc) : Math.trunc(calc);
  } else {
    const calc = parseJavaInt(spec);
    result = calc < 0 ? result + calc : calc;
  }
  return result < 0 ? 0 : result;
}

/**
 * `Queries.applyMinimumShouldMatch`: the `minimumNumberShouldMatch` to set on a boolean query
 * with `optionalClauseCount` SHOULD clauses, or 0 (leave unset) when `spec` is null or the
 * computed value is not positive.
 */
export function minimumShouldMatchFor(optionalClauseCount: number, spec: string | null | undefined): number {
  if (spec === null || spec === undefined) return 0;
  const msm = calculateMinShouldMatch(optionalClauseCount, spec);
  return msm > 0 ? msm : 0;
}

/** Java `String.split(regex)` for a literal one-char separator: trailing empty strings dropped. */
function javaSplit(s: string, sep: string): string[] {
  const parts = s.split(sep);
  while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
  return parts;
}

/** Java `Integer.parseInt`: optional sign then digits, else NumberFormatException. */
function parseJavaInt(s: string): number {
  if (!/^[+-]?\d+$/.test(s)) throw new EsError('number_format_exception', 400, `For input string: "${s}"`);
  const n = Number(s);
  if (n > 2147483647 || n < -2147483648) throw new EsError('number_format_exception', 400, `For input string: "${s}"`);
  return n;
}
