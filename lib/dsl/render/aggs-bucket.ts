/**
 * Bucket aggregation bodies as ES 5.6's builders print them (each builder's `doXContentBody`, or
 * `internalXContent` for those without a values source), after {@link valuesEntries}.
 *
 * Rendered: terms, significant_terms, filter, filters, adjacency_matrix, global, missing, nested,
 * reverse_nested, children, histogram, date_histogram, range, date_range, ip_range, sampler,
 * diversified_sampler, geohash_grid, geo_distance.
 */
import type { AggSpec, FiltersSpec, HistogramSpec, RangeSpec, SignificanceHeuristic, TermsOrder } from '../aggs/spec.js';
import type { Query } from '../query-types.js';
import { scriptNode } from './common.js';
import { includeExclude, valuesEntries } from './aggs-values.js';
import { renderQuery } from './query.js';
import { jdouble, obj, type XNode, type XObject } from './xcontent.js';
import { decodeIp, ipToBytes } from '../../mapping/term-encoding.js';
import { javaDoubleToString } from '../../units/java-number.js';

const matchAll = (q: Query | null): XNode => renderQuery(q ?? { kind: 'match_all', boost: 1 });

/** Terms order keys as 5.6 names them (`_term`, not 6.x's `_key`): `InternalOrder.CompoundOrder`. */
function orderNode(order: readonly TermsOrder[], keyName: string): XNode[] {
  return order.map((o) => obj([o.by === '_key' ? keyName : o.by, o.asc ? 'asc' : 'desc']));
}

/** Keyed filters sorted by key (the FiltersAggregationBuilder / AdjacencyMatrixAggregationBuilder constructors sort them). */
function sortedFilters(a: FiltersSpec): XObject {
  const m: XObject = new Map();
  for (const f of [...a.filters].sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0))) m.set(f.key, matchAll(f.query));
  return m;
}

/** `ExtendedBounds.toXContent` (date_histogram): min and max as parsed (a long, or the text given). */
function dateBounds(eb: NonNullable<HistogramSpec['extendedBounds']>): XObject {
  const v = (x: number | string | undefined): XNode => (x === undefined ? null : typeof x === 'number' ? Math.trunc(x) : x);
  return obj(['min', v(eb.min)], ['max', v(eb.max)]);
}

/**
 * An IPv4 `mask` as IpRangeAggregationBuilder.Range's constructor turns it into bounds: the
 * network address, and the address after the last one (none past 255.255.255.255).
 */
function maskBounds(mask: string): { from?: string; to?: string } | undefined {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})\/(\d{1,2})$/.exec(mask);
  if (!m) return ipv6MaskBounds(mask);
  const ip = ((Number(m[1]) << 24) | (Number(m[2]) << 16) | (Number(m[3]) << 8) | Number(m[4])) >>> 0;
  const bits = Number(m[5]);
  const size = 2 ** (32 - bits);
  const lower = Math.floor(ip / size) * size;
  const upper = lower + size;
  const text = (n: number): string => [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
  return upper > 0xffffffff ? { from: text(lower) } : { from: text(lower), to: text(upper) };
}

/**
 * The same for an IPv6 mask: the host bits cleared (no `from` when that is `::`, Lucene's
 * `InetAddressPoint.MIN_VALUE`) and set, then the next address (`InetAddressPoint.nextUp`; no
 * `to` when every bit is set), printed by `InetAddresses.toAddrString` (an IPv4-mapped address
 * as a dotted quad). Undefined when `mask` is not `address/prefix`.
 */
function ipv6MaskBounds(mask: string): { from?: string; to?: string } | undefined {
  const slash = mask.indexOf('/');
  if (slash < 0 || !/^\d{1,3}$/.test(mask.slice(slash + 1))) return undefined;
  const bytes = ipToBytes(mask.slice(0, slash));
  const bits = Number(mask.slice(slash + 1));
  if (!bytes || bits > 128) return undefined;
  const lower = Uint8Array.from(bytes);
  const upper = Uint8Array.from(bytes);
  for (let i = bits; i < 128; i++) {
    const m = 1 << (7 - (i & 7));
    lower[i >> 3] = (lower[i >> 3] as number) & ~m;
    upper[i >> 3] = (upper[i >> 3] as number) | m;
  }
  const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');
  const from = lower.every((x) => x === 0) ? undefined : decodeIp(hex(lower));
  if (upper.every((x) => x === 0xff)) return { ...(from !== undefined ? { from } : {}) };
  // nextUp: add one, carrying
  for (let i = 15; i >= 0; i--) {
    const v = (upper[i] as number) + 1;
    upper[i] = v & 0xff;
    if (v <= 0xff) break;
  }
  return { ...(from !== undefined ? { from } : {}), to: decodeIp(hex(upper)) };
}

/** `RangeAggregator.Range.toXContent`: key, numeric from/to as doubles, or the strings given (date math, addresses). */
function rangeNode(r: RangeSpec['ranges'][number], ip: boolean): XObject {
  const b = (x: number | string | undefined): XNode | undefined => (x === undefined ? undefined : typeof x === 'number' && !ip ? jdouble(x) : String(x));
  const masked = ip && r.mask !== undefined ? maskBounds(r.mask) : undefined;
  if (masked) return obj(['key', r.key], ['from', masked.from], ['to', masked.to]);
  return obj(['key', r.key], ['from', b(r.from)], ['to', b(r.to)]);
}

