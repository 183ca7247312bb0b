/**
 * Pieces every query rendering shares: `AbstractQueryBuilder.printBoostAndQueryName` (a float
 * `boost`, then `_name` when set), `Fuzziness.toXContent`, `Script.toXContent`, and ES's text for
 * enums it prints with `toString()`/`name()`.
 */
import type { QueryBase, Operator } from '../query-base.js';
import type { Fuzziness } from '../fuzziness.js';
import { fuzzinessToString } from '../fuzziness.js';
import type { ScriptRef } from '../script-ref.js';
import type { TermValue } from '../queries/term.js';
import { fromJson, jfloat, obj, type XNode, type XObject } from './xcontent.js';
import { javaHashSetOrder } from '../../units/java-hash.js';

/** `entries` followed by `boost` (float) and `_name` (when set): the tail of every query body. */
export function body(q: QueryBase, ...entries: Array<[string, XNode | undefined]>): XObject {
  return obj(...entries, ['boost', jfloat(q.boost)], ['_name', q.queryName]);
}

/** `{name: inner}`: the outer object every `doXContent` opens with `startObject(NAME)`. */
export function named(name: string, inner: XNode): XObject {
  return obj([name, inner]);
}

/** `Operator.toString()`: the enum constant name. */
export function operatorName(op: Operator): string {
  return op.toUpperCase();
}

/** `Fuzziness.toXContent` writes `fuzziness` as its string form (`AUTO`, `1`, `0.5`…). */
export function fuzzinessNode(f: Fuzziness): string {
  return fuzzinessToString(f);
}

/**
 * A term-like value (`maybeConvertToString`/`convertToStringIfBytesRef`): strings as strings,
 * numbers as the Integer/Long/Double Jackson parsed (integral → integer; see README of render/).
 */
export function termValue(v: TermValue | null): XNode {
  if (v === null) return null;
  return fromJson(v);
}

/** A `parser.map()` result: Java `HashMap`s, printed in hash order at every level. */
export function fromJsonHashMap(v: unknown): XNode {
  if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
    const src = v as Record<string, unknown>;
    const m: XObject = new Map();
    for (const k of javaHashSetOrder(Object.keys(src))) m.set(k, fromJsonHashMap(src[k]));
    return m;
  }
  if (Array.isArray(v)) return v.map(fromJsonHashMap);
  return fromJson(v);
}

/**
 * `Script.toXContent` (ES 5.6 Script): the type's preferred name (`inline`, `stored`, `file`)
 * with the code or id, `lang`, `options` when not empty, `params` when not empty.
 */
export function scriptNode(s: ScriptRef): XObject {
  const opts = s.options !== undefined && Object.keys(s.options).length > 0 ? fromJsonHashMap(s.options) : undefined;
  const params = Object.keys(s.params).length > 0 ? fromJsonHashMap(s.params) : undefined;
  return obj([s.type, s.idOrCode], ['lang', s.lang], ['options', opts], ['params', params]);
}
