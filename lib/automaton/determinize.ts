/**
 * The subset construction (Lucene `Operations.determinize`) under a state limit and a work
 * budget, as resumable steps so query-time callers can yield the event loop.
 */
import { MAX_CODE_POINT, runSync, TooComplexError, type Dfa, type Nfa, type Steps, type Transition } from './automaton.js';

/**
 * Work (subset members and transitions visited) allowed for one determinization. The state limit
 * alone does not bound time: 10000 states of 10000 members each is 10^8 steps. Lucene 9 added
 * the same kind of budget (`determinizeWorkLimit`) for this reason.
 */
const WORK_LIMIT = 20_000_000;


/**
 * The subset construction: an equivalent deterministic automaton of at most `limit` states.
 * Epsilon edges are folded into transitions first; the alphabet is cut into the classes
 * between all transition boundaries, so each subset's successors are found in one pass.
 */
export function determinize(nfa: Nfa, limit: number): Dfa {
  return runSync(determinizeSteps(nfa, limit));
}

/** `determinize` as steps: pauses every few states so a caller may yield the event loop. */
export function* determinizeSteps(nfa: Nfa, limit: number): Steps<Dfa> {
  const n = nfa.accept.length;
  const tooComplex = (): TooComplexError => new TooComplexError(n, nfa.transitionCount(), limit);
  const { accept, trans } = withoutEpsilons(nfa);
  // alphabet classes: [points[c], points[c + 1] - 1]
  const cuts = new Set<number>([0]);
  for (const ts of trans) for (const t of ts) cuts.add(t.min).add(t.max + 1);
  const points = [...cuts].sort((a, b) => a - b);
  const classOf = new Map<number, number>(points.map((p, i) => [p, i]));
  // per state, flat triples (first class, last class, target)
  const edges = trans.map((ts) => {
    const flat = new Int32Array(ts.length * 3);
    ts.forEach((t, i) => flat.set([classOf.get(t.min) as number, (classOf.get(t.max + 1) as number) - 1, t.to], i * 3));
    return flat;
  });
  const ids = new Map<string, number>();
  const sets: number[][] = [];
  const dfa: Dfa = { accept: [], trans: [] };
  const wide = n > 0xffff;
  const stateOf = (set: number[]): number => {
    const key = wide ? set.join(',') : String.fromCharCode(...set);
    let id = ids.get(key);
    if (id === undefined) {
      id = sets.length;
      if (id >= limit && id > 0) throw tooComplex();
      ids.set(key, id);
      sets.push(set);
      dfa.accept.push(set.some((s) => accept[s]));
      dfa.trans.push([]);
    }
    return id;
  };
  const byClass: number[][] = points.map(() => []);
  const seen = new Int32Array(n).fill(-1);
  let work = 0;
  stateOf([nfa.start]);
  for (let d = 0; d < sets.length; d++) {
    if ((d & 15) === 15) yield;
    const touched: number[] = [];
    for (const s of sets[d] as number[]) {
      const e = edges[s] as Int32Array;
      for (let k = 0; k < e.length; k += 3) {
        const lo = e[k] as number;
        const hi = e[k + 1] as number;
        const to = e[k + 2] as number;
        for (let c = lo; c <= hi; c++) {
          const bucket = byClass[c] as number[];
          if (bucket.length === 0) touched.push(c);
          bucket.push(to);
        }
        work += hi - lo + 1;
      }
    }
    if (work > WORK_LIMIT) throw tooComplex();
    touched.sort((a, b) => a - b);
    const out = dfa.trans[d] as Transition[];
    for (const c of touched) {
      const bucket = byClass[c] as number[];
      const set: number[] = [];
      for (const s of bucket) {
        if (seen[s] !== c) {
          seen[s] = c;
          set.push(s);
        }
      }
      for (const s of set) seen[s] = -1;
      bucket.length = 0;
      const to = stateOf(set.sort((a, b) => a - b));
      const min = points[c] as number;
      const max = (points[c + 1] ?? MAX_CODE_POINT + 1) - 1;
      const last = out[out.length - 1];
      if (last && last.to === to && last.max === min - 1) last.max = max;
      else out.push({ min, max, to });
    }
  }
  return dfa;
}

/** Fold epsilon edges: each state takes the transitions and acceptance of its epsilon closure. */
function withoutEpsilons(nfa: Nfa): Dfa {
  if (nfa.eps.every((e) => e.length === 0)) return nfa;
  const n = nfa.accept.length;
  const mark = new Int32Array(n).fill(-1);
  const accept: boolean[] = [];
  const trans: Transition[][] = [];
  for (let s = 0; s < n; s++) {
    if ((nfa.eps[s] as number[]).length === 0) {
      accept.push(Boolean(nfa.accept[s]));
      trans.push(nfa.trans[s] as Transition[]);
      continue;
    }
    let acc = false;
    const ts: Transition[] = [];
    const stack = [s];
    mark[s] = s;
    while (stack.length > 0) {
      const q = stack.pop() as number;
      acc ||= Boolean(nfa.accept[q]);
      for (const t of nfa.trans[q] as Transition[]) ts.push(t);
      for (const e of nfa.eps[q] as number[]) {
        if (mark[e] !== s) {
          mark[e] = s;
          stack.push(e);
        }
      }
    }
    accept.push(acc);
    trans.push(ts);
  }
  return { accept, trans };
}
