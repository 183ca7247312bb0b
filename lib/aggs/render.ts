/**
 * Render reduced aggregations as ES 5.6's response (`InternalAggregation.toXContent` of each
 * type): member order, doubles as Java prints them, `*_as_string` members for formatted values,
 * and `typed_keys` names (`sterms#name`, `date_histogram#name`, ...).
 */
import { dateFormatter } from '../mapping/date-format.js';
import { offsetAt, parseTimeZone } from '../dsl/time-zone.js';
import { JsonFloat, jsonDouble, javaDoubleToString } from '../units/java-number.js';
import type { Bucket, InternalAgg, KeyFormat, MetricSpec } from './types.js';
import { decodeIp } from '../mapping/term-encoding.js';
import { metricValue } from './aggregation-path.js';
import { dict, putOwn } from '../dict.js';
import { cardinalityValue } from './cardinality.js';
import { percentilesTypeName, renderPercentiles } from './percentiles.js';
import { matrixResults } from './matrix-stats.js';
import { boundingBox } from './geo-metrics.js';

type Json = Record<string, unknown>;

/** The `aggregations` section (aggregation names and bucket keys are user data: no prototype). */
export function renderAggregations(aggs: readonly InternalAgg[], typedKeys: boolean): Json {
  const out: Json = dict();
  for (const a of aggs) out[typedKeys ? `${typeName(a)}#${a.spec.name}` : a.spec.name] = renderOne(a, typedKeys);
  return out;
}

/** ES's `getType()` of a result: the prefix `typed_keys` adds. */
function typeName(a: InternalAgg): string {
  if (a.kind === 'terms') return a.valueType === 'string' ? 'sterms' : a.valueType === 'long' ? 'lterms' : 'dterms';
  if (a.kind === 'percentiles') return percentilesTypeName(a);
  if (a.kind === 'significant_terms') return a.valueType === 'string' ? 'sigsterms' : 'siglterms';
  if (a.spec.type === 'diversified_sampler') return 'sampler';
  if (a.kind === 'pipeline') return a.spec.type === 'max_bucket' || a.spec.type === 'min_bucket' ? 'bucket_metric_value' : a.spec.type === 'derivative' ? 'derivative' : 'simple_value';
  return a.spec.type;
}

/** A value through a format (ES `DocValueFormat.format`). */
function formatValue(f: KeyFormat, v: number): string {
  switch (f.kind) {
    case 'date': {
      if (f.timeZone === undefined) return dateFormatter(f.pattern).print(v);
      // print the local wall time; a zone designator shows the zone's offset, not Z
      const zone = parseTimeZone(f.timeZone);
      const off = offsetAt(zone, v);
      const text = dateFormatter(f.pattern).print(v + off);
      return text.endsWith('Z') ? text.slice(0, -1) + offsetText(off) : text;
    }
    case 'boolean':
      return v !== 0 ? 'true' : 'false';
    case 'decimal':
      return decimalFormat(f.pattern, v);
    case 'ip':
      return String(v);
    default:
      return javaDoubleToString(v);
  }
}

const dbl = (v: number): unknown => (Number.isFinite(v) ? jsonDouble(v) : null);

