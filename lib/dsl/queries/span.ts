/**
 * Span queries, parsed only (positional execution is not implemented yet): `span_term`,
 * `span_first`, `span_near`, `span_or`, `span_not`, `span_containing`, `span_within`,
 * `span_multi`, `field_masking_span` (ES 5.6 `Span*QueryBuilder.fromXContent`). Kept together
 * because they share one clause rule: nested clauses must themselves be span queries.
 */
import type { ParseContext } from '../parse-context.js';
import type { Query } from '../query-types.js';
import { baseFields, illegalArgument, readBaseField, withBase, type QueryBase } from '../query-base.js';
import { booleanValue, intValue, isObject, isValue, objectText, type JsonObject } from '../xcontent.js';
import type { TermValue } from './term.js';
import { dict } from '../../dict.js';

/** Any span query. */
export type SpanQuery =
  | SpanTermQuery
  | SpanFirstQuery
  | SpanNearQuery
  | SpanOrQuery
  | SpanNotQuery
  | SpanContainingQuery
  | SpanWithinQuery
  | SpanMultiQuery
  | FieldMaskingSpanQuery;

export interface SpanTermQuery extends QueryBase {
  kind: 'span_term';
  field: string;
  value: TermValue;
}
export interface SpanFirstQuery extends QueryBase {
  kind: 'span_first';
  match: SpanQuery;
  end: number;
}
export interface SpanNearQuery extends QueryBase {
  kind: 'span_near';
  clauses: SpanQuery[];
  slop: number;
  /** default true */
  inOrder: boolean;
}
export interface SpanOrQuery extends QueryBase {
  kind: 'span_or';
  clauses: SpanQuery[];
}
export interface SpanNotQuery extends QueryBase {
  kind: 'span_not';
  include: SpanQuery;
  exclude: SpanQuery;
  pre: number;
  post: number;
}
export interface SpanContainingQuery extends QueryBase {
  kind: 'span_containing';
  big: SpanQuery;
  little: SpanQuery;
}
export interface SpanWithinQuery extends QueryBase {
  kind: 'span_within';
  big: SpanQuery;
  little: SpanQuery;
}
export interface SpanMultiQuery extends QueryBase {
  kind: 'span_multi';
  /** A prefix, wildcard, regexp, fuzzy or range query. */
  match: Query;
}
export interface FieldMaskingSpanQuery extends QueryBase {
  kind: 'field_masking_span';
  query: SpanQuery;
  field: string;
}

const SPAN_KINDS = new Set([
  'span_term',
  'span_first',
  'span_near',
  'span_or',
  'span_not',
  'span_containing',
  'span_within',
  'span_multi',
  'field_masking_span',
]);
const MULTI_TERM_KINDS = new Set(['prefix', 'wildcard', 'regexp', 'fuzzy', 'range']);

function spanClause(ctx: ParseContext, obj: JsonObject, key: string, v: unknown, msg: string): SpanQuery | null {
  const q = ctx.parseInnerQuery(v, ctx.atValue(obj, key));
  if (q && !SPAN_KINDS.has(q.kind)) throw ctx.error(msg, ctx.atValue(obj, key));
  return q as SpanQuery | null;
}

/** Parse a `span_term` body (same shapes as `term`). */
export function parseSpanTerm(ctx: ParseContext, body: JsonObject): SpanTermQuery {
  let field: string | undefined;
  let value: TermValue | null = null;
  const base = baseFields();
  for (const [name, v] of Object.entries(body)) {
    if (field !== undefined) throw ctx.multipleFields('span_term', field, name, ctx.atValue(body, name));
    field = name;
    if (isObject(v)) {
      for (const [key, iv] of Object.entries(v)) {
        if (key === 'term' || key === 'value') value = iv === null ? null : objectText(iv);
        else if (!isValue(iv) || !readBaseField(base, key, iv)) throw ctx.unsupported('span_term', v, key);
      }
    } else if (isValue(v)) value = objectText(v);
  }
  if (field === undefined) throw illegalArgument('field name is null or empty');
  if (value === null) throw illegalArgument('value cannot be null');
  return withBase(base, { kind: 'span_term' as const, field, value });
}

