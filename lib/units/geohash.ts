/**
 * Geohashes as ES 5.6 reads and writes them (`GeoHashUtils`): base-32 cells, longitude first.
 * The one home for both the mapping layer (indexing) and the DSL (query points).
 */
import { illegalArgument } from '../errors/errors.js';

/** A point in degrees. */
export interface GeoPoint {
  lat: number;
  lon: number;
}

const BASE32 = '0123456789bcdefghjkmnpqrstuvwxyz';

/** Decode a geohash to the centre of its cell. */
export function decodeGeohash(hash: string): GeoPoint {
  let latLo = -90;
  let latHi = 90;
  let lonLo = -180;
  let lonHi = 180;
  let even = true;
  for (const c of hash) {
    const v = BASE32.indexOf(c);
    if (v < 0) throw illegalArgument(`unsupported symbol [${c}] in geohash [${hash}]`);
    for (let b = 4; b >= 0; b--) {
      const bit = (v >> b) & 1;
      if (even) {
        const mid = (lonLo + lonHi) / 2;
        if (bit) lonLo = mid;
        else lonHi = mid;
      } else {
        const mid = (latLo + latHi) / 2;
        if (bit) latLo = mid;
        else latHi = mid;
      }
      even = !even;
    }
  }
  return { lat: (latLo + latHi) / 2, lon: (lonLo + lonHi) / 2 };
}

/** Encode a point as a geohash of `precision` characters. */
export function encodeGeohash(p: GeoPoint, precision = 12): string {
  let latLo = -90;
  let latHi = 90;
  let lonLo = -180;
  let lonHi = 180;
  let even = true;
  let out = '';
  let bits = 0;
  let ch = 0;
  while (out.length < precision) {
    if (even) {
      const mid = (lonLo + lonHi) / 2;
      if (p.lon >= mid) {
        ch = (ch << 1) | 1;
        lonLo = mid;
      } else {
        ch <<= 1;
        lonHi = mid;
      }
    } else {
      const mid = (latLo + latHi) / 2;
      if (p.lat >= mid) {
        ch = (ch << 1) | 1;
        latLo = mid;
      } else {
        ch <<= 1;
        latHi = mid;
      }
    }
    even = !even;
    if (++bits === 5) {
      out += BASE32[ch];
      bits = 0;
      ch = 0;
    }
  }
  return out;
}