function renderOne(a: InternalAgg, typed: boolean): Json {
  const out: Json = {};
  if (a.spec.meta) out.meta = a.spec.meta;
  const subs = (b: Bucket, o: Json): Json => {
    for (const [k, v] of Object.entries(renderAggregations(b.subs, typed))) putOwn(o, k, v);
    return o;
  };
  switch (a.kind) {
    case 'terms': {
      out.doc_count_error_upper_bound = a.docCountError;
      out.sum_other_doc_count = a.otherDocCount;
      out.buckets = a.buckets.map((b) => {
        const o: Json = { key: a.valueType === 'double' ? jsonDouble(b.key as number) : a.format.kind === 'ip' ? decodeIp(b.key as string) : b.key };
        if (a.format.kind !== 'raw' && typeof b.key === 'number') o.key_as_string = formatValue(a.format, b.key);
        o.doc_count = b.docCount;
        if (a.spec.showTermDocCountError) o.doc_count_error_upper_bound = b.docCountError ?? 0;
        return subs(b, o);
      });
      return out;
    }
    case 'numeric':
      return Object.assign(out, renderMetric(a));
    case 'pipeline':
      // InternalSimpleValue / InternalBucketMetricValue
      out.value = Number.isFinite(a.value) ? jsonDouble(a.value) : null;
      if (a.spec.format !== undefined && Number.isFinite(a.value)) out.value_as_string = decimalFormat(a.spec.format, a.value);
      if (a.keys) out.keys = a.keys;
      return out;
    case 'bucket_stats': {
      // InternalStatsBucket / InternalExtendedStatsBucket render as stats / extended_stats
      const type = a.spec.type === 'extended_stats_bucket' ? 'extended_stats' : 'stats';
      const metric = { type, name: a.spec.name, subs: [], sigma: a.spec.sigma ?? 2 } as MetricSpec;
      const format: KeyFormat = a.spec.format !== undefined ? { kind: 'decimal', pattern: a.spec.format } : { kind: 'raw' };
      return Object.assign(out, renderMetric({ kind: 'numeric', spec: metric, format, count: a.count, sum: a.sum, min: a.min, max: a.max, sumOfSquares: a.sumOfSquares }));
    }
    case 'significant_terms': {
      // InternalSignificantTerms: the foreground and background sizes, then the scored buckets
      out.doc_count = a.subsetSize;
      out.bg_count = a.supersetSize;
      out.buckets = a.buckets.map((b) => {
        const o: Json = { key: a.valueType === 'double' ? jsonDouble(b.key as number) : a.format.kind === 'ip' ? decodeIp(b.key as string) : b.key };
        if (a.format.kind !== 'raw' && typeof b.key === 'number') o.key_as_string = formatValue(a.format, b.key);
        o.doc_count = b.docCount;
        o.score = jsonDouble(b.score ?? 0);
        o.bg_count = b.bgCount ?? 0;
        return subs(b, o);
      });
      return out;
    }
    case 'geo_bounds': {
      // InternalGeoBounds: no `bounds` without points
      const box = boundingBox(a.bounds, a.spec.wrapLongitude);
      if (box) out.bounds = { top_left: { lat: jsonDouble(box.top), lon: jsonDouble(box.left) }, bottom_right: { lat: jsonDouble(box.bottom), lon: jsonDouble(box.right) } };
      return out;
    }
    case 'geohash_grid':
      out.buckets = a.buckets.map((b) => subs(b, { key: b.key, doc_count: b.docCount }));
      return out;
    case 'geo_centroid':
      if (a.count > 0) out.location = { lat: jsonDouble(a.lat), lon: jsonDouble(a.lon) };
      return out;
    case 'scripted_metric':
      out.value = a.value === undefined ? a.parts : a.value;
      return out;
    case 'matrix_stats': {
      // InternalMatrixStats: non-finite doubles print as Jackson quotes them ("NaN")
      const d = (v: number): unknown => (Number.isFinite(v) ? jsonDouble(v) : javaDoubleToString(v));
      out.doc_count = a.stats.docCount;
      if (a.stats.docCount > 0) {
        out.fields = matrixResults(a.stats).map((f) => {
          const covariance: Json = dict();
          const correlation: Json = dict();
          for (const [k, v] of f.covariance) covariance[k] = d(v);
          for (const [k, v] of f.correlation) correlation[k] = d(v);
          return { name: f.name, count: f.count, mean: d(f.mean), variance: d(f.variance), skewness: d(f.skewness), kurtosis: d(f.kurtosis), covariance, correlation };
        });
      }
      return out;
    }
    case 'bucket_percentiles': {
      // InternalPercentilesBucket: `values` keyed by the percent as Java prints a double
      const values: Json = {};
      (a.spec.percents ?? []).forEach((pc, i) => {
        const v = a.values[i] as number;
        const key = javaDoubleToString(pc);
        values[key] = Number.isFinite(v) ? jsonDouble(v) : null;
        if (Number.isFinite(v) && a.spec.format !== undefined) values[`${key}_as_string`] = decimalFormat(a.spec.format, v);
      });
      out.values = values;
      return out;
    }
    case 'top_hits': {
      // InternalTopHits: the page [from, from + size) of the merged hits
      const page = a.hits.slice(a.spec.from, a.spec.from + a.spec.size);
      out.hits = { total: a.total, max_score: a.scores && !Number.isNaN(a.maxScore) ? new JsonFloat(a.maxScore) : null, hits: page.map((h) => h.rendered ?? {}) };
      return out;
    }
    case 'cardinality':
      out.value = cardinalityValue(a);
      return out;
    case 'percentiles':
      return Object.assign(out, renderPercentiles(a, formatValue));
    case 'single':
      out.doc_count = a.docCount;
      for (const [k, v] of Object.entries(renderAggregations(a.subs, typed))) putOwn(out, k, v);
      return out;
    case 'filters': {
      if (a.spec.type === 'adjacency_matrix') {
        // InternalAdjacencyMatrix: non-empty buckets only, sorted by key
        const kept = a.buckets.filter((b) => b.docCount > 0).sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0));
        out.buckets = kept.map((b) => subs(b, { key: b.key, doc_count: b.docCount }));
      } else if (a.spec.keyed) {
        const buckets: Json = dict();
        for (const b of a.buckets) buckets[b.key as string] = subs(b, { doc_count: b.docCount });
        out.buckets = buckets;
      } else out.buckets = a.buckets.map((b) => subs(b, { doc_count: b.docCount }));
      return out;
    }
    case 'range': {
      if (a.spec.type === 'ip_range') {
        // InternalBinaryRange: no generated keys; bounds as addresses
        const ip = a.buckets.map((b): [string, Json] => {
          const o: Json = {};
          if (b.key !== '' && !a.spec.keyed) o.key = b.key;
          if (b.fromKey !== undefined) o.from = decodeIp(b.fromKey);
          if (b.toKey !== undefined) o.to = decodeIp(b.toKey);
          o.doc_count = b.docCount;
          const key = b.key !== '' ? (b.key as string) : `${b.fromKey !== undefined ? decodeIp(b.fromKey) : '*'}-${b.toKey !== undefined ? decodeIp(b.toKey) : '*'}`;
          return [key, subs(b, o)];
        });
        out.buckets = a.spec.keyed ? Object.fromEntries(ip) : ip.map((r) => r[1]);
        return out;
      }
      const rendered = a.buckets.map((b): [string, Json] => {
        const from = b.from as number;
        const to = b.to as number;
        const key = b.key !== '' ? (b.key as string) : `${Number.isFinite(from) ? formatValue(a.format, from) : '*'}-${Number.isFinite(to) ? formatValue(a.format, to) : '*'}`;
        const o: Json = a.spec.keyed ? {} : { key };
        if (Number.isFinite(from)) {
          o.from = jsonDouble(from);
          if (a.format.kind !== 'raw') o.from_as_string = formatValue(a.format, from);
        }
        if (Number.isFinite(to)) {
          o.to = jsonDouble(to);
          if (a.format.kind !== 'raw') o.to_as_string = formatValue(a.format, to);
        }
        o.doc_count = b.docCount;
        return [key, subs(b, o)];
      });
      out.buckets = a.spec.keyed ? Object.fromEntries(rendered) : rendered.map((r) => r[1]);
      return out;
    }
    case 'histogram': {
      const date = a.spec.type === 'date_histogram';
      const rendered = a.buckets.map((b): [string, Json] => {
        const key = b.key as number;
        const text = formatValue(date && a.format.kind === 'raw' ? { kind: 'date', pattern: 'strict_date_optional_time' } : a.format, key);
        const o: Json = {};
        if (a.format.kind !== 'raw' || date) o.key_as_string = text;
        o.key = date ? key : jsonDouble(key);
        o.doc_count = b.docCount;
        return [text, subs(b, o)];
      });
      out.buckets = a.spec.keyed ? Object.fromEntries(rendered) : rendered.map((r) => r[1]);
      return out;
    }
  }
}