/** Parse the compound span queries. */
export function parseSpanCompound(ctx: ParseContext, body: JsonObject, name: string): SpanQuery | null {
  const base = baseFields();
  const clauses: SpanQuery[] = [];
  const one: Record<string, SpanQuery | null> = dict();
  let mt: Query | null = null;
  let end: number | undefined;
  let slop: number | undefined;
  let inOrder = true;
  let pre = 0;
  let post = 0;
  let dist: number | undefined;
  let field: string | undefined;
  const label = name === 'span_near' ? 'spanNear' : name === 'span_or' ? 'spanOr' : name === 'span_first' ? 'spanFirst' : name === 'span_not' ? 'spanNot' : name;
  const subKeys: Record<string, string[]> = {
    span_first: ['match'],
    span_not: ['include', 'exclude'],
    span_containing: ['big', 'little'],
    span_within: ['big', 'little'],
    field_masking_span: ['query'],
  };
  for (const [key, v] of Object.entries(body)) {
    if (Array.isArray(v) && key === 'clauses' && (name === 'span_near' || name === 'span_or')) {
      v.forEach((item, i) => {
        const q = ctx.parseInnerQuery(item, ctx.atItem(v, i));
        if (q && !SPAN_KINDS.has(q.kind)) throw ctx.error(`${label} [clauses] must be of type span query`, ctx.atItem(v, i));
        if (q) clauses.push(q as SpanQuery);
      });
    } else if (isObject(v) && name === 'span_multi' && key === 'match') {
      mt = ctx.parseInnerQuery(v, ctx.atValue(body, key));
      if (mt && !MULTI_TERM_KINDS.has(mt.kind)) throw ctx.error('spanMultiTerm [match] must be of type multi term query', ctx.atValue(body, key));
    } else if (isObject(v) && subKeys[name]?.includes(key)) {
      one[key] = spanClause(ctx, body, key, v, `${label} [${key}] must be of type span query`);
    } else if (isValue(v)) {
      if (key === 'end' && name === 'span_first') end = intValue(v);
      else if (key === 'slop' && name === 'span_near') slop = intValue(v);
      else if (key === 'in_order' && name === 'span_near') inOrder = booleanValue(v);
      else if (key === 'collect_payloads' && name === 'span_near') {
        // deprecated, ignored
      } else if (key === 'pre' && name === 'span_not') pre = intValue(v);
      else if (key === 'post' && name === 'span_not') post = intValue(v);
      else if (key === 'dist' && name === 'span_not') dist = intValue(v);
      else if (key === 'field' && name === 'field_masking_span') field = String(v);
      else if (!readBaseField(base, key, v)) throw ctx.error(`[${name}] query does not support [${key}]`, ctx.atValue(body, key));
    } else {
      throw ctx.error(`[${name}] query does not support [${key}]`, ctx.atValue(body, key));
    }
  }
  const at = ctx.atEnd(body);
  switch (name) {
    case 'span_near':
      if (clauses.length === 0) throw ctx.error('spanNear must include [clauses]', at);
      if (slop === undefined) throw ctx.error('spanNear must include [slop]', at);
      return withBase(base, { kind: 'span_near' as const, clauses, slop, inOrder });
    case 'span_or':
      if (clauses.length === 0) throw ctx.error('spanOr must include [clauses]', at);
      return withBase(base, { kind: 'span_or' as const, clauses });
    case 'span_first': {
      if (!('match' in one)) throw ctx.error('spanFirst must have [match] span query clause', at);
      if (end === undefined) throw ctx.error('spanFirst must have [end] set for it', at);
      const match = one.match;
      return match ? withBase(base, { kind: 'span_first' as const, match, end }) : null;
    }
    case 'span_not': {
      if (!('include' in one)) throw ctx.error('spanNot must have [include] span query clause', at);
      if (!('exclude' in one)) throw ctx.error('spanNot must have [exclude] span query clause', at);
      if (dist !== undefined && (pre !== 0 || post !== 0)) throw ctx.error('spanNot can either use [dist] or [pre] & [post] (or none)', at);
      const include = one.include;
      const exclude = one.exclude;
      if (!include || !exclude) return null;
      return withBase(base, { kind: 'span_not' as const, include, exclude, pre: dist ?? pre, post: dist ?? post });
    }
    case 'span_containing':
    case 'span_within': {
      if (!('big' in one)) throw ctx.error(`${name} must include [big]`, at);
      if (!('little' in one)) throw ctx.error(`${name} must include [little]`, at);
      const big = one.big;
      const little = one.little;
      if (!big || !little) return null;
      return withBase(base, { kind: name, big, little });
    }
    case 'span_multi':
      if (!mt) throw ctx.error('spanMultiTerm must have [match] multi term query clause', at);
      return withBase(base, { kind: 'span_multi' as const, match: mt });
    default: {
      if (!('query' in one)) throw ctx.error('field_masking_span must have [query] span query clause', at);
      if (field === undefined) throw ctx.error('field_masking_span must have [field] set for it', at);
      const query = one.query;
      return query ? withBase(base, { kind: 'field_masking_span' as const, query, field }) : null;
    }
  }
}
