/**
 * Doc-ids column codec (format `strata-docids` v1): one value per segment naming every doc
 * number: for root documents the type, id, version and seq no (so reopening rebuilds the
 * version map and a merge can re-point it), for nested documents their nested path and
 * offset (they are indexed just before their root document, as Lucene block-joins do, and
 * share its type and id).
 *
 * Layout: varint maxDoc; varint type count + types; varint path count + paths; per doc a
 * varint `pathOrd + 1` (0 = root), then for a root doc: varint type ordinal, string id,
 * varint version, varint seqNo; for a nested doc: varint offset.
 */
import { ByteReader, ByteWriter } from './bytes.js';

export const DOC_IDS_FORMAT = { id: 'strata-docids', version: 1 } as const;

export interface DocIds {
  maxDoc: number;
  types: string[];
  /** Type ordinal per doc (nested docs carry their root's). */
  typeOrd: Int32Array;
  /** Id per doc (nested docs carry their root's). */
  ids: string[];
  versions: Float64Array;
  seqNos: Float64Array;
  nestedPaths: string[];
  /** Nested path ordinal per doc, -1 for root documents. */
  pathOrd: Int32Array;
  /** Offset of a nested doc within its parent's array (0 for roots). */
  nestedOffset: Int32Array;
}

export function encodeDocIds(d: DocIds): Buffer {
  const w = new ByteWriter(64 + d.maxDoc * 16);
  w.varint(d.maxDoc);
  w.varint(d.types.length);
  for (const t of d.types) w.str(t);
  w.varint(d.nestedPaths.length);
  for (const p of d.nestedPaths) w.str(p);
  for (let i = 0; i < d.maxDoc; i++) {
    const p = d.pathOrd[i] as number;
    w.varint(p + 1);
    if (p < 0) {
      w.varint(d.typeOrd[i] as number);
      w.str(d.ids[i] as string);
      w.varint(d.versions[i] as number);
      w.varint(d.seqNos[i] as number);
    } else {
      w.varint(d.nestedOffset[i] as number);
    }
  }
  return w.finish();
}

export function decodeDocIds(buf: Buffer): DocIds {
  const r = new ByteReader(buf);
  const maxDoc = r.varint();
  const types: string[] = [];
  for (let n = r.varint(); n > 0; n--) types.push(r.str());
  const nestedPaths: string[] = [];
  for (let n = r.varint(); n > 0; n--) nestedPaths.push(r.str());
  const typeOrd = new Int32Array(maxDoc);
  const ids = new Array<string>(maxDoc);
  const versions = new Float64Array(maxDoc);
  const seqNos = new Float64Array(maxDoc);
  const pathOrd = new Int32Array(maxDoc);
  const nestedOffset = new Int32Array(maxDoc);
  for (let i = 0; i < maxDoc; i++) {
    const p = r.varint() - 1;
    pathOrd[i] = p;
    if (p < 0) {
      typeOrd[i] = r.varint();
      ids[i] = r.str();
      versions[i] = r.varint();
      seqNos[i] = r.varint();
    } else {
      nestedOffset[i] = r.varint();
    }
  }
  // Nested docs precede their root: fill their type/id/version from the root that follows.
  for (let i = maxDoc - 1, root = -1; i >= 0; i--) {
    if ((pathOrd[i] as number) < 0) root = i;
    else if (root >= 0) {
      typeOrd[i] = typeOrd[root] as number;
      ids[i] = ids[root] as string;
      versions[i] = versions[root] as number;
      seqNos[i] = seqNos[root] as number;
    }
  }
  return { maxDoc, types, typeOrd, ids, versions, seqNos, nestedPaths, pathOrd, nestedOffset };
}
