/**
 * The `moving_avg` models of ES 5.6 (`pipeline/movavg/models`): simple, linear, ewma, holt
 * (Holt-Linear) and holt_winters (additive or multiplicative, with `pad`), their predictions, and
 * the simulated-annealing minimizer that fits ewma/holt/holt_winters coefficients to the data.
 * Each model is followed as ES 5.6 computes it, quirks included (linear's weight total starts at
 * 1; holt's second value resets the trend to 0; holt_winters' additive seasonal update uses
 * `last_s - last_b`), so the figures equal ES's.
 *
 * ES's minimizer draws from `Math.random()` (unseeded, so two ES requests may differ). Strata
 * draws from a fixed-seed generator instead: the same request over the same data always gives the
 * same coefficients (docs/aggregations.md).
 */
import { mulberry32 } from '../units/seeded-random.js';
import { EsError } from '../errors/errors.js';
import type { MovAvgModelSpec } from './types.js';

/** Whether the model gives a value for a window holding `n` values (`MovAvgModel.hasValue`). */
export function hasValue(m: MovAvgModelSpec, n: number): boolean {
  return m.name === 'holt_winters' ? n >= m.period * 2 : n > 0;
}

/** The model's value for the window (`MovAvgModel.next`). */
export function nextValue(m: MovAvgModelSpec, values: readonly number[]): number {
  switch (m.name) {
    case 'simple':
      return values.reduce((s, v) => s + v, 0) / values.length;
    case 'linear': {
      let avg = 0;
      let total = 1;
      values.forEach((v, i) => {
        avg += v * (i + 1);
        total += i + 1;
      });
      return avg / total;
    }
    case 'ewma': {
      let avg = 0;
      values.forEach((v, i) => {
        avg = i === 0 ? v : v * m.alpha + avg * (1 - m.alpha);
      });
      return avg;
    }
    case 'holt':
      return holt(m, values, 1)[0] as number;
    case 'holt_winters':
      return holtWinters(m, values, 1)[0] as number;
  }
}

/** `MovAvgModel.predict`: NaNs without values; trendless models repeat their value. */
export function predict(m: MovAvgModelSpec, values: readonly number[], n: number): number[] {
  if (values.length === 0) return new Array<number>(n).fill(NaN);
  if (m.name === 'holt') return holt(m, values, n);
  if (m.name === 'holt_winters') return holtWinters(m, values, n);
  return new Array<number>(n).fill(nextValue(m, values));
}

/** HoltLinearModel.next: forecasts `s + i·b` for i = 0..n-1. */
function holt(m: MovAvgModelSpec, values: readonly number[], n: number): number[] {
  if (values.length === 0) return new Array<number>(n).fill(NaN);
  let s = 0;
  let b = 0;
  let lastS = 0;
  let lastB = 0;
  values.forEach((v, i) => {
    if (i === 1) {
      // ES compares the value with itself here, so the trend restarts at 0
      s = v;
      b = 0;
    } else {
      s = m.alpha * v + (1 - m.alpha) * (lastS + lastB);
      b = m.beta * (s - lastS) + (1 - m.beta) * lastB;
    }
    lastS = s;
    lastB = b;
  });
  return Array.from({ length: n }, (_, i) => s + i * b);
}

/** HoltWintersModel.next: level, trend and one seasonal index per position. */
function holtWinters(m: MovAvgModelSpec, values: readonly number[], n: number): number[] {
  const period = m.period;
  if (values.length < period * 2) {
    throw new EsError(
      'aggregation_execution_exception',
      500,
      `Holt-Winters aggregation requires at least (2 * period == 2 * ${period} == ${2 * period}) data-points to function.  Only [${values.length}] were provided.`,
    );
  }
  const mult = m.multiplicative;
  const padding = mult && m.pad ? 0.0000000001 : 0;
  const vs = values.map((v) => v + padding);
  const seasonal = new Array<number>(vs.length).fill(0);
  let s = 0;
  let b = 0;
  for (let i = 0; i < period; i++) {
    s += vs[i] as number;
    b += ((vs[i + period] as number) - (vs[i] as number)) / period;
  }
  s /= period;
  b /= period;
  let lastS = s;
  let lastB = 0;
  if (s !== 0) for (let i = 0; i < period; i++) seasonal[i] = (vs[i] as number) / s;
  for (let i = period; i < vs.length; i++) {
    const v = vs[i] as number;
    const prev = seasonal[i - period] as number;
    s = mult ? m.alpha * (v / prev) + (1 - m.alpha) * (lastS + lastB) : m.alpha * (v - prev) + (1 - m.alpha) * (lastS + lastB);
    b = m.beta * (s - lastS) + (1 - m.beta) * lastB;
    seasonal[i] = mult ? m.gamma * (v / (lastS + lastB)) + (1 - m.gamma) * prev : m.gamma * (v - (lastS - lastB)) + (1 - m.gamma) * prev;
    lastS = s;
    lastB = b;
  }
  const out: number[] = [];
  for (let i = 1; i <= n; i++) {
    const idx = values.length - period + ((i - 1) % period);
    out.push(mult ? (s + i * b) * (seasonal[idx] as number) : s + i * b + (seasonal[idx] as number));
  }
  return out;
}

/** The seed of every minimization (fixed, so answers are reproducible). */
export const MINIMIZE_SEED = 0x5eed;

/** A random neighbour: one coefficient replaced (`neighboringModel`). */
function neighbour(m: MovAvgModelSpec, rnd: () => number): MovAvgModelSpec {
  const v = rnd();
  if (m.name === 'ewma') return { ...m, alpha: v };
  const which = Math.floor(rnd() * (m.name === 'holt' ? 2 : 3));
  return which === 0 ? { ...m, alpha: v } : which === 1 ? { ...m, beta: v } : { ...m, gamma: v };
}

/** Least absolute deviation of the predictions from `train` against `test`. */
function cost(m: MovAvgModelSpec, train: readonly number[], test: readonly number[]): number {
  const p = predict(m, train, test.length);
  return test.reduce((e, t, i) => e + Math.abs(t - (p[i] as number)), 0);
}

/**
 * `SimulatedAnealingMinimizer.minimize`: temperature 1 down to 0.0001 by ×0.9, 100 neighbours
 * per step; a worse model is accepted with probability e^(-(new - old) / temp).
 */
export function minimizeModel(m: MovAvgModelSpec, train: readonly number[], test: readonly number[]): MovAvgModelSpec {
  const rnd = mulberry32(MINIMIZE_SEED);
  let temp = 1;
  let best = m;
  let old = m;
  let oldCost = cost(m, train, test);
  let bestCost = oldCost;
  while (temp > 0.0001) {
    for (let i = 0; i < 100; i++) {
      const next = neighbour(old, rnd);
      const c = cost(next, train, test);
      const ap = c < oldCost ? 1 : Math.exp(-(c - oldCost) / temp);
      if (ap > rnd()) {
        old = next;
        oldCost = c;
        if (c < bestCost) {
          bestCost = c;
          best = next;
        }
      }
    }
    temp *= 0.9;
  }
  return best;
}
