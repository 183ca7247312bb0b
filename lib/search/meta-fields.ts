/**
 * Queries on the metadata fields `_type`, `_id` and `_uid`, answered from the segment's per-doc
 * type and id columns (StrataSegmentReader.docType/docId) rather than postings.
 */
import type { SegmentReader } from '../shard/segment-reader.js';
import { DocSetWeight } from './constant-weights.js';
import type { Weight } from './weight.js';

interface MetaReader {
  docType?(doc: number): string;
  typeDocs?(type: string): Int32Array;
  docId?(doc: number): string;
  nestedPath?(doc: number): string | undefined;
}

/** Docs of a segment whose (root) type/id satisfy `pred`; nested docs excluded. */
export function scanDocs(seg: SegmentReader, pred: (type: string, id: string) => boolean): Int32Array {
  const m = seg as SegmentReader & MetaReader;
  if (typeof m.docType !== 'function' || typeof m.docId !== 'function') return new Int32Array(0);
  const out: number[] = [];
  for (let d = 0; d < seg.maxDoc; d++) {
    if (typeof m.nestedPath === 'function' && m.nestedPath(d) !== undefined) continue;
    if (pred(m.docType(d), m.docId(d))) out.push(d);
  }
  return Int32Array.from(out);
}

/** `type` query (and `_type` terms): the segment's per-type doc lists, merged when several. */
export function typeWeight(types: readonly string[], boost: number): Weight {
  const set = new Set(types);
  const desc = types.length === 1 ? `_type:${types[0]}` : `_type:(${types.join(' ')})`;
  return new DocSetWeight(desc, boost, async (seg) => {
    const m = seg as SegmentReader & MetaReader;
    if (typeof m.typeDocs !== 'function') return scanDocs(seg, (t) => set.has(t));
    const lists = [...set].map((t) => m.typeDocs!(t)).filter((l) => l.length > 0);
    if (lists.length <= 1) return lists[0] ?? new Int32Array(0);
    const out = new Int32Array(lists.reduce((n, l) => n + l.length, 0));
    let at = 0;
    for (const l of lists) {
      out.set(l, at);
      at += l.length;
    }
    return out.sort(); // a doc has one type: the lists are disjoint
  });
}

/** `ids` query (types empty = any type). */
export function idsWeight(types: readonly string[], ids: readonly string[], boost: number): Weight {
  const idSet = new Set(ids);
  const typeSet = new Set(types.filter((t) => t !== '_all'));
  // ES 5.6 builds a terms query on `_uid` (`type#id`); the description keeps the types so cached doc sets never mix them
  const desc = typeSet.size === 0 ? `_uid:(${ids.join(' ')})` : `_uid:(${[...typeSet].flatMap((t) => ids.map((id) => `${t}#${id}`)).join(' ')})`;
  return new DocSetWeight(desc, boost, async (seg) => scanDocs(seg, (t, id) => idSet.has(id) && (typeSet.size === 0 || typeSet.has(t))));
}
