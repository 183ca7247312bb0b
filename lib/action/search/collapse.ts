/**
 * Field collapsing (`collapse: {field, inner_hits}`, ES 5.3+): one hit per distinct value of a
 * keyword or numeric field with doc values (keyed on the shard: lib/search/service/collapse-key.ts);
 * the group value is rendered in `fields`, and each
 * `inner_hits` entry runs as a search restricted to the hit's group.
 */
import { EsError, illegalArgument as iae, notBuiltYet } from '../../errors/errors.js';
import type { Query } from '../../dsl/query-types.js';
import type { SortValue } from '../../messages/hit-order.js';
import { parseSortBody, type SortSpec } from '../../dsl/sort-spec.js';

export interface InnerHitsSpec {
  name?: string;
  from: number;
  size: number;
  sort?: SortSpec[];
  source?: unknown;
  version: boolean;
  explain: boolean;
}

export interface CollapseSpec {
  field: string;
  innerHits: InnerHitsSpec[];
}

/** `collapse` keys (ES 5.6 `CollapseBuilder`); `max_concurrent_group_searches` only tunes concurrency. */
const COLLAPSE_KEYS = new Set(['field', 'inner_hits', 'max_concurrent_group_searches']);
/** `inner_hits` options the collapse fetch applies. */
const INNER_HITS_APPLIED = new Set(['name', 'from', 'size', 'sort', '_source', 'version', 'explain']);
/** `InnerHitBuilder` options Strata parses nowhere yet: refused rather than ignored. */
const INNER_HITS_NOT_BUILT = new Set([
  'ignore_unmapped', 'track_scores', 'stored_fields', 'docvalue_fields', 'script_fields', 'highlight', 'query', 'inner_hits',
]);

/** Parse the `collapse` body element. */
export function parseCollapse(v: unknown): CollapseSpec {
  const o = (v ?? {}) as Record<string, unknown>;
  for (const k of Object.keys(o)) {
    if (!COLLAPSE_KEYS.has(k)) throw iae(`[collapse] unknown field [${k}], parser not found`);
  }
  if (typeof o['field'] !== 'string') throw new EsError('parsing_exception', 400, '[collapse] failed to parse field [field]', { metadata: { line: 1, col: 1 } });
  const ih = o['inner_hits'];
  const list = ih === undefined ? [] : Array.isArray(ih) ? ih : [ih];
  return {
    field: o['field'],
    innerHits: list.map((x) => {
      const h = x as Record<string, unknown>;
      for (const k of Object.keys(h)) {
        if (INNER_HITS_APPLIED.has(k)) continue;
        if (INNER_HITS_NOT_BUILT.has(k)) throw notBuiltYet(`inner_hits.${k}`);
        throw iae(`[inner_hits] unknown field [${k}], parser not found`);
      }
      return {
        ...(typeof h['name'] === 'string' ? { name: h['name'] } : {}),
        from: h['from'] === undefined ? 0 : Number(h['from']),
        size: h['size'] === undefined ? 3 : Number(h['size']),
        ...(h['sort'] !== undefined ? { sort: parseSortBody(h['sort']) } : {}),
        ...(h['_source'] !== undefined ? { source: h['_source'] } : {}),
        version: h['version'] === true,
        explain: h['explain'] === true,
      };
    }),
  };
}

/** The query of one group's inner hits: the request query restricted to the group value. */
export function groupQuery(query: Query | undefined, field: string, value: SortValue): Query {
  const base: Query = query ?? { kind: 'match_all', boost: 1 };
  const filter: Query =
    value === null
      ? { kind: 'bool', must: [], should: [], mustNot: [{ kind: 'exists', field, boost: 1 }], filter: [], disableCoord: false, adjustPureNegative: true, boost: 1 }
      : { kind: 'term', field, value, boost: 1 };
  return { kind: 'bool', must: [base], should: [], mustNot: [], filter: [filter], disableCoord: false, adjustPureNegative: true, boost: 1 };
}
