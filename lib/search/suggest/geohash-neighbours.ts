/**
 * The eight cells around a geohash cell (ES `GeoHashUtils.addNeighbors`), used by the geo
 * context of the completion suggester. Cells wrap around in longitude; at the poles the
 * missing rows are left out.
 */
import { decodeGeohash, encodeGeohash } from '../../units/geohash.js';

/** Width and height in degrees of a cell of `len` characters. */
function cellSize(len: number): { w: number; h: number } {
  const bits = len * 5;
  const lonBits = Math.ceil(bits / 2);
  const latBits = Math.floor(bits / 2);
  return { w: 360 / 2 ** lonBits, h: 180 / 2 ** latBits };
}

/** The neighbouring cells of `hash`, at the same length. */
export function geohashNeighbours(hash: string): string[] {
  if (hash.length === 0) return [];
  const c = decodeGeohash(hash);
  const { w, h } = cellSize(hash.length);
  const out: string[] = [];
  for (const dy of [-1, 0, 1]) {
    for (const dx of [-1, 0, 1]) {
      if (dx === 0 && dy === 0) continue;
      const lat = c.lat + dy * h;
      if (lat > 90 || lat < -90) continue;
      let lon = c.lon + dx * w;
      if (lon > 180) lon -= 360;
      if (lon < -180) lon += 360;
      out.push(encodeGeohash({ lat, lon }, hash.length));
    }
  }
  return out;
}
