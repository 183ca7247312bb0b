/**
 * Sorting of term arrays in UTF-16 code unit order (the order of JS `<` on strings, which the
 * term dictionaries use). A multikey (three-way radix) quicksort on `charCodeAt`: terms share
 * long prefixes, so comparing one code unit at a time is 2-4x faster than `Array#sort`, and
 * sorting terms is the main cost of sealing a segment.
 */

/** Sort `a` in place; returns it. */
export function sortTerms(a: string[]): string[] {
  mkqs(a, 0, a.length, 0);
  return a;
}

function charAt(s: string, d: number): number {
  return d < s.length ? s.charCodeAt(d) : -1;
}

function mkqs(a: string[], lo: number, hi: number, d: number): void {
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
      const s = a[i] as string;
      const c = charAt(s, d);
      if (c < v) {
        a[i] = a[lt] as string;
        a[lt] = s;
        lt++;
        i++;
      } else if (c > v) {
        a[i] = a[gt] as string;
        a[gt] = s;
        gt--;
      } else i++;
    }
    mkqs(a, lo, lt, d);
    mkqs(a, gt + 1, hi, d);
    if (v < 0) return; // every string of the middle part ended: they are equal
    lo = lt;
    hi = gt + 1;
    d++;
  }
  for (let i = lo + 1; i < hi; i++) {
    const s = a[i] as string;
    let j = i - 1;
    while (j >= lo && (a[j] as string) > s) {
      a[j + 1] = a[j] as string;
      j--;
    }
    a[j + 1] = s;
  }
}
