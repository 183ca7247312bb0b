/**
 * Sorting of term arrays in UTF-16 code unit order (the order of JS `<` on strings, which the
 * term dictionaries use). A multikey (three-way radix) quicksort on `charCodeAt`: terms share
 * long prefixes, so comparing one code unit at a time is 2-4x faster than `Array#sort`, and
 * sorting terms is the main cost of sealing a segment.
 */

/** Sort `a` in place; returns it. */
export function sortTerms(a: string[]): string[] {
  mkqs(a, null, 0, a.length, 0);
  return a;
}

/** Sort `a` in place and apply the same permutation to `ords` (`ords[i]` stays with `a[i]`). */
export function sortTermsWith(a: string[], ords: Int32Array): void {
  if (ords.length !== a.length) throw new Error('sortTermsWith: arrays of different lengths');
  mkqs(a, ords, 0, a.length, 0);
}

function charAt(s: string, d: number): number {
  return d < s.length ? s.charCodeAt(d) : -1;
}

function swap(a: string[], o: Int32Array | null, i: number, j: number): void {
  const s = a[i] as string;
  a[i] = a[j] as string;
  a[j] = s;
  if (o !== null) {
    const x = o[i] as number;
    o[i] = o[j] as number;
    o[j] = x;
  }
}

function mkqs(a: string[], o: Int32Array | null, lo: number, hi: number, d: number): void {
  while (hi - lo > 12) {
    const m = (lo + hi) >>> 1;
    const x = charAt(a[lo] as string, d);
    const y = charAt(a[m] as string, d);
    const z = charAt(a[hi - 1] as string, d);
    const v = x < y ? (y < z ? y : x < z ? z : x) : x < z ? x : y < z ? z : y;
    let lt = lo;
    let gt = hi - 1;
    let i = lo;
    while (i <= gt) {
      const c = charAt(a[i] as string, d);
      if (c < v) {
        swap(a, o, i, lt);
        lt++;
        i++;
      } else if (c > v) {
        swap(a, o, i, gt);
        gt--;
      } else i++;
    }
    mkqs(a, o, lo, lt, d);
    mkqs(a, o, gt + 1, hi, d);
    if (v < 0) return; // every string of the middle part ended: they are equal
    lo = lt;
    hi = gt + 1;
    d++;
  }
  for (let i = lo + 1; i < hi; i++) {
    const s = a[i] as string;
    const so = o !== null ? (o[i] as number) : 0;
    let j = i - 1;
    while (j >= lo && (a[j] as string) > s) {
      a[j + 1] = a[j] as string;
      if (o !== null) o[j + 1] = o[j] as number;
      j--;
    }
    a[j + 1] = s;
    if (o !== null) o[j + 1] = so;
  }
}