/** Single- and multi-value numeric metrics (`InternalMin`, `InternalStats`, ...). */
function renderMetric(a: Extract<InternalAgg, { kind: 'numeric' }>): Json {
  const f = a.format;
  const fmt = f.kind !== 'raw';
  const t = a.spec.type;
  const o: Json = {};
  if (t === 'value_count') {
    o.value = a.count;
    return o;
  }
  if (t !== 'stats' && t !== 'extended_stats') {
    const v = metricValue(a) as number;
    const has = t === 'sum' ? true : t === 'avg' ? a.count > 0 : Number.isFinite(v);
    o.value = has ? jsonDouble(v) : null;
    if (has && fmt) o.value_as_string = formatValue(f, v);
    return o;
  }
  const n = a.count;
  const avg = n === 0 ? NaN : a.sum / n;
  o.count = n;
  o.min = n ? dbl(a.min) : null;
  o.max = n ? dbl(a.max) : null;
  o.avg = n ? dbl(avg) : null;
  o.sum = n ? dbl(a.sum) : null;
  if (n && fmt) {
    o.min_as_string = formatValue(f, a.min);
    o.max_as_string = formatValue(f, a.max);
    o.avg_as_string = formatValue(f, avg);
    o.sum_as_string = formatValue(f, a.sum);
  }
  if (t === 'extended_stats') {
    if (n) {
      // InternalExtendedStats.getVariance
      const variance = (a.sumOfSquares - (a.sum * a.sum) / n) / n;
      const std = Math.sqrt(variance);
      const sigma = a.spec.sigma;
      o.sum_of_squares = dbl(a.sumOfSquares);
      o.variance = dbl(variance);
      o.std_deviation = dbl(std);
      o.std_deviation_bounds = { upper: dbl(avg + sigma * std), lower: dbl(avg - sigma * std) };
      if (fmt) {
        o.sum_of_squares_as_string = formatValue(f, a.sumOfSquares);
        o.variance_as_string = formatValue(f, variance);
        o.std_deviation_as_string = formatValue(f, std);
        o.std_deviation_bounds_as_string = { upper: formatValue(f, avg + sigma * std), lower: formatValue(f, avg - sigma * std) };
      }
    } else {
      Object.assign(o, { sum_of_squares: null, variance: null, std_deviation: null, std_deviation_bounds: { upper: null, lower: null } });
    }
  }
  return o;
}

