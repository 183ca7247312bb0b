/**
 * Distances between geo points and the checks on points, one home for the geo queries, the
 * `_geo_distance` sort, decay functions and the `geo_distance` aggregation (ES 5.6 `GeoUtils`,
 * `GeoDistance`; Lucene `SloppyMath`). Pure functions; the unit table is lib/units/distance-unit.ts.
 */

/** Lucene's `GeoUtils.EARTH_MEAN_RADIUS` (meters), used by ES 5.6 for every distance. */
export const EARTH_MEAN_RADIUS = 6371008.7714;

const TO_RAD = Math.PI / 180;

/** Haversine distance in meters (`GeoUtils.arcDistance`, Lucene's `LatLonPoint` distance query). */
export function haversinMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const dLat = (lat2 - lat1) * TO_RAD;
  const dLon = (lon2 - lon1) * TO_RAD;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * TO_RAD) * Math.cos(lat2 * TO_RAD) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_MEAN_RADIUS * Math.asin(Math.min(1, Math.sqrt(a)));
}

// scratch views of one double, for clearing its low bits without allocating per call
// (a single-threaded scratch, not state: every call writes it before reading it)
const SCRATCH = new Float64Array(1);
const SCRATCH_BYTES = new Uint8Array(SCRATCH.buffer);
const LOW_BYTE = new Uint8Array(new Float64Array([1]).buffer)[0] === 0 ? 0 : 7;

/**
 * `SloppyMath.haversinMeters` (the `arc` sort key): the haversine term's three low bits cleared,
 * as Lucene does so that equal points tie, computed with exact trigonometry.
 */
export function sortArcMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const x1 = lat1 * TO_RAD;
  const x2 = lat2 * TO_RAD;
  const h1 = 1 - Math.cos(x1 - x2);
  const h2 = 1 - Math.cos((lon1 - lon2) * TO_RAD);
  SCRATCH[0] = h1 + Math.cos(x1) * Math.cos(x2) * h2;
  SCRATCH_BYTES[LOW_BYTE] = (SCRATCH_BYTES[LOW_BYTE] as number) & 0xf8;
  return EARTH_MEAN_RADIUS * 2 * Math.asin(Math.min(1, Math.sqrt((SCRATCH[0] as number) * 0.5)));
}

/** `GeoUtils.planeDistance`: a tangent plane at the mean latitude, in meters. */
export function planeDistanceMeters(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const x = (lon2 - lon1) * TO_RAD * Math.cos(((lat2 + lat1) / 2.0) * TO_RAD);
  const y = (lat2 - lat1) * TO_RAD;
  return Math.sqrt(x * x + y * y) * EARTH_MEAN_RADIUS;
}

/** `GeoUtils.isValidLatitude`. */
export function isValidLatitude(lat: number): boolean {
  return !Number.isNaN(lat) && Number.isFinite(lat) && lat >= -90 && lat <= 90;
}

/** `GeoUtils.isValidLongitude`. */
export function isValidLongitude(lon: number): boolean {
  return !Number.isNaN(lon) && Number.isFinite(lon) && lon >= -180 && lon <= 180;
}

/** `GeoUtils.centeredModulus`: into ]-divisor/2, divisor/2]. */
function centeredModulus(dividend: number, divisor: number): number {
  let r = dividend % divisor;
  if (r <= 0) r += divisor;
  if (r > divisor / 2) r -= divisor;
  return r;
}

/**
 * `GeoUtils.normalizePoint(point, true, normLon)`: a latitude beyond a pole is folded back over
 * it (the longitude moves by 180°), then, with `normLon`, the longitude is wrapped into
 * ]-180, 180]; without it the longitude keeps its whole turns (x + k·360).
 */
export function normalizeGeoPoint(p: { lat: number; lon: number }, normLon = true): { lat: number; lon: number } {
  let { lat, lon } = p;
  const normLat = lat > 90 || lat < -90;
  const wrapLon = normLon && (lon > 180 || lon < -180);
  if (normLat) {
    lat = centeredModulus(lat, 360);
    let shift = true;
    if (lat < -90) lat = -180 - lat;
    else if (lat > 90) lat = 180 - lat;
    else shift = false;
    if (shift) {
      // (ES adds 180 then wraps when it normalizes longitudes: the same point as this)
      if (wrapLon) lon += 180;
      else lon += centeredModulus(lon, 360) > 0 ? -180 : 180;
    }
  }
  if (wrapLon) lon = centeredModulus(lon, 360);
  return { lat, lon };
}
