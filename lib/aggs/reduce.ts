/**
 * The coordinator's reduce (ES 5.6 `InternalAggregation.doReduce`): merge the shard results of
 * each aggregation into one, bucket by bucket, recursing into sub-aggregations. Terms keep
 * ES's error accounting (`doc_count_error_upper_bound`, `sum_other_doc_count`); histograms
 * fill empty buckets when `min_doc_count` is 0.
 */
import type { Bucket, InternalAgg } from './types.js';
import { compareBuckets, histogramKeyFn, nextKey } from './order.js';
import { EsError } from '../errors/errors.js';
import { reduceCardinality } from './cardinality.js';
import { reducePercentiles } from './percentiles.js';
import { mergeStats, newRunningStats } from './matrix-stats.js';
import { reduceSignificant } from './significant-terms.js';
import { emptyBounds } from './geo-metrics.js';
import { byCell } from './geohash-grid.js';

/**
 * Reduce one list of results per shard into the final list (same order as the request).
 * @param shards per shard, the results of the same aggregation list
 */
export function reduceAggregations(shards: readonly InternalAgg[][]): InternalAgg[] {
  const first = shards[0];
  if (!first) return [];
  return first.map((_, i) => reduceOne(shards.map((s) => s[i] as InternalAgg)));
}

function reduceOne(parts: InternalAgg[]): InternalAgg {
  const a = parts[0] as InternalAgg;
  switch (a.kind) {
    case 'numeric': {
      const out = { ...a };
      for (const p of parts.slice(1)) {
        if (p.kind !== 'numeric') continue;
        out.count += p.count;
        out.sum += p.sum;
        out.sumOfSquares += p.sumOfSquares;
        out.min = Math.min(out.min, p.min);
        out.max = Math.max(out.max, p.max);
      }
      return out;
    }
    case 'cardinality':
      return reduceCardinality(parts as Array<typeof a>);
    case 'percentiles':
      return reducePercentiles(parts as Array<typeof a>);
    case 'single': {
      const list = parts as Array<typeof a>;
      return { ...a, docCount: list.reduce((n, p) => n + p.docCount, 0), subs: reduceAggregations(list.map((p) => p.subs)) };
    }
    case 'filters':
    case 'range':
      // same buckets in the same order on every shard
      return { ...a, buckets: a.buckets.map((b, i) => mergeBuckets(parts.map((p) => (p as typeof a).buckets[i] as Bucket))) } as InternalAgg;
    case 'histogram':
      return reduceHistogram(parts as Array<typeof a>);
    case 'terms':
      return reduceTerms(parts as Array<typeof a>);
    case 'pipeline':
    case 'bucket_stats':
    case 'bucket_percentiles':
      return a;
    case 'geohash_grid': {
      const list = parts as Array<typeof a>;
      const merged = [...byKey(list.map((p) => p.buckets)).values()].map(mergeBuckets).sort(byCell);
      return { ...a, buckets: merged.slice(0, a.spec.size) };
    }
    case 'geo_bounds': {
      const b = emptyBounds();
      for (const p of parts) {
        if (p.kind !== 'geo_bounds') continue;
        b.top = Math.max(b.top, p.bounds.top);
        b.bottom = Math.min(b.bottom, p.bounds.bottom);
        b.posLeft = Math.min(b.posLeft, p.bounds.posLeft);
        b.posRight = Math.max(b.posRight, p.bounds.posRight);
        b.negLeft = Math.min(b.negLeft, p.bounds.negLeft);
        b.negRight = Math.max(b.negRight, p.bounds.negRight);
      }
      return { ...a, bounds: b };
    }
    case 'geo_centroid': {
      // InternalGeoCentroid.doReduce: the shards' centroids weighted by their counts
      let lat = 0;
      let lon = 0;
      let count = 0;
      for (const p of parts) {
        if (p.kind !== 'geo_centroid' || p.count === 0) continue;
        count += p.count;
        lat += p.count * p.lat;
        lon += p.count * p.lon;
      }
      return { ...a, lat: count ? lat / count : 0, lon: count ? lon / count : 0, count };
    }
    case 'significant_terms':
      return reduceSignificant(parts as Array<typeof a>, mergeBuckets);
    case 'scripted_metric':
      return { ...a, parts: parts.flatMap((p) => (p.kind === 'scripted_metric' ? p.parts : [])) };
    case 'matrix_stats':
      return { ...a, stats: parts.reduce((acc, p) => (p.kind === 'matrix_stats' ? mergeStats(acc, p.stats) : acc), newRunningStats(a.stats.names)) };
    case 'top_hits': {
      const list = parts as Array<typeof a>;
      const hits = list.flatMap((p) => p.hits).sort((x, y) => a.compare(x.doc, y.doc));
      const maxScore = list.reduce((m, p) => (Number.isNaN(p.maxScore) || p.maxScore <= m ? m : p.maxScore), NaN);
      return { ...a, total: list.reduce((n, p) => n + p.total, 0), maxScore, hits: hits.slice(0, a.spec.from + a.spec.size) };
    }
  }
}

