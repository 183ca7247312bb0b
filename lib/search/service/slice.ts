/** The `slice` filter of a sliced scroll (ES 5.6 `SliceBuilder.toFilter`). */
import { murmur3x86_32 } from '../../hash/murmur3-x86.js';
import { DocSetWeight } from '../constant-weights.js';
import type { Weight } from '../weight.js';

const utf8 = new TextEncoder();

/** The filter of slice `slice` on shard `shardId` of `numShards` (TermsSliceQuery over `_uid`, murmur3 seed 7919); null: no filter. */
export function sliceWeight(slice: { id: number; max: number; field: string }, shardId: number, numShards: number): Weight | null {
  let id = slice.id;
  let max = slice.max;
  if (max >= numShards) {
    const target = id % numShards;
    if (target !== shardId) return new DocSetWeight('MatchNoDocsQuery("this shard is not part of the slice")', 1, async () => null);
    let inShard = Math.floor(max / numShards);
    if (max % numShards > target) inShard++;
    if (inShard === 1) return null;
    id = Math.floor(id / numShards);
    max = inShard;
  } else {
    if (shardId % max !== id) return new DocSetWeight('MatchNoDocsQuery("this shard is not part of the slice")', 1, async () => null);
    return null;
  }
  const sid = id;
  const smax = max;
  return new DocSetWeight(`slice(${slice.field},${sid},${smax})`, 1, async (seg) => {
    const m = seg as typeof seg & { docType?(d: number): string; docId?(d: number): string };
    const out: number[] = [];
    for (let d = 0; d < seg.maxDoc; d++) {
      const uid = `${m.docType?.(d) ?? ''}#${m.docId?.(d) ?? ''}`;
      const h = murmur3x86_32(utf8.encode(uid), 7919);
      if (((h % smax) + smax) % smax === sid) out.push(d);
    }
    return Int32Array.from(out);
  });
}
