/**
 * One field's statistics as ES 5.6 `FieldStats` holds them: the kind of values (from the mapped
 * type), counts summed over shards and indices, min/max decoded from the indexed terms, the
 * `index_constraints` match and the rendering (`type`, `max_doc`, `doc_count`, `density`, ...).
 */
import type { FieldTypeInfo } from '../../mapping/field-info.js';
import type { ShardFieldStats } from '../../messages/shard-maintenance.js';
import { decodeDouble, decodeIp, decodeLong, encodeDouble, encodeIp, encodeLong } from '../../mapping/term-encoding.js';
import { dateFormatter } from '../../mapping/date-format.js';
import { javaDoubleToString } from '../../units/java-number.js';
import { illegalArgument } from '../../errors/errors.js';

/** ES 5.6 `FieldStats` subclasses, by their display type. */
export type StatsKind = 'integer' | 'float' | 'date' | 'ip' | 'string' | 'geo_point';

export interface FieldStatsValue {
  kind: StatsKind;
  /** Date format of date fields (as_string rendering, constraint parsing). */
  format?: string;
  maxDoc: number;
  docCount: number;
  sumDocFreq: number;
  sumTotalTermFreq: number;
  searchable: boolean;
  aggregatable: boolean;
  /** Encoded terms (order-preserving for numbers, dates and ips). */
  minTerm?: string;
  maxTerm?: string;
}

function kindOf(ft: FieldTypeInfo): StatsKind {
  switch (ft.family) {
    case 'integer':
      return 'integer';
    case 'floating':
      return 'float';
    case 'date':
      return 'date';
    case 'ip':
      return 'ip';
    case 'geo_point':
      return 'geo_point';
    default:
      return 'string';
  }
}

/**
 * A shard's raw figures typed by the field's mapping. Point-indexed kinds (numbers, dates, ips)
 * answer as Lucene's points do: no `sum_doc_freq` (-1) and the number of indexed values as
 * `sum_total_term_freq`.
 */
export function typedStats(ft: FieldTypeInfo, raw: ShardFieldStats, aggregatable: boolean): FieldStatsValue {
  const kind = kindOf(ft);
  const v: FieldStatsValue = {
    kind,
    maxDoc: raw.maxDoc,
    docCount: raw.docCount,
    sumDocFreq: raw.sumDocFreq,
    sumTotalTermFreq: raw.sumTotalTermFreq,
    searchable: ft.indexed,
    aggregatable,
  };
  if (ft.format !== undefined) v.format = ft.format;
  if (kind !== 'string') {
    const values = raw.sumTotalTermFreq >= 0 ? raw.sumTotalTermFreq : raw.sumDocFreq;
    v.sumDocFreq = -1;
    v.sumTotalTermFreq = raw.docCount > 0 ? values : -1;
  }
  if (kind !== 'geo_point' && raw.docCount > 0) {
    if (raw.minTerm !== undefined) v.minTerm = raw.minTerm;
    if (raw.maxTerm !== undefined) v.maxTerm = raw.maxTerm;
  }
  return v;
}

const sum = (a: number, b: number): number => (a < 0 || b < 0 ? -1 : a + b);

/** ES `FieldStats#accumulate`: add `other` (same kind) into `into`. */
export function accumulate(into: FieldStatsValue, other: FieldStatsValue): void {
  into.maxDoc += other.maxDoc;
  into.docCount = sum(into.docCount, other.docCount);
  into.sumDocFreq = sum(into.sumDocFreq, other.sumDocFreq);
  into.sumTotalTermFreq = sum(into.sumTotalTermFreq, other.sumTotalTermFreq);
  into.searchable ||= other.searchable;
  into.aggregatable ||= other.aggregatable;
  if (other.minTerm !== undefined && (into.minTerm === undefined || other.minTerm < into.minTerm)) into.minTerm = other.minTerm;
  if (other.maxTerm !== undefined && (into.maxTerm === undefined || other.maxTerm > into.maxTerm)) into.maxTerm = other.maxTerm;
}

