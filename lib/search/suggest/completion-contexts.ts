/**
 * Context filtering of the `completion` suggester (ES 5.6 `ContextMappings`,
 * `CategoryContextMapping`, `GeoContextMapping`): the contexts a document's suggestion is
 * indexed with, the contexts a query asks for, and whether (and with what boost) they meet.
 * Category values match exactly (or by prefix with `prefix: true`); a geo point is indexed as
 * its geohash at the mapping's precision and a query point matches its own cell and the eight
 * around it (or the cells at `neighbours` lengths), as ES builds its query contexts.
 */
import type { CompletionContextMapping, CompletionMapping } from '../../mapping/completion-value.js';
import type { CompletionQueryContext } from '../../dsl/suggest.js';
import { encodeGeohash } from '../../units/geohash.js';
import { parseGeoPoint } from '../../dsl/geo-point.js';
import { geohashNeighbours } from './geohash-neighbours.js';
import { EsError } from '../../errors/errors.js';

/** A query context, resolved: the mapping it belongs to, the value to match and how. */
export interface InternalQueryContext {
  mapping: string;
  value: string;
  prefix: boolean;
  boost: number;
}

/** The values `source` holds at a dotted `path` (arrays along the way flattened). */
export function valuesAt(source: unknown, path: string): unknown[] {
  let cur: unknown[] = [source];
  for (const part of path.split('.')) {
    const next: unknown[] = [];
    for (const c of cur) {
      if (c === null || typeof c !== 'object') continue;
      for (const x of Array.isArray(c) ? c : [c]) {
        if (x === null || typeof x !== 'object' || Array.isArray(x)) continue;
        const v = (x as Record<string, unknown>)[part];
        if (v !== undefined && Object.hasOwn(x, part)) next.push(v);
      }
    }
    cur = next;
  }
  return cur.flatMap((v) => (Array.isArray(v) && !(v.length === 2 && typeof v[0] === 'number') ? v : [v]));
}

function geohashOf(v: unknown, precision: number): string {
  return encodeGeohash(parseGeoPoint(v), precision);
}

/**
 * The context values of one suggestion, by context name: given with the input, or read from the
 * mapping's `path` in the document. Geo points become geohashes at the mapping precision.
 */
export function docContexts(m: CompletionMapping, given: Map<string, unknown[]>, source: unknown): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const c of m.contexts) {
    const raw = given.get(c.name) ?? (c.path !== undefined ? valuesAt(source, c.path) : []);
    const values = raw.filter((v) => v !== null).map((v) => (c.type === 'geo' ? geohashOf(v, c.precision) : String(v)));
    if (values.length > 0) out.set(c.name, values);
  }
  return out;
}

function geoQueryContexts(c: CompletionContextMapping, q: CompletionQueryContext): InternalQueryContext[] {
  if (q.lat === undefined || q.lon === undefined || Number.isNaN(q.lat) || Number.isNaN(q.lon)) {
    throw new EsError('parse_exception', 400, 'geo context must be an object or string');
  }
  const precision = Math.min(c.precision, q.precision ?? 12);
  const hash = encodeGeohash({ lat: q.lat, lon: q.lon }, precision);
  const cells = new Set<string>([hash]);
  const neighbours = q.neighbours ?? [];
  if (neighbours.length === 0 && hash.length === c.precision) for (const n of geohashNeighbours(hash)) cells.add(n);
  for (const len of neighbours) {
    if (len >= hash.length) continue;
    const cut = hash.slice(0, len);
    cells.add(cut);
    for (const n of geohashNeighbours(cut)) cells.add(n);
  }
  return [...cells].map((value) => ({ mapping: c.name, value, prefix: value.length < c.precision, boost: q.boost }));
}

/** The query's contexts, checked against the mapping (ES `ContextMappings.parseQueryContext`). */
export function queryContexts(m: CompletionMapping, field: string, given: Array<{ name: string; values: CompletionQueryContext[] }>): InternalQueryContext[] {
  if (m.contexts.length === 0) throw new EsError('illegal_argument_exception', 400, `suggester [${field}] doesn't expect any context`);
  const out: InternalQueryContext[] = [];
  for (const { name, values } of given) {
    const c = m.contexts.find((x) => x.name === name);
    if (!c) throw new EsError('illegal_argument_exception', 400, `Unknown context name [${name}], must be one of [${m.contexts.map((x) => x.name).join(', ')}]`);
    for (const q of values) {
      if (c.type === 'geo') out.push(...geoQueryContexts(c, q));
      else {
        if (q.context === undefined) throw new EsError('parse_exception', 400, 'category context must be an object, string, number or boolean');
        out.push({ mapping: c.name, value: q.context, prefix: q.prefix, boost: q.boost });
      }
    }
  }
  return out;
}

/**
 * The best boost with which a suggestion's contexts meet the query's, or undefined when none
 * does. No query contexts: every suggestion matches with boost 1.
 */
export function contextBoost(query: InternalQueryContext[] | undefined, doc: Map<string, string[]>): number | undefined {
  if (!query) return 1;
  let best: number | undefined;
  for (const q of query) {
    for (const v of doc.get(q.mapping) ?? []) {
      if (q.prefix ? v.startsWith(q.value) : v === q.value) {
        if (best === undefined || q.boost > best) best = q.boost;
      }
    }
  }
  return best;
}
