/**
 * Where a nested doc sits in its root document (ES 5.6 `FetchPhase.getInternalNestedIdentity` and
 * `createNestedSearchHit`): the `_nested: {field, offset[, _nested]}` chain from the root down,
 * and the nested object it was indexed from, cut out of the root's `_source`.
 */
import type { SegmentReader } from '../shard/segment-reader.js';
import { nestedReaderOf } from './block-join.js';

/** `_nested` of a nested doc: `{field, offset[, _nested]}` from the root down, fields relative to their parent level. */
export function nestedIdentity(seg: SegmentReader, doc: number): { identity: Record<string, unknown>; chain: Array<{ field: string; offset: number }> } {
  const r = nestedReaderOf(seg) as NonNullable<ReturnType<typeof nestedReaderOf>>;
  const m = seg as SegmentReader & { nestedOffset(d: number): number };
  const chain: Array<{ path: string; offset: number }> = [];
  let d = doc;
  let path = r.nestedPath(d);
  while (path !== undefined) {
    chain.unshift({ path, offset: m.nestedOffset(d) });
    // The parent is the next doc of an enclosing level (the root, or a nested path that is a
    // proper prefix of this one): the docs in between are earlier siblings and their children.
    let p = d + 1;
    for (; p < seg.maxDoc; p++) {
      const pp = r.nestedPath(p);
      if (pp === undefined || path.startsWith(pp + '.')) break;
    }
    d = p;
    path = r.nestedPath(d);
  }
  const rel = chain.map((x, i) => ({ field: i === 0 ? x.path : x.path.slice((chain[i - 1] as { path: string }).path.length + 1), offset: x.offset }));
  let identity: Record<string, unknown> | undefined;
  for (let i = rel.length - 1; i >= 0; i--) {
    const x = rel[i] as { field: string; offset: number };
    identity = { field: x.field, offset: x.offset, ...(identity ? { _nested: identity } : {}) };
  }
  return { identity: identity ?? {}, chain: rel };
}

/** The nested object at `chain` in the root source (ES `FetchPhase.createNestedSearchHit`). */
export function nestedSource(root: unknown, chain: ReadonlyArray<{ field: string; offset: number }>): unknown {
  let cur: unknown = root;
  for (const { field, offset } of chain) {
    let v: unknown = cur;
    for (const part of field.split('.')) {
      if (!v || typeof v !== 'object' || Array.isArray(v) || !Object.hasOwn(v, part)) return null;
      v = (v as Record<string, unknown>)[part];
    }
    if (Array.isArray(v)) v = v[offset];
    else if (offset !== 0) return null;
    cur = v;
  }
  return cur ?? null;
}
