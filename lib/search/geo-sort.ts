/**
 * The `_geo_distance` sort (ES 5.6 `GeoDistanceSortBuilder`): per doc, the distance from each of
 * its geo points to each sort point (`arc`: Lucene's `SloppyMath.haversinMeters` key, `plane`:
 * ES's `GeoUtils.planeDistance`; lib/units/geo-distance.ts), in `unit`, picked by `mode` (min
 * ascending, max descending by default; no sum); a doc without a point sorts as +Infinity
 * whatever the order. The sort points are checked as `validation_method` says before anything
 * else: `strict` refuses a latitude or longitude out of range (`parse_exception`),
 * `ignore_malformed` takes them as given, `coerce` normalizes them first.
 *
 * A segment's points are decoded once per distinct doc value (the column's terms), and a doc's
 * distances are folded without allocating: min/max keep a running value, avg and median
 * reuse one buffer per bound segment.
 */
import type { SortSpec } from '../dsl/sort-spec.js';
import type { SegmentReader, StrataSegmentReader } from '../shard/segment-reader.js';
import { EsError } from '../errors/errors.js';
import { jsonDouble, javaDoubleToString } from '../units/java-number.js';
import { distanceUnitFromString } from '../units/distance-unit.js';
import { isValidLatitude, isValidLongitude, normalizeGeoPoint, planeDistanceMeters, sortArcMeters } from '../units/geo-distance.js';
import type { CompileContext } from './compile-context.js';
import type { NestedSortDocs } from './nested-sort.js';
import type { CompiledSort, SortValue } from './sort-values.js';

type Point = { lat: number; lon: number };

/** `GeoDistanceSortBuilder#build`'s checks: the points to sort by, after validation. */
function sortPoints(spec: SortSpec, geo: NonNullable<SortSpec['geo']>): Point[] {
  const method = geo.validationMethod ?? 'strict';
  if (method === 'strict') {
    for (const p of geo.points) {
      if (!isValidLatitude(p.lat)) throw new EsError('parse_exception', 400, `illegal latitude value [${javaDoubleToString(p.lat)}] for [GeoDistanceSort] for field [${spec.field}].`);
      if (!isValidLongitude(p.lon)) throw new EsError('parse_exception', 400, `illegal longitude value [${javaDoubleToString(p.lon)}] for [GeoDistanceSort] for field [${spec.field}].`);
    }
  }
  return method === 'coerce' ? geo.points.map((p) => normalizeGeoPoint(p)) : geo.points.map((p) => ({ lat: p.lat, lon: p.lon }));
}

/** The `"lat,lon"` doc values of one segment, decoded once per distinct value. */
function segmentPoints(seg: SegmentReader, field: string): { start: Int32Array; ords: Int32Array; lat: Float64Array; lon: Float64Array } | undefined {
  const col = (seg as Partial<StrataSegmentReader>).docValuesColumn?.(field);
  if (!col || col.kind !== 'string') return undefined;
  const lat = new Float64Array(col.terms.length);
  const lon = new Float64Array(col.terms.length);
  col.terms.forEach((s, i) => {
    const c = s.indexOf(',');
    lat[i] = Number(s.slice(0, c));
    lon[i] = Number(s.slice(c + 1));
  });
  return { start: col.start, ords: col.ords, lat, lon };
}

/** Compile a `_geo_distance` sort for a shard. */
export function compileGeoSort(ctx: CompileContext, spec: SortSpec, nested?: NestedSortDocs): CompiledSort {
  const geo = spec.geo as NonNullable<SortSpec['geo']>;
  const points = sortPoints(spec, geo);
  const f = ctx.fields.get(spec.field);
  if (!f) throw new EsError('illegal_argument_exception', 400, `failed to find mapper for [${spec.field}] for geo distance based sort`);
  if (f.type !== 'geo_point') throw new EsError('illegal_argument_exception', 400, `field [${spec.field}] is not a geo_point field`);
  const reverse = spec.order === 'desc';
  const mode = spec.mode ?? (reverse ? 'max' : 'min');
  const perUnit = distanceUnitFromString(geo.unit).meters;
  const dist = geo.distanceType === 'plane' ? planeDistanceMeters : sortArcMeters;
  return {
    spec,
    kind: 'numeric',
    reverse,
    bind: (seg) => {
      const col = segmentPoints(seg, spec.field);
      let buf = new Float64Array(8);
      let n = 0;
      let min = Infinity;
      let max = -Infinity;
      // avg and median need the values ascending (ES's sorted distance values, summed in order)
      const keep = mode === 'avg' || mode === 'median';
      const point = (la: number, lo: number): void => {
        for (const q of points) {
          const v = dist(q.lat, q.lon, la, lo) / perUnit;
          if (v < min) min = v;
          if (v > max) max = v;
          if (keep) {
            if (n === buf.length) {
              const bigger = new Float64Array(n * 2);
              bigger.set(buf);
              buf = bigger;
            }
            buf[n] = v;
          }
          n++;
        }
      };
      const add = (d: number): void => {
        if (!col) {
          // a reader without doc values columns: the doc's values as strings
          for (const s of seg.stringValues(spec.field, d)) {
            const c = s.indexOf(',');
            point(Number(s.slice(0, c)), Number(s.slice(c + 1)));
          }
          return;
        }
        for (let i = col.start[d] as number, to = col.start[d + 1] as number; i < to; i++) {
          const o = col.ords[i] as number;
          point(col.lat[o] as number, col.lon[o] as number);
        }
      };
      const value = (): number => {
        if (n === 0) return Infinity;
        if (mode === 'min') return min;
        if (mode === 'max') return max;
        const sorted = buf.subarray(0, n).sort();
        if (mode === 'avg') {
          let sum = 0;
          for (let i = 0; i < n; i++) sum += sorted[i] as number;
          return sum / n;
        }
        const mid = n >> 1;
        return n % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
      };
      const reset = (): void => {
        n = 0;
        min = Infinity;
        max = -Infinity;
      };
      if (nested) {
        const kids = nested.childrenOf(seg);
        return (d): SortValue => {
          reset();
          for (const k of kids(d)) add(k);
          return value();
        };
      }
      return (d): SortValue => {
        reset();
        add(d);
        return value();
      };
    },
    render: (v) => (typeof v === 'number' && !Number.isFinite(v) ? (v > 0 ? 'Infinity' : '-Infinity') : typeof v === 'number' ? jsonDouble(v) : v),
  };
}
