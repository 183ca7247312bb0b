/**
 * Shard aggregation results as plain messages (they cross the shard boundary in the query
 * phase's answer) and back. The message leaves out what the coordinator already has — the spec
 * of each result, matched back by position among the non-pipeline specs as the collectors
 * build them — and what cannot travel: the `top_hits` comparator (sent as the sort's plain
 * order), cardinality's HyperLogLog++ counter and the percentiles' digest (their plain states: hll.ts, tdigest.ts), numbers JSON cannot write (wire-json.ts).
 */
import type { AggSpec, Bucket, InternalAgg, KeyFormat, TopHitsSpec } from './types.js';
import type { RunningStats } from './matrix-stats.js';
import type { GeoBoundsState } from './geo-metrics.js';
import { isPipeline } from './pipeline.js';
import { HyperLogLogPlusPlus, type HllState } from './hll.js';
import { sketchFromState, type SketchState } from './percentiles.js';
import { byScore, bySortValues, type SortOrderKey } from '../messages/hit-order.js';
import {
  decodeRendered,
  encodeRendered,
  fromWireNumber,
  fromWireSortValue,
  toWireNumber,
  toWireSortValue,
  type WireJson,
  type WireNumber,
  type WireSortValue,
} from '../messages/wire-json.js';

export interface BucketMessage {
  key: WireSortValue;
  docCount: number;
  docCountError?: number;
  from?: WireNumber;
  to?: WireNumber;
  fromKey?: string;
  toKey?: string;
  bgCount?: number;
  score?: WireNumber;
  subs: AggMessage[];
}

/** A top hit: its order key and its rendering. */
export interface TopHitMessage {
  doc: { shard: number; seg: number; doc: number; globalDoc: number; score: WireNumber; sortValues?: WireSortValue[] };
  rendered?: WireJson;
}

/** One shard aggregation result; `name` is the spec's, checked when matched back. */
export type AggMessage = { name: string } & (
  | { kind: 'terms'; valueType: 'string' | 'long' | 'double'; format: KeyFormat; buckets: BucketMessage[]; docCountError: number; otherDocCount: number; shardSize: number }
  | { kind: 'numeric'; format: KeyFormat; count: number; sum: WireNumber; min: WireNumber; max: WireNumber; sumOfSquares: WireNumber }
  | { kind: 'cardinality'; hll: HllState | null }
  | { kind: 'percentiles'; format: KeyFormat; sketch: SketchState }
  | { kind: 'single'; docCount: number; subs: AggMessage[] }
  | { kind: 'filters'; buckets: BucketMessage[] }
  | { kind: 'range'; format: KeyFormat; buckets: BucketMessage[] }
  | { kind: 'histogram'; format: KeyFormat; buckets: BucketMessage[]; bounds?: { min?: WireNumber; max?: WireNumber } }
  | { kind: 'matrix_stats'; stats: RunningStats }
  | { kind: 'scripted_metric'; parts: WireJson[] }
  | { kind: 'geo_bounds'; bounds: Record<keyof GeoBoundsState, WireNumber> }
  | { kind: 'geo_centroid'; lat: number; lon: number; count: number }
  | { kind: 'geohash_grid'; buckets: BucketMessage[] }
  | { kind: 'significant_terms'; valueType: 'string' | 'long' | 'double'; format: KeyFormat; subsetSize: number; supersetSize: number; buckets: BucketMessage[] }
  | { kind: 'top_hits'; total: number; maxScore: WireNumber; hits: TopHitMessage[]; order?: SortOrderKey[]; scores: boolean }
);

const opt = <K extends string, V>(k: K, v: V | undefined): { [P in K]?: V } => (v === undefined ? {} : ({ [k]: v } as { [P in K]?: V }));

function bucketMessage(b: Bucket): BucketMessage {
  return {
    key: toWireSortValue(b.key),
    docCount: b.docCount,
    ...opt('docCountError', b.docCountError),
    ...opt('from', b.from === undefined ? undefined : toWireNumber(b.from)),
    ...opt('to', b.to === undefined ? undefined : toWireNumber(b.to)),
    ...opt('fromKey', b.fromKey),
    ...opt('toKey', b.toKey),
    ...opt('bgCount', b.bgCount),
    ...opt('score', b.score === undefined ? undefined : toWireNumber(b.score)),
    subs: b.subs.map(toAggMessage),
  };
}