/**
 * Java `DecimalFormat` for the common patterns: literal prefix/suffix around `#,##0.0#`, minimum
 * integer digits from the `0`s, fraction digits from the `0`s (minimum) and `#`s (maximum),
 * rounding half-even as Java does.
 */
export function decimalFormat(pattern: string, v: number): string {
  const m = /^([^#0,.]*)([#0,]*)(?:\.([0#]*))?(.*)$/.exec(pattern.split(';')[0] ?? '');
  if (!m) return javaDoubleToString(v);
  const [, prefix = '', int = '', frac = '', suffix = ''] = m;
  const minInt = (int.match(/0/g) ?? []).length;
  const minFrac = (frac.match(/0/g) ?? []).length;
  const maxFrac = frac.length;
  const scale = 10 ** maxFrac;
  const scaled = Math.abs(v) * scale;
  let r = Math.round(scaled);
  // half-even: an exact .5 rounds to the even neighbour
  if (Math.abs(scaled - Math.trunc(scaled) - 0.5) < 1e-9 && Math.round(scaled) % 2 === 1) r -= 1;
  let text = (r / scale).toFixed(maxFrac);
  if (maxFrac > minFrac) text = text.replace(new RegExp(`0{0,${maxFrac - minFrac}}$`), '').replace(/\.$/, '');
  const [ip = '', fp] = text.split('.');
  const intPart = minInt === 0 && ip === '0' ? '' : ip.padStart(minInt, '0');
  return `${v < 0 ? '-' : ''}${prefix.replace(/'/g, '')}${intPart}${fp !== undefined ? '.' + fp : ''}${suffix.replace(/'/g, '')}`;
}

/** `+10:00` style offset (Joda's ZZ). */
function offsetText(ms: number): string {
  if (ms === 0) return 'Z';
  const m = Math.abs(ms) / 60000;
  return `${ms < 0 ? '-' : '+'}${String(Math.floor(m / 60)).padStart(2, '0')}:${String(m % 60).padStart(2, '0')}`;
}

/** A bucket's key as ES's `getKeyAsString` gives it (pipelines report keys this way). */
export function bucketKeyText(a: InternalAgg, b: Bucket): string {
  if (typeof b.key === 'string') return a.kind === 'terms' && a.format.kind === 'ip' ? decodeIp(b.key) : b.key;
  if (a.kind === 'histogram') return formatValue(a.spec.type === 'date_histogram' && a.format.kind === 'raw' ? { kind: 'date', pattern: 'strict_date_optional_time' } : a.format, b.key);
  if (a.kind === 'terms') return a.format.kind === 'raw' ? (a.valueType === 'double' ? javaDoubleToString(b.key) : String(b.key)) : formatValue(a.format, b.key);
  return String(b.key);
}
