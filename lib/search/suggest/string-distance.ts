/**
 * The string distances the `term` suggester can rank candidates by (`string_distance`), as
 * Lucene 6.6's `StringDistance` implementations define them: each answers a similarity in
 * [0, 1], 1 for identical strings. `internal` is not here: it is the fuzzy enumeration's own
 * similarity (term-suggester.ts).
 */
import { editDistance } from '../term-expansion.js';

const cps = (s: string): number[] => [...s].map((c) => c.codePointAt(0) as number);

/** `LevensteinDistance`: 1 - edits / the longer length. */
export function levenshtein(a: string, b: string): number {
  const x = cps(a);
  const y = cps(b);
  const n = Math.max(x.length, y.length);
  if (n === 0) return 1;
  return Math.fround(1 - editDistance(x, y, n, false) / n);
}

/** `LuceneLevenshteinDistance`: optimal string alignment (transpositions count one), over the shorter length. */
export function damerauLevenshtein(a: string, b: string): number {
  const x = cps(a);
  const y = cps(b);
  const n = Math.max(x.length, y.length);
  if (n === 0) return 1;
  const d = editDistance(x, y, n, true);
  return Math.fround(1 - d / Math.min(x.length, y.length));
}

/** `JaroWinklerDistance` with Lucene's threshold 0.7. */
export function jaroWinkler(a: string, b: string): number {
  const [max, min] = a.length > b.length ? [a, b] : [b, a];
  const range = Math.max(Math.floor(max.length / 2) - 1, 0);
  const matchIndexes = new Int32Array(min.length).fill(-1);
  const matchFlags = new Uint8Array(max.length);
  let matches = 0;
  for (let mi = 0; mi < min.length; mi++) {
    const c1 = min[mi];
    for (let xi = Math.max(mi - range, 0), xn = Math.min(mi + range + 1, max.length); xi < xn; xi++) {
      if (!matchFlags[xi] && c1 === max[xi]) {
        matchIndexes[mi] = xi;
        matchFlags[xi] = 1;
        matches++;
        break;
      }
    }
  }
  if (matches === 0) return 0;
  const ms1: string[] = [];
  const ms2: string[] = [];
  for (let i = 0; i < min.length; i++) if ((matchIndexes[i] as number) !== -1) ms1.push(min[i] as string);
  for (let i = 0; i < max.length; i++) if (matchFlags[i]) ms2.push(max[i] as string);
  let transpositions = 0;
  for (let i = 0; i < ms1.length; i++) if (ms1[i] !== ms2[i]) transpositions++;
  let prefix = 0;
  for (let i = 0; i < min.length && a[i] === b[i]; i++) prefix++;
  const m = matches;
  const j = (m / a.length + m / b.length + (m - Math.floor(transpositions / 2)) / m) / 3;
  const jw = j < 0.7 ? j : j + Math.min(0.1, 1 / max.length) * Math.min(prefix, 4) * (1 - j);
  return Math.fround(jw);
}

/** `NGramDistance` with n = 2 (Kondrak's n-gram edit distance, prefix-padded). */
export function ngram(source: string, target: string, n = 2): number {
  const sl = source.length;
  const tl = target.length;
  if (sl === 0 || tl === 0) return sl === tl ? 1 : 0;
  if (sl < n || tl < n) {
    let cost = 0;
    for (let i = 0, ni = Math.min(sl, tl); i < ni; i++) if (source[i] === target[i]) cost++;
    return Math.fround(cost / Math.max(sl, tl));
  }
  const sa: string[] = [];
  for (let i = 0; i < sl + n - 1; i++) sa.push(i < n - 1 ? '\u0000' : (source[i - n + 1] as string));
  let p = new Float64Array(sl + 1);
  let d = new Float64Array(sl + 1);
  for (let i = 0; i <= sl; i++) p[i] = i;
  const tj: string[] = new Array<string>(n).fill('\u0000');
  for (let j = 1; j <= tl; j++) {
    if (j < n) {
      for (let ti = 0; ti < n - j; ti++) tj[ti] = '\u0000';
      for (let ti = n - j; ti < n; ti++) tj[ti] = target[ti - (n - j)] as string;
    } else for (let ti = 0; ti < n; ti++) tj[ti] = target[j - n + ti] as string;
    d[0] = j;
    for (let i = 1; i <= sl; i++) {
      let cost = 0;
      let tn = n;
      for (let ni = 0; ni < n; ni++) {
        if (sa[i - 1 + ni] !== tj[ni]) cost++;
        else if (sa[i - 1 + ni] === '\u0000') tn--;
      }
      const ec = cost / tn;
      d[i] = Math.min(Math.min((d[i - 1] as number) + 1, (p[i] as number) + 1), (p[i - 1] as number) + ec);
    }
    const t = p;
    p = d;
    d = t;
  }
  return Math.fround(1 - (p[sl] as number) / Math.max(tl, sl));
}