/** The message of a shard's result. */
export function toAggMessage(a: InternalAgg): AggMessage {
  const name = a.spec.name;
  switch (a.kind) {
    case 'terms':
      return { name, kind: a.kind, valueType: a.valueType, format: a.format, buckets: a.buckets.map(bucketMessage), docCountError: a.docCountError, otherDocCount: a.otherDocCount, shardSize: a.shardSize };
    case 'numeric':
      return { name, kind: a.kind, format: a.format, count: a.count, sum: toWireNumber(a.sum), min: toWireNumber(a.min), max: toWireNumber(a.max), sumOfSquares: toWireNumber(a.sumOfSquares) };
    case 'cardinality':
      return { name, kind: a.kind, hll: a.hll ? a.hll.toState() : null };
    case 'percentiles':
      return { name, kind: a.kind, format: a.format, sketch: a.sketch.toState() };
    case 'single':
      return { name, kind: a.kind, docCount: a.docCount, subs: a.subs.map(toAggMessage) };
    case 'filters':
      return { name, kind: a.kind, buckets: a.buckets.map(bucketMessage) };
    case 'range':
      return { name, kind: a.kind, format: a.format, buckets: a.buckets.map(bucketMessage) };
    case 'histogram': {
      const b = a.bounds;
      const bounds = b ? { ...opt('min', b.min === undefined ? undefined : toWireNumber(b.min)), ...opt('max', b.max === undefined ? undefined : toWireNumber(b.max)) } : undefined;
      return { name, kind: a.kind, format: a.format, buckets: a.buckets.map(bucketMessage), ...opt('bounds', bounds) };
    }
    case 'top_hits':
      return {
        name,
        kind: a.kind,
        total: a.total,
        maxScore: toWireNumber(a.maxScore),
        hits: a.hits.map((h) => ({
          doc: {
            shard: h.doc.shard,
            seg: h.doc.seg,
            doc: h.doc.doc,
            globalDoc: h.doc.globalDoc,
            score: toWireNumber(h.doc.score),
            ...opt('sortValues', h.doc.sortValues?.map(toWireSortValue)),
          },
          ...opt('rendered', h.rendered === undefined ? undefined : encodeRendered(h.rendered)),
        })),
        ...opt('order', a.order?.map((o) => ({ reverse: o.reverse, ...opt('missingFirst', o.missingFirst) }))),
        scores: a.scores,
      };
    case 'scripted_metric':
      return { name, kind: a.kind, parts: a.parts.map(encodeRendered) };
    case 'geo_bounds': {
      const b = a.bounds;
      // empty bounds hold infinities, which JSON cannot write
      return { name, kind: a.kind, bounds: { top: toWireNumber(b.top), bottom: toWireNumber(b.bottom), posLeft: toWireNumber(b.posLeft), posRight: toWireNumber(b.posRight), negLeft: toWireNumber(b.negLeft), negRight: toWireNumber(b.negRight) } };
    }
    case 'geo_centroid':
      return { name, kind: a.kind, lat: a.lat, lon: a.lon, count: a.count };
    case 'geohash_grid':
      return { name, kind: a.kind, buckets: a.buckets.map(bucketMessage) };
    case 'significant_terms':
      return { name, kind: a.kind, valueType: a.valueType, format: a.format, subsetSize: a.subsetSize, supersetSize: a.supersetSize, buckets: a.buckets.map(bucketMessage) };
    case 'matrix_stats':
      // finite sums and moments of doc values: plain numbers
      return { name, kind: a.kind, stats: a.stats };
    case 'pipeline':
    case 'bucket_stats':
    case 'bucket_percentiles':
      // pipelines run on the coordinator, after the reduce; a shard never builds one
      throw new TypeError(`pipeline aggregation [${name}] built on a shard`);
  }
}

function fromBucket(b: BucketMessage, subSpecs: readonly AggSpec[]): Bucket {
  return {
    key: fromWireSortValue(b.key) as string | number,
    docCount: b.docCount,
    ...opt('docCountError', b.docCountError),
    ...opt('from', b.from === undefined ? undefined : fromWireNumber(b.from)),
    ...opt('to', b.to === undefined ? undefined : fromWireNumber(b.to)),
    ...opt('fromKey', b.fromKey),
    ...opt('toKey', b.toKey),
    ...opt('bgCount', b.bgCount),
    ...opt('score', b.score === undefined ? undefined : fromWireNumber(b.score)),
    subs: fromAggMessages(b.subs, subSpecs),
  };
}