function mergeBuckets(list: Bucket[]): Bucket {
  const b = list[0] as Bucket;
  return { ...b, docCount: list.reduce((n, x) => n + x.docCount, 0), subs: reduceAggregations(list.map((x) => x.subs)) };
}

/** Group the buckets of all parts by key, keeping first-seen order. */
function byKey(lists: Bucket[][]): Map<string | number, Bucket[]> {
  const m = new Map<string | number, Bucket[]>();
  for (const l of lists) {
    for (const b of l) {
      const g = m.get(b.key);
      if (g) g.push(b);
      else m.set(b.key, [b]);
    }
  }
  return m;
}

type HistogramAgg = Extract<InternalAgg, { kind: 'histogram' }>;

function reduceHistogram(parts: HistogramAgg[]): InternalAgg {
  const a = parts[0] as HistogramAgg;
  const spec = a.spec;
  let buckets = [...byKey(parts.map((p) => p.buckets)).values()].map(mergeBuckets).sort((x, y) => (x.key as number) - (y.key as number));
  if (spec.minDocCount === 0) buckets = fillEmpty(a, buckets, parts);
  else buckets = buckets.filter((b) => b.docCount >= spec.minDocCount);
  if (spec.order.by !== '_key' || !spec.order.asc) buckets.sort(compareBuckets([spec.order, { by: '_key', asc: true }], spec.subs));
  return { ...a, buckets };
}

/** Most buckets a histogram with `min_doc_count: 0` may fill in (empty ones included). */
export const MAX_FILLED_BUCKETS = 1_000_000;

/** The error of a histogram that would fill in more than {@link MAX_FILLED_BUCKETS} buckets (ES 6.2+'s type and wording). */
function tooManyBuckets(count: number): EsError {
  return new EsError(
    'too_many_buckets_exception',
    400,
    `Trying to create too many buckets. Must be less than or equal to: [${MAX_FILLED_BUCKETS}] but was [${count}]. A histogram with [min_doc_count] 0 fills in every empty bucket between its bounds: use a larger [interval], narrower [extended_bounds] or [min_doc_count] 1.`,
    { metadata: { max_buckets: MAX_FILLED_BUCKETS } },
  );
}

/** ES `InternalHistogram.addEmptyBuckets`: every key between the first and last (and the extended bounds). */
function fillEmpty(a: HistogramAgg, buckets: Bucket[], parts: HistogramAgg[]): Bucket[] {
  const spec = a.spec;
  let min = buckets[0]?.key as number | undefined;
  let max = buckets[buckets.length - 1]?.key as number | undefined;
  const bounds = a.bounds;
  if (bounds) {
    const round = histogramKeyFn(spec);
    if (bounds.min !== undefined) min = min === undefined ? round(bounds.min) : Math.min(min, round(bounds.min));
    if (bounds.max !== undefined) max = max === undefined ? round(bounds.max) : Math.max(max, round(bounds.max));
  }
  if (min === undefined || max === undefined) return buckets;
  const have = new Map(buckets.map((b) => [b.key as number, b]));
  const emptySubs = emptyOf(parts);
  const out: Bucket[] = [];
  for (let k = min; k <= max; k = nextKey(spec, k)) {
    out.push(have.get(k) ?? { key: k, docCount: 0, subs: emptySubs() });
    // ES 5.6 has no bucket limit and would fill until it runs out of heap; stopping silently
    // would drop later non-empty buckets. Refuse the request instead (docs/aggregations.md).
    if (out.length > MAX_FILLED_BUCKETS) throw tooManyBuckets(out.length);
  }
  return out;
}

