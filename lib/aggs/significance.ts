/**
 * ES 5.6's significance heuristics (`bucket/significant/heuristics`): how unusual a term's
 * frequency in the foreground set (the bucket's docs) is against the background (the index, or
 * `background_filter`): JLH (default), mutual_information, chi_square, gnd, percentage, and
 * script_heuristic (a script over `_subset_freq`, `_subset_size`, `_superset_freq`,
 * `_superset_size`).
 */
import { EsError } from '../errors/errors.js';
import type { SignificanceHeuristic } from './types.js';

/** Scores one term: (subset df, subset size, superset df, superset size) → score. */
export type Scorer = (subsetFreq: number, subsetSize: number, supersetFreq: number, supersetSize: number) => number;

/** The frequencies of NXYSignificanceHeuristic.computeNxys. */
function nxys(bgIsSuperset: boolean, subsetFreq: number, subsetSize: number, supersetFreq: number, supersetSize: number, name: string) {
  checkFrequencies(subsetFreq, subsetSize, supersetFreq, supersetSize, name);
  if (bgIsSuperset) {
    return {
      N00: supersetSize - supersetFreq - (subsetSize - subsetFreq),
      N01: subsetSize - subsetFreq,
      N10: supersetFreq - subsetFreq,
      N11: subsetFreq,
      N0_: supersetSize - supersetFreq,
      N1_: supersetFreq,
      N_0: supersetSize - subsetSize,
      N_1: subsetSize,
      N: supersetSize,
    };
  }
  return {
    N00: supersetSize - supersetFreq,
    N01: subsetSize - subsetFreq,
    N10: supersetFreq,
    N11: subsetFreq,
    N0_: supersetSize - supersetFreq + subsetSize - subsetFreq,
    N1_: supersetFreq + subsetFreq,
    N_0: supersetSize,
    N_1: subsetSize,
    N: supersetSize + subsetSize,
  };
}

/** SignificanceHeuristic.checkFrequencyValidity. */
function checkFrequencies(subsetFreq: number, subsetSize: number, supersetFreq: number, supersetSize: number, name: string): void {
  if (subsetFreq < 0 || subsetSize < 0 || supersetFreq < 0 || supersetSize < 0) {
    throw new EsError('illegal_argument_exception', 400, `Frequencies of subset and superset must be positive in ${name}.getScore()`);
  }
  if (subsetFreq > subsetSize) throw new EsError('illegal_argument_exception', 400, `subsetFreq > subsetSize, in ${name}`);
  if (supersetFreq > supersetSize) throw new EsError('illegal_argument_exception', 400, `supersetFreq > supersetSize, in ${name}`);
}

function miTerm(Nxy: number, Nx_: number, N_y: number, N: number): number {
  const numerator = Math.abs(N * Nxy);
  const denominator = Math.abs(Nx_ * N_y);
  const factor = Math.abs(Nxy / N);
  if (numerator < 1e-7 && factor < 1e-7) return 0;
  return factor * Math.log(numerator / denominator);
}

/**
 * The scorer of a heuristic; `script` runs script_heuristic's script with its params.
 */
export function scorerOf(h: SignificanceHeuristic, script?: (params: Map<unknown, unknown>) => number): Scorer {
  const sup = h.backgroundIsSuperset ?? true;
  const neg = h.includeNegatives ?? false;
  switch (h.name) {
    case 'jlh':
      return (sf, ss, bf, bs) => {
        checkFrequencies(sf, ss, bf, bs, 'JLHScore');
        if (ss === 0 || bs === 0 || sf === 0) return 0;
        const sp = sf / ss;
        const bp = bf / bs;
        const abs = sp - bp;
        if (abs <= 0) return 0;
        return abs * (sp / bp);
      };
    case 'percentage':
      return (sf, _ss, bf) => (bf === 0 ? 0 : sf / bf);
    case 'mutual_information':
      return (sf, ss, bf, bs) => {
        const f = nxys(sup, sf, ss, bf, bs, 'MutualInformation');
        let score = (miTerm(f.N00, f.N0_, f.N_0, f.N) + miTerm(f.N01, f.N0_, f.N_1, f.N) + miTerm(f.N10, f.N1_, f.N_0, f.N) + miTerm(f.N11, f.N1_, f.N_1, f.N)) / Math.log(2);
        if (Number.isNaN(score)) score = -Infinity;
        if (!neg && f.N11 / f.N_1 < f.N10 / f.N_0) score = -Infinity;
        return score;
      };
    case 'chi_square':
      return (sf, ss, bf, bs) => {
        const f = nxys(sup, sf, ss, bf, bs, 'ChiSquare');
        if (!neg && f.N11 / f.N_1 < f.N10 / f.N_0) return -Infinity;
        return (f.N * (f.N11 * f.N00 - f.N01 * f.N10) ** 2) / (f.N_1 * f.N1_ * f.N0_ * f.N_0);
      };
    case 'gnd':
      return (sf, ss, bf, bs) => {
        const f = nxys(sup, sf, ss, bf, bs, 'GND');
        const fx = f.N1_;
        const fy = f.N_1;
        const fxy = f.N11;
        if (fxy === 0) return 0;
        if (fx === fy && fx === fxy) return 1;
        const score = (Math.max(Math.log(fx), Math.log(fy)) - Math.log(fxy)) / (Math.log(f.N) - Math.min(Math.log(fx), Math.log(fy)));
        return Math.exp(-score);
      };
    case 'script_heuristic':
      return (sf, ss, bf, bs) => {
        if (!script) throw new EsError('illegal_state_exception', 500, 'scripts are not available on this node');
        return script(new Map<unknown, unknown>([['_subset_freq', sf], ['_subset_size', ss], ['_superset_freq', bf], ['_superset_size', bs]]));
      };
  }
}