/** A shard's results of the aggregations `specs` (the request's list, pipelines included). */
export function fromAggMessages(list: readonly AggMessage[], specs: readonly AggSpec[]): InternalAgg[] {
  const collected = specs.filter((s) => !isPipeline(s));
  return list.map((m, i) => {
    const spec = collected[i];
    if (!spec || spec.name !== m.name) throw new TypeError(`aggregation result [${m.name}] does not match the request`);
    return fromAggMessage(m, spec);
  });
}

function fromAggMessage(m: AggMessage, spec: AggSpec): InternalAgg {
  const s = spec as never;
  switch (m.kind) {
    case 'terms':
      return { kind: m.kind, spec: s, valueType: m.valueType, format: m.format, buckets: m.buckets.map((b) => fromBucket(b, spec.subs)), docCountError: m.docCountError, otherDocCount: m.otherDocCount, shardSize: m.shardSize };
    case 'numeric':
      return { kind: m.kind, spec: s, format: m.format, count: m.count, sum: fromWireNumber(m.sum), min: fromWireNumber(m.min), max: fromWireNumber(m.max), sumOfSquares: fromWireNumber(m.sumOfSquares) };
    case 'cardinality':
      return { kind: m.kind, spec: s, hll: m.hll ? HyperLogLogPlusPlus.fromState(m.hll) : null };
    case 'percentiles':
      return { kind: m.kind, spec: s, format: m.format, sketch: sketchFromState(m.sketch) };
    case 'single':
      return { kind: m.kind, spec: s, docCount: m.docCount, subs: fromAggMessages(m.subs, spec.subs) };
    case 'filters':
      return { kind: m.kind, spec: s, buckets: m.buckets.map((b) => fromBucket(b, spec.subs)) };
    case 'range':
      return { kind: m.kind, spec: s, format: m.format, buckets: m.buckets.map((b) => fromBucket(b, spec.subs)) };
    case 'histogram': {
      const b = m.bounds;
      const bounds = b ? { ...opt('min', b.min === undefined ? undefined : fromWireNumber(b.min)), ...opt('max', b.max === undefined ? undefined : fromWireNumber(b.max)) } : undefined;
      return { kind: m.kind, spec: s, format: m.format, buckets: m.buckets.map((x) => fromBucket(x, spec.subs)), ...opt('bounds', bounds) };
    }
    case 'matrix_stats':
      return { kind: m.kind, spec: s, stats: m.stats };
    case 'scripted_metric':
      return { kind: m.kind, spec: s, parts: m.parts.map(decodeRendered) };
    case 'geo_bounds': {
      const b = m.bounds;
      return { kind: m.kind, spec: s, bounds: { top: fromWireNumber(b.top), bottom: fromWireNumber(b.bottom), posLeft: fromWireNumber(b.posLeft), posRight: fromWireNumber(b.posRight), negLeft: fromWireNumber(b.negLeft), negRight: fromWireNumber(b.negRight) } };
    }
    case 'geo_centroid':
      return { kind: m.kind, spec: s, lat: m.lat, lon: m.lon, count: m.count };
    case 'geohash_grid':
      return { kind: m.kind, spec: s, buckets: m.buckets.map((b) => fromBucket(b, spec.subs)) };
    case 'significant_terms':
      return { kind: m.kind, spec: s, valueType: m.valueType, format: m.format, subsetSize: m.subsetSize, supersetSize: m.supersetSize, buckets: m.buckets.map((b) => fromBucket(b, spec.subs)) };
    case 'top_hits':
      return {
        kind: m.kind,
        spec: spec as TopHitsSpec,
        total: m.total,
        maxScore: fromWireNumber(m.maxScore),
        hits: m.hits.map((h) => ({
          doc: { shard: h.doc.shard, seg: h.doc.seg, doc: h.doc.doc, globalDoc: h.doc.globalDoc, score: fromWireNumber(h.doc.score), ...opt('sortValues', h.doc.sortValues?.map(fromWireSortValue)) },
          ...opt('rendered', h.rendered === undefined ? undefined : (decodeRendered(h.rendered) as Record<string, unknown>)),
        })),
        ...opt('order', m.order),
        compare: m.order ? bySortValues(m.order) : byScore,
        scores: m.scores,
      };
  }
}
