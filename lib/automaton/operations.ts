/**
 * Operations on deterministic automata that need no subset construction: complement over all
 * code-point strings, the product (intersection), and trimming dead states.
 */
import { emptyDfa, MAX_CODE_POINT, TooComplexError, type Dfa, type Steps, type Transition } from './automaton.js';

/** The complement over all code-point strings (Lucene `~`), pausing every few thousand states. */
export function* complementSteps(d: Dfa): Steps<Dfa> {
  const accept = d.accept.map((a) => !a);
  const trans: Transition[][] = [];
  const dead = accept.length;
  let needDead = false;
  for (let s = 0; s < dead; s++) {
    if ((s & 4095) === 4095) yield;
    const filled: Transition[] = [];
    let next = 0;
    for (const t of d.trans[s] as Transition[]) {
      if (t.min > next) filled.push({ min: next, max: t.min - 1, to: dead });
      filled.push(t);
      next = t.max + 1;
    }
    if (next <= MAX_CODE_POINT) filled.push({ min: next, max: MAX_CODE_POINT, to: dead });
    if (filled.length !== (d.trans[s] as Transition[]).length) needDead = true;
    trans.push(filled);
  }
  if (needDead) {
    accept.push(true);
    trans.push([{ min: 0, max: MAX_CODE_POINT, to: dead }]);
  }
  return yield* trimSteps({ accept, trans });
}

/** The product automaton accepting what both accept (Lucene `&`), within `limit` states. */
export function* intersectionSteps(a: Dfa, b: Dfa, limit: number): Steps<Dfa> {
  const ids = new Map<number, number>();
  const pairs: Array<[number, number]> = [];
  const width = b.accept.length;
  const out: Dfa = { accept: [], trans: [] };
  const stateOf = (p: number, q: number): number => {
    const key = p * width + q;
    let id = ids.get(key);
    if (id === undefined) {
      id = pairs.length;
      if (id >= limit && id > 0) throw new TooComplexError(a.accept.length + b.accept.length, 0, limit);
      ids.set(key, id);
      pairs.push([p, q]);
      out.accept.push(Boolean(a.accept[p] && b.accept[q]));
      out.trans.push([]);
    }
    return id;
  };
  stateOf(0, 0);
  for (let s = 0; s < pairs.length; s++) {
    if ((s & 255) === 255) yield;
    const [p, q] = pairs[s] as [number, number];
    const ta = a.trans[p] as Transition[];
    const tb = b.trans[q] as Transition[];
    let i = 0;
    let j = 0;
    while (i < ta.length && j < tb.length) {
      const x = ta[i] as Transition;
      const y = tb[j] as Transition;
      const lo = Math.max(x.min, y.min);
      const hi = Math.min(x.max, y.max);
      if (lo <= hi) (out.trans[s] as Transition[]).push({ min: lo, max: hi, to: stateOf(x.to, y.to) });
      if (x.max < y.max) i++;
      else j++;
    }
  }
  return out;
}

/**
 * Drop states unreachable from the start or unable to reach an accept state, so a run stops as
 * soon as no match is possible and the literal prefix is visible. Pauses every few thousand states (a repeat can leave tens of thousands).
 */
export function* trimSteps(d: Dfa): Steps<Dfa> {
  const n = d.accept.length;
  const reach = new Uint8Array(n);
  const stack = [0];
  reach[0] = 1;
  const rev: number[][] = d.accept.map(() => []);
  while (stack.length > 0) {
    const s = stack.pop() as number;
    for (const t of d.trans[s] as Transition[]) {
      (rev[t.to] as number[]).push(s);
      if (!reach[t.to]) {
        reach[t.to] = 1;
        stack.push(t.to);
      }
    }
  }
  const live = new Uint8Array(n);
  for (let s = 0; s < n; s++) {
    if (reach[s] && d.accept[s]) {
      live[s] = 1;
      stack.push(s);
    }
  }
  while (stack.length > 0) {
    for (const p of rev[stack.pop() as number] as number[]) {
      if (!live[p]) {
        live[p] = 1;
        stack.push(p);
      }
    }
  }
  if (!live[0]) return emptyDfa();
  const id = new Int32Array(n).fill(-1);
  let k = 0;
  for (let s = 0; s < n; s++) if (live[s]) id[s] = k++;
  const out: Dfa = { accept: [], trans: [] };
  for (let s = 0; s < n; s++) {
    if ((s & 4095) === 4095) yield;
    if (!live[s]) continue;
    out.accept.push(Boolean(d.accept[s]));
    out.trans.push((d.trans[s] as Transition[]).filter((t) => live[t.to]).map((t) => ({ min: t.min, max: t.max, to: id[t.to] as number })));
  }
  return out;
}