/** The raw value (`min_value`) and its string form (`min_value_as_string`) of an encoded term. */
function decode(v: FieldStatsValue, term: string): { value: number | string; asString: string } {
  switch (v.kind) {
    case 'integer': {
      const n = decodeLong(term);
      return { value: n, asString: String(n) };
    }
    case 'float': {
      const d = decodeDouble(term);
      return { value: d, asString: javaDoubleToString(d) };
    }
    case 'date': {
      const ms = decodeLong(term);
      return { value: ms, asString: dateFormatter(v.format ?? 'strict_date_optional_time||epoch_millis').print(ms) };
    }
    case 'ip': {
      const ip = decodeIp(term);
      return { value: ip, asString: ip };
    }
    default:
      return { value: term, asString: term };
  }
}

/** Encode a constraint bound (`index_constraints`) the way the field's terms are encoded. */
function encodeBound(v: FieldStatsValue, raw: unknown, format: string | undefined): string {
  const text = typeof raw === 'string' ? raw : JSON.stringify(raw);
  switch (v.kind) {
    case 'integer': {
      const n = Number(text);
      if (!Number.isInteger(n)) throw illegalArgument(`For input string: "${text}"`);
      return encodeLong(n);
    }
    case 'float': {
      const d = Number(text);
      if (text.trim() === '' || Number.isNaN(d)) throw illegalArgument(`For input string: "${text}"`);
      return encodeDouble(d);
    }
    case 'date':
      return encodeLong(dateFormatter(format ?? v.format ?? 'strict_date_optional_time||epoch_millis').parseMillis(text));
    case 'ip': {
      const t = encodeIp(text);
      if (t === undefined) throw illegalArgument(`'${text}' is not an IP string literal.`);
      return t;
    }
    default:
      return text;
  }
}

/** One `index_constraints` entry: `{<field>: {min_value|max_value: {gte|gt|lte|lt: value, format}}}`. */
export interface IndexConstraint {
  field: string;
  property: 'min_value' | 'max_value';
  comparison: 'gte' | 'gt' | 'lte' | 'lt';
  value: unknown;
  format?: string;
}

/** ES `FieldStats#match`: whether the index's min or max value satisfies the constraint. */
export function matches(v: FieldStatsValue, c: IndexConstraint): boolean {
  const own = c.property === 'min_value' ? v.minTerm : v.maxTerm;
  if (own === undefined) return false;
  const bound = encodeBound(v, c.value, c.format);
  const cmp = own < bound ? -1 : own > bound ? 1 : 0;
  switch (c.comparison) {
    case 'gte':
      return cmp >= 0;
    case 'gt':
      return cmp > 0;
    case 'lte':
      return cmp <= 0;
    case 'lt':
      return cmp < 0;
  }
}

/** ES 5.6 `FieldStats#toXContent`. */
export function renderFieldStats(v: FieldStatsValue): Record<string, unknown> {
  const out: Record<string, unknown> = {
    type: v.kind,
    max_doc: v.maxDoc,
    doc_count: v.docCount,
    density: v.maxDoc === 0 || v.docCount < 0 ? -1 : Math.trunc((v.docCount * 100) / v.maxDoc),
    sum_doc_freq: v.sumDocFreq,
    sum_total_term_freq: v.sumTotalTermFreq,
    searchable: v.searchable,
    aggregatable: v.aggregatable,
  };
  if (v.minTerm === undefined || v.maxTerm === undefined) return out;
  const min = decode(v, v.minTerm);
  const max = decode(v, v.maxTerm);
  if (v.kind === 'string') {
    // Text stats render the terms themselves, without the `*_as_string` forms.
    out.min_value = min.asString;
    out.max_value = max.asString;
  } else {
    out.min_value = min.value;
    out.min_value_as_string = min.asString;
    out.max_value = max.value;
    out.max_value_as_string = max.asString;
  }
  return out;
}