/** A significance heuristic's `toXContent`: `{name: {its options}}`. */
function heuristicEntry(h: SignificanceHeuristic): [string, XNode] {
  switch (h.name) {
    case 'mutual_information':
    case 'chi_square':
      // NXYSignificanceHeuristic.build
      return [h.name, obj(['include_negatives', h.includeNegatives ?? false], ['background_is_superset', h.backgroundIsSuperset ?? true])];
    case 'gnd':
      return [h.name, obj(['background_is_superset', h.backgroundIsSuperset ?? true])];
    case 'script_heuristic':
      return [h.name, obj(['script', h.script ? scriptNode(h.script) : undefined])];
    default:
      return [h.name, obj()];
  }
}

/** `TermsAggregator.BucketCountThresholds.toXContent`, shared by terms and significant_terms. */
function bucketCountThresholds(a: { size: number; shardSize?: number | undefined; minDocCount: number; shardMinDocCount?: number | undefined }): Array<[string, XNode | undefined]> {
  return [
    ['size', a.size],
    ['shard_size', a.shardSize],
    ['min_doc_count', a.minDocCount],
    ['shard_min_doc_count', a.shardMinDocCount],
  ];
}

/** The body of a bucket aggregation, or undefined when `a` is not one rendered here. */
export function bucketBody(a: AggSpec): XObject | undefined {
  switch (a.type) {
    case 'terms':
      return obj(
        ...valuesEntries(a),
        ...bucketCountThresholds(a),
        ['show_term_doc_count_error', a.showTermDocCountError],
        ['execution_hint', a.executionHint],
        ['order', orderNode(a.order, '_term')],
        ['collect_mode', a.collectMode ?? 'depth_first'],
        ...includeExclude(a),
      );
    case 'significant_terms':
      // SignificantTermsAggregationBuilder.doXContentBody: BucketCountThresholds, background_filter, include/exclude, heuristic
      return obj(
        ...valuesEntries(a),
        ...bucketCountThresholds(a),
        ['execution_hint', a.executionHint],
        ['background_filter', a.backgroundFilter ? renderQuery(a.backgroundFilter) : undefined],
        ...includeExclude(a),
        heuristicEntry(a.heuristic),
      );
    case 'filter':
      return matchAll(a.query) as XObject;
    case 'filters':
      return obj(['filters', a.keyed ? sortedFilters(a) : a.filters.map((f) => matchAll(f.query))], ['other_bucket', a.otherBucketKey !== undefined], ['other_bucket_key', a.otherBucketKey ?? '_other_']);
    case 'adjacency_matrix':
      return obj(['separator', a.separator ?? '&'], ['filters', sortedFilters(a)]);
    case 'global':
      return obj();
    case 'missing':
      return obj(['field', a.field]);
    case 'nested':
      return obj(['path', a.path]);
    case 'reverse_nested':
      return obj(['path', a.path]);
    case 'children':
      return obj(['type', a.childType]);
    case 'histogram': {
      const eb = a.extendedBounds;
      return obj(
        ...valuesEntries(a),
        ['interval', jdouble(a.interval)],
        ['offset', jdouble(a.offset)],
        ['order', obj([a.order.by === '_key' ? '_key' : a.order.by, a.order.asc ? 'asc' : 'desc'])],
        ['keyed', a.keyed],
        ['min_doc_count', a.minDocCount],
        ['extended_bounds', eb ? obj(['min', typeof eb.min === 'number' ? jdouble(eb.min) : undefined], ['max', typeof eb.max === 'number' ? jdouble(eb.max) : undefined]) : undefined],
      );
    }
    case 'date_histogram':
      // DateHistogramAggregationBuilder.doXContentBody: interval (the text given, else the long), offset (ms), order, keyed, min_doc_count, extended_bounds
      return obj(
        ...valuesEntries(a, a.timeZone),
        ['interval', a.intervalText ?? a.interval],
        ['offset', a.offset],
        ['order', obj([a.order.by === '_key' ? '_key' : a.order.by, a.order.asc ? 'asc' : 'desc'])],
        ['keyed', a.keyed],
        ['min_doc_count', a.minDocCount],
        ['extended_bounds', a.extendedBounds ? dateBounds(a.extendedBounds) : undefined],
      );
    case 'range':
    case 'date_range':
    case 'ip_range':
      // AbstractRangeBuilder / IpRangeAggregationBuilder.doXContentBody: ranges, keyed
      return obj(...valuesEntries(a, a.timeZone), ['ranges', a.ranges.map((r) => rangeNode(r, a.type === 'ip_range'))], ['keyed', a.keyed]);
    case 'sampler':
      return obj(['shard_size', a.shardSize]);
    case 'diversified_sampler':
      return obj(...valuesEntries(a), ['shard_size', a.shardSize], ['max_docs_per_value', a.maxDocsPerValue], ['execution_hint', a.executionHint]);
    case 'geo_distance':
      // GeoDistanceAggregationBuilder.doXContentBody: the origin GeoPoint, unit and distance type
      // have no XContent form and print their toString (`[lat, lon]`, `km`, `ARC`); each range
      // is RangeAggregator.Range.toXContent (key when given, from — 0 when absent — and a finite to)
      return obj(
        ...valuesEntries(a),
        ['origin', `[${javaDoubleToString(a.origin.lat)}, ${javaDoubleToString(a.origin.lon)}]`],
        ['ranges', a.ranges.map((r) => obj(['key', r.keyGiven ? r.key : undefined], ['from', jdouble(r.from)], ['to', Number.isFinite(r.to) ? jdouble(r.to) : undefined]))],
        ['keyed', a.keyed],
        ['unit', a.unit],
        ['distance_type', a.distanceType.toUpperCase()],
      );
    case 'geohash_grid':
      // GeoGridAggregationBuilder.doXContentBody: precision, size, shard_size when set
      return obj(['field', a.field], ['precision', a.precision], ['size', a.size], ['shard_size', a.shardSize]);
    default:
      return undefined;
  }
}
