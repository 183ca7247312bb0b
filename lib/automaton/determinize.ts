/**
 * The subset construction (Lucene `Operations.determinize`) under a state limit and a work
 * budget, as resumable steps so query-time callers can yield the event loop.
 *
 * Lucene's automata have no epsilon edges: its concatenation and union copy the first
 * transitions of the next part onto each accept state instead. Ours keep the epsilon edges and
 * follow them while a subset is expanded, which reaches the same transition targets (so the
 * same subsets, and the same count against the limit) without materializing the copies: for
 * `a?` written n times those are n^2/2 transitions, and every subset would visit O(n) of them.
 */
import { MAX_CODE_POINT, TooComplexError, type Dfa, type Nfa, type Steps, type Transition } from './automaton.js';
import { trimSteps } from './operations.js';

/**
 * Work (subset members, closure states and transitions visited) allowed for one
 * determinization. The state limit alone does not bound time: 10000 states of 10000 members
 * each is 10^8 steps. Lucene 9 added the same kind of budget (`determinizeWorkLimit`).
 */
const WORK_LIMIT = 20_000_000;

/** Work done between pauses: a few milliseconds, so a query-time caller can yield often. */
const WORK_PER_STEP = 50_000;

/**
 * The subset construction: an equivalent deterministic automaton of at most `limit` states, or
 * the automaton itself (trimmed) when it is deterministic already, as Lucene returns it. Pauses
 * every few states so a caller may yield the event loop.
 */
export function* determinizeSteps(nfa: Nfa, limit: number): Steps<Dfa> {
  const n = nfa.accept.length;
  const tooComplex = (): TooComplexError => new TooComplexError(n, nfa.transitionCount(), limit);
  // Lucene's determinize returns a deterministic automaton untouched, without the state limit
  const direct = nfa.start === 0 ? yield* asDeterministic(nfa) : null;
  if (direct) return yield* trimSteps(direct);
  // alphabet classes: [points[c], points[c + 1] - 1]
  const cuts = new Set<number>([0]);
  for (const ts of nfa.trans) for (const t of ts) cuts.add(t.min).add(t.max + 1);
  const points = [...cuts].sort((a, b) => a - b);
  const classOf = new Map<number, number>(points.map((p, i) => [p, i]));
  // per state, flat triples (first class, last class, target)
  const edges: Int32Array[] = [];
  for (const ts of nfa.trans) {
    if ((edges.length & 4095) === 4095) yield;
    const flat = new Int32Array(ts.length * 3);
    ts.forEach((t, i) => flat.set([classOf.get(t.min) as number, (classOf.get(t.max + 1) as number) - 1, t.to], i * 3));
    edges.push(flat);
  }
  // a subset is kept only as its key (members as UTF-16 units, or joined when ids are wider):
  // a flat string costs the garbage collector nothing to trace, arrays of members would
  const ids = new Map<string, number>();
  const keys: string[] = [];
  const dfa: Dfa = { accept: [], trans: [] };
  const wide = n > 0xffff;
  const stateOf = (set: Int32Array): number => {
    const key = wide ? set.join(',') : String.fromCharCode(...set);
    let id = ids.get(key);
    if (id === undefined) {
      id = keys.length;
      if (id >= limit && id > 0) throw tooComplex();
      ids.set(key, id);
      keys.push(key);
      dfa.accept.push(false); // set when the subset is expanded, from its closure
      dfa.trans.push([]);
    }
    return id;
  };
  const membersOf = (key: string): number[] => {
    if (wide) return key.split(',').map(Number);
    const out: number[] = [];
    for (let i = 0; i < key.length; i++) out.push(key.charCodeAt(i));
    return out;
  };
  const byClass: number[][] = points.map(() => []);
  const seen = new Int32Array(n).fill(-1);
  const inClosure = new Int32Array(n).fill(-1);
  let work = 0;
  let paused = 0;
  stateOf(Int32Array.of(nfa.start));
  for (let d = 0; d < keys.length; d++) {
    if (work - paused > WORK_PER_STEP || (d & 15) === 15) {
      paused = work;
      yield;
    }
    const touched: number[] = [];
    // the subset's members and what their epsilon edges reach, each once
    const stack = membersOf(keys[d] as string);
    for (const s of stack) inClosure[s] = d;
    let accept = false;
    while (stack.length > 0) {
      const s = stack.pop() as number;
      accept ||= nfa.accept[s] === true;
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
      for (const q of nfa.eps.get(s) ?? []) {
        if (inClosure[q] !== d) {
          inClosure[q] = d;
          stack.push(q);
          work++;
        }
      }
    }
    dfa.accept[d] = accept;
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
      const to = stateOf(Int32Array.from(set).sort());
      const min = points[c] as number;
      const max = (points[c + 1] ?? MAX_CODE_POINT + 1) - 1;
      const last = out[out.length - 1];
      if (last && last.to === to && last.max === min - 1) last.max = max;
      else out.push({ min, max, to });
    }
  }
  return dfa;
}

/**
 * Closure transitions the determinism check may visit before giving up (then the subset
 * construction decides, which is right either way): `x1?x2?...xn?` with distinct letters is
 * deterministic, but checking it visits n^2/2 transitions.
 */
const CHECK_LIMIT = 2_000_000;

/**
 * `nfa` with epsilon edges folded (each state takes the transitions and acceptance of its
 * closure) and each state's transitions sorted and merged, if no two transitions of a state to
 * different targets overlap (Lucene's `isDeterministic`); otherwise null.
 */
function* asDeterministic(nfa: Nfa): Steps<Dfa | null> {
  const n = nfa.accept.length;
  const accept: boolean[] = [];
  const trans: Transition[][] = [];
  const mark = new Int32Array(n).fill(-1);
  let work = 0;
  let paused = 0;
  for (let s = 0; s < n; s++) {
    if (work - paused > WORK_PER_STEP || (s & 4095) === 4095) {
      paused = work;
      yield;
    }
    const own = nfa.trans[s] as Transition[];
    if (!nfa.eps.has(s) && own.length <= 1) {
      accept.push(nfa.accept[s] === true);
      trans.push(own);
      continue;
    }
    let acc = false;
    const ts: Transition[] = [];
    const stack = [s];
    mark[s] = s;
    while (stack.length > 0) {
      const q = stack.pop() as number;
      acc ||= nfa.accept[q] === true;
      for (const t of nfa.trans[q] as Transition[]) ts.push(t);
      for (const e of nfa.eps.get(q) ?? []) {
        if (mark[e] !== s) {
          mark[e] = s;
          stack.push(e);
        }
      }
      work += 1 + (nfa.trans[q] as Transition[]).length;
    }
    if (work > CHECK_LIMIT) return null;
    ts.sort((x, y) => x.min - y.min || x.max - y.max);
    const out: Transition[] = [];
    for (const t of ts) {
      const last = out[out.length - 1];
      if (last && t.min <= last.max + 1 && last.to === t.to) last.max = Math.max(last.max, t.max);
      else if (last && t.min <= last.max) return null;
      else out.push({ ...t });
    }
    accept.push(acc);
    trans.push(out);
  }
  return { accept, trans };
}