/** Sub-aggregation results of an empty bucket: any shard's sub results, emptied. */
function emptyOf(parts: HistogramAgg[]): () => InternalAgg[] {
  const sample = parts.flatMap((p) => p.buckets)[0];
  return () => (sample ? sample.subs.map(emptied) : []);
}

/** The same aggregation with nothing collected. */
export function emptied(a: InternalAgg): InternalAgg {
  switch (a.kind) {
    case 'numeric':
      return { ...a, count: 0, sum: 0, min: Infinity, max: -Infinity, sumOfSquares: 0 };
    case 'cardinality':
      return { ...a, hll: null };
    case 'percentiles':
      return { ...a, sketch: a.sketch.emptyLike() };
    case 'single':
      return { ...a, docCount: 0, subs: a.subs.map(emptied) };
    case 'filters':
    case 'range':
      return { ...a, buckets: a.buckets.map((b) => ({ ...b, docCount: 0, subs: b.subs.map(emptied) })) } as InternalAgg;
    case 'histogram':
      return { ...a, buckets: [] };
    case 'terms':
      return { ...a, buckets: [], docCountError: 0, otherDocCount: 0 };
    case 'top_hits':
      return { ...a, total: 0, maxScore: NaN, hits: [] };
    case 'pipeline':
    case 'bucket_stats':
    case 'bucket_percentiles':
      return a;
    case 'matrix_stats':
      return { ...a, stats: newRunningStats(a.stats.names) };
    case 'significant_terms':
      return { ...a, buckets: [], subsetSize: 0 };
    case 'geo_bounds':
      return { ...a, bounds: emptyBounds() };
    case 'geohash_grid':
      return { ...a, buckets: [] };
    case 'geo_centroid':
      return { ...a, lat: 0, lon: 0, count: 0 };
    case 'scripted_metric':
      // InternalScriptedMetric of an empty bucket: no aggregation object
      return { ...a, parts: [null] };
  }
}

type TermsAgg = Extract<InternalAgg, { kind: 'terms' }>;

/** ES 5.6 `InternalTerms.doReduce`. */
function reduceTerms(parts: TermsAgg[]): InternalAgg {
  // an unmapped shard (string, no buckets) yields to a typed one
  const a = parts.find((p) => p.buckets.length > 0 && p.valueType !== 'string') ?? parts.find((p) => p.buckets.length > 0) ?? (parts[0] as TermsAgg);
  const spec = a.spec;
  const countDesc = spec.order[0]?.by === '_count' && spec.order[0].asc === false;
  const termOrder = spec.order[0]?.by === '_key';
  let sumError = 0;
  let other = 0;
  const lists: Bucket[][] = [];
  for (const p of parts) {
    other += p.otherDocCount;
    let err: number;
    if (p.buckets.length < p.shardSize || termOrder) err = 0;
    else if (countDesc) err = p.docCountError > 0 ? p.docCountError : (p.buckets[p.buckets.length - 1] as Bucket).docCount;
    else err = -1;
    if (sumError !== -1) sumError = err === -1 ? -1 : sumError + err;
    // each bucket's error excludes its own shard's (added back with the sum below)
    lists.push(p.buckets.map((b) => ({ ...b, docCountError: (b.docCountError ?? 0) - err })));
  }
  const merged = [...byKey(lists).values()].map((g) => {
    const b = mergeBuckets(g);
    const e = g.reduce((n, x) => n + (x.docCountError ?? 0), 0);
    b.docCountError = sumError === -1 ? -1 : e + sumError;
    return b;
  });
  const kept = merged.filter((b) => b.docCount >= spec.minDocCount).sort(compareBuckets(spec.order, spec.subs));
  for (let i = spec.size; i < kept.length; i++) other += (kept[i] as Bucket).docCount;
  return { ...a, buckets: kept.slice(0, spec.size), docCountError: sumError, otherDocCount: other };
}
