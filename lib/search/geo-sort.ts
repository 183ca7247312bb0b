/**
 * The `_geo_distance` sort (ES 5.6 `GeoDistanceSortBuilder`): per doc, the distance from each of
 * its geo points to each sort point (`arc`: haversine on Lucene's mean earth radius, the formula
 * of `SloppyMath.haversinMeters` computed with exact trigonometry; `plane`: ES's
 * `GeoUtils.planeDistance`), in `unit`, picked by `mode` (min ascending, max descending by
 * default; no sum); a doc without a point sorts as +Infinity whatever the order.
 */
import type { SortSpec } from '../dsl/sort-spec.js';
import type { SegmentReader } from '../shard/segment-reader.js';
import { DISTANCE_UNITS } from '../dsl/geo-point.js';
import { EsError } from '../errors/errors.js';
import { jsonDouble } from '../units/java-number.js';
import type { CompileContext } from './compile-context.js';
import { geoPointsOf } from './geo-weight.js';
import type { NestedSortDocs } from './nested-sort.js';
import type { CompiledSort, SortValue } from './sort-values.js';

const EARTH_MEAN_RADIUS = 6371008.7714;
const TO_RAD = Math.PI / 180;

/** `SloppyMath.haversinMeters`: the sort key's low bits cleared, as Lucene does against ties. */
function arcMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const x1 = lat1 * TO_RAD;
  const x2 = lat2 * TO_RAD;
  const h1 = 1 - Math.cos(x1 - x2);
  const h2 = 1 - Math.cos((lon1 - lon2) * TO_RAD);
  let h = h1 + Math.cos(x1) * Math.cos(x2) * h2;
  const buf = new DataView(new ArrayBuffer(8));
  buf.setFloat64(0, h);
  buf.setUint8(7, buf.getUint8(7) & 0xf8);
  h = buf.getFloat64(0);
  return EARTH_MEAN_RADIUS * 2 * Math.asin(Math.min(1, Math.sqrt(h * 0.5)));
}

/** `GeoUtils.planeDistance`. */
function planeMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const x = (lon2 - lon1) * TO_RAD * Math.cos(((lat2 + lat1) / 2) * TO_RAD);
  const y = (lat2 - lat1) * TO_RAD;
  return Math.sqrt(x * x + y * y) * EARTH_MEAN_RADIUS;
}

function pick(vals: number[], mode: string): number {
  if (vals.length === 0) return Infinity;
  vals.sort((a, b) => a - b);
  if (mode === 'min') return vals[0] as number;
  if (mode === 'max') return vals[vals.length - 1] as number;
  const n = vals.length;
  if (mode === 'avg') return vals.reduce((a, b) => a + b, 0) / n;
  const mid = n >> 1;
  return n % 2 === 1 ? (vals[mid] as number) : ((vals[mid - 1] as number) + (vals[mid] as number)) / 2;
}

/** Compile a `_geo_distance` sort for a shard. */
export function compileGeoSort(ctx: CompileContext, spec: SortSpec, nested?: NestedSortDocs): CompiledSort {
  const geo = spec.geo as NonNullable<SortSpec['geo']>;
  const f = ctx.fields.get(spec.field);
  if (!f) throw new EsError('illegal_argument_exception', 400, `failed to find mapper for [${spec.field}] for geo distance based sort`);
  if (f.type !== 'geo_point') throw new EsError('illegal_argument_exception', 400, `field [${spec.field}] is not a geo_point field`);
  const reverse = spec.order === 'desc';
  const mode = spec.mode ?? (reverse ? 'max' : 'min');
  const perUnit = DISTANCE_UNITS[geo.unit] ?? 1;
  const dist = geo.distanceType === 'plane' ? planeMeters : arcMeters;
  const distances = (seg: SegmentReader, docs: Iterable<number>): number[] => {
    const out: number[] = [];
    for (const d of docs) for (const p of geoPointsOf(seg, spec.field, d)) for (const q of geo.points) out.push(dist(q.lat, q.lon, p.lat, p.lon) / perUnit);
    return out;
  };
  return {
    spec,
    kind: 'numeric',
    reverse,
    bind: (seg) => {
      if (nested) {
        const kids = nested.childrenOf(seg);
        return (d): SortValue => pick(distances(seg, kids(d)), mode);
      }
      return (d): SortValue => pick(distances(seg, [d]), mode);
    },
    render: (v) => (typeof v === 'number' && !Number.isFinite(v) ? (v > 0 ? 'Infinity' : '-Infinity') : typeof v === 'number' ? jsonDouble(v) : v),
  };
}
