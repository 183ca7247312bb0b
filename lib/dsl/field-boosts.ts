/**
 * `field^boost` entries of `multi_match`, `query_string` and `simple_query_string` `fields`.
 * ES splits at the first `^` and parses the rest with `Float.parseFloat`; entries are kept in a
 * `TreeMap`, i.e. sorted by field name, the last duplicate winning.
 */
import { parseJavaDouble, textValue } from './xcontent.js';

/** One field pattern (may hold `*` wildcards) with its boost. */
export interface FieldBoost {
  field: string;
  boost: number;
}

/** Split `name^2.5` into field and boost (boost 1 when absent). */
export function parseFieldAndBoost(v: unknown): FieldBoost {
  const text = textValue(v);
  const i = text.indexOf('^');
  if (i === -1) return { field: text, boost: 1 };
  return { field: text.slice(0, i), boost: Math.fround(parseJavaDouble(text.slice(i + 1))) };
}

/** Add an entry to a sorted, de-duplicated list (TreeMap semantics). */
export function putFieldBoost(list: FieldBoost[], fb: FieldBoost): void {
  const existing = list.findIndex((e) => e.field === fb.field);
  if (existing !== -1) list.splice(existing, 1);
  list.push(fb);
  list.sort((a, b) => (a.field < b.field ? -1 : a.field > b.field ? 1 : 0));
}
