/**
 * The indexing buffer's terms of one field: term → dense ordinal in first-seen order, like
 * Lucene's BytesRefHash. An open-addressing table (linear probing, at most half full) of
 * ordinals in an Int32Array, each slot holding the term's hash beside its ordinal so that a
 * probe reads one place in memory and touches a term string only when the hashes agree.
 *
 * Why not a `Map<string, number>`: the lookup per token was the largest single cost of
 * indexing (docs/benchmarks.md, session 10): a V8 `Map#get` on a freshly tokenized string
 * hashes it in the runtime and walks an ordered hash table's chain through three separate
 * heap objects, and every growth rebuilds it; here a miss or hit costs a hash over the string's
 * code units and, mostly, one probe of a typed array.
 */
import { fnv1a32 } from '../lib/hash/fnv1a.js';

export class TermHash {
  /** Terms by ordinal (first-seen order). */
  readonly terms: string[] = [];
  /** Per slot: the term's mixed hash, then its ordinal + 1 (0 = empty slot). */
  private table = new Int32Array(64);
  /** Slots - 1. */
  private mask = 31;

  get size(): number {
    return this.terms.length;
  }

  /** The ordinal of `term` if it is known; otherwise adds it and returns `-(ordinal + 1)`. */
  add(term: string): number {
    const h = mix(fnv1a32(term));
    const { table, terms, mask } = this;
    let slot = h & mask;
    for (;;) {
      const e = table[2 * slot + 1] as number;
      if (e === 0) break;
      if (table[2 * slot] === h && terms[e - 1] === term) return e - 1;
      slot = (slot + 1) & mask;
    }
    const ord = terms.length;
    terms.push(term);
    table[2 * slot] = h;
    table[2 * slot + 1] = ord + 1;
    if (terms.length * 2 > mask) this.rehash();
    return -(ord + 1);
  }

  /** The ordinal of `term`, or -1. */
  find(term: string): number {
    const h = mix(fnv1a32(term));
    const { table, terms, mask } = this;
    for (let slot = h & mask; ; slot = (slot + 1) & mask) {
      const e = table[2 * slot + 1] as number;
      if (e === 0) return -1;
      if (table[2 * slot] === h && terms[e - 1] === term) return e - 1;
    }
  }

  /** Double the table (the hashes are kept in it: no term is hashed again). */
  private rehash(): void {
    const old = this.table;
    const mask = this.mask * 2 + 1;
    const table = new Int32Array(2 * (mask + 1));
    for (let i = 0; i < old.length; i += 2) {
      const e = old[i + 1] as number;
      if (e === 0) continue;
      const h = old[i] as number;
      let slot = h & mask;
      while (table[2 * slot + 1] !== 0) slot = (slot + 1) & mask;
      table[2 * slot] = h;
      table[2 * slot + 1] = e;
    }
    this.table = table;
    this.mask = mask;
  }
}

/**
 * Murmur3's finaliser: FNV-1a's multiply carries a code unit's bits only upwards, so its low bits
 * (the slot) would depend on the low bits of the code units alone.
 */
function mix(h: number): number {
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return h ^ (h >>> 16);
}
