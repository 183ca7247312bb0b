/**
 * Recycled Int32Arrays for the indexing buffer's rows and the sort that seals them
 * (storage/segment-builder.ts, storage/segment-writer.ts). Their memory lives outside the V8
 * heap, and V8 counts every such allocation towards a full (mark-compact) collection of the
 * whole heap: rows grown by doubling and sorted once per refresh allocated tens of MiB per 100k
 * documents, which in a server holding its segments cost more mark-compacts than the young
 * generation saved (docs/benchmarks.md, session 10). Recycled, a refresh allocates nothing new
 * once the pool holds arrays of the sizes it needs.
 *
 * Arrays come back with whatever they held: callers write before they read.
 */

/** Arrays below this length are not pooled (V8 keeps the smallest on its heap, and they are cheap). */
const MIN_POOLED = 1024;
/** At most this much is kept for reuse; what would exceed it is left to the GC. */
const MAX_POOLED_BYTES = 32 * 1024 * 1024;

const free = new Map<number, Int32Array[]>();
let pooledBytes = 0;

/** The smallest power of two at least `n` (and at least MIN_POOLED): the lengths the pool deals in. */
export function poolLength(n: number): number {
  let len = MIN_POOLED;
  while (len < n) len *= 2;
  return len;
}

/** An array of exactly `length` elements (contents undefined unless fresh). */
export function takeInts(length: number): Int32Array {
  const a = length >= MIN_POOLED ? free.get(length)?.pop() : undefined;
  if (a === undefined) return new Int32Array(length);
  pooledBytes -= a.byteLength;
  return a;
}

/** Hand `a` back; the caller must hold no other reference to it (or a view of it). */
export function giveInts(a: Int32Array): void {
  if (a.length < MIN_POOLED || a.byteOffset !== 0 || a.length * 4 !== a.buffer.byteLength) return;
  if (pooledBytes + a.byteLength > MAX_POOLED_BYTES) return;
  let list = free.get(a.length);
  if (!list) free.set(a.length, (list = []));
  list.push(a);
  pooledBytes += a.byteLength;
}

/** Bytes held for reuse (tests, stats). */
export function pooledIntBytes(): number {
  return pooledBytes;
}
