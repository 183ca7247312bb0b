/**
 * Finite automata over Unicode code points, the way Lucene's `util.automaton` runs regexp and
 * wildcard queries: patterns become automata (never backtracking matchers), sub-results are
 * determinized under a state limit, and a term is matched by one pass over its code points.
 * A non-deterministic automaton may carry epsilon edges (Thompson construction); `determinize`
 * removes them. State 0 of a deterministic automaton is its start.
 */
import { EsError } from '../errors/errors.js';

/** The largest Unicode code point: the alphabet is 0..MAX_CODE_POINT. */
export const MAX_CODE_POINT = 0x10ffff;

/** One labelled edge: any code point in `min..max` (inclusive) leads to `to`. */
export interface Transition {
  min: number;
  max: number;
  to: number;
}

/** A deterministic automaton: per state, transitions sorted by `min` and non-overlapping. */
export interface Dfa {
  accept: boolean[];
  trans: Transition[][];
}

/**
 * Lucene's `TooComplexToDeterminizeException`: determinizing would exceed the state limit. Callers
 * word the reason (a regexp names its source, a wildcard the automaton's size).
 */
export class TooComplexError extends Error {
  constructor(
    readonly nfaStates: number,
    readonly nfaTransitions: number,
    readonly limit: number,
  ) {
    super(`Determinizing automaton with ${nfaStates} states and ${nfaTransitions} transitions would result in more than ${limit} states.`);
  }

  /** ES's rendering: the Lucene exception as a shard-level cause. */
  toEsError(reason: string = this.message): EsError {
    return new EsError('too_complex_to_determinize_exception', 500, reason);
  }
}

/**
 * Work (subset members and transitions visited) allowed for one determinization. The state limit
 * alone does not bound time: 10000 states of 10000 members each is 10^8 steps. Lucene 9 added
 * the same kind of budget (`determinizeWorkLimit`) for this reason.
 */
const WORK_LIMIT = 20_000_000;

/** A computation that pauses (yields nothing) now and then and finally returns a T. */
export type Steps<T> = Generator<void, T, void>;

/** Run `steps` to the end without pausing. */
export function runSync<T>(steps: Steps<T>): T {
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
  }
}

/** Time a computation may hold the event loop before `runYielding` lets other work in. */
const SLICE_MS = 5;

/**
 * Run `steps`, giving the event loop a turn whenever a slice has been used: compiling a large
 * automaton (up to 10000 states by default) then never stalls other requests.
 */
export async function runYielding<T>(steps: Steps<T>): Promise<T> {
  let last = performance.now();
  for (;;) {
    const r = steps.next();
    if (r.done) return r.value;
    if (performance.now() - last > SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      last = performance.now();
    }
  }
}

/** A mutable automaton under construction (may be non-deterministic, with epsilon edges). */
export class Nfa {
  readonly accept: boolean[] = [];
  readonly trans: Transition[][] = [];
  readonly eps: number[][] = [];
  start = 0;
  /** Most states allowed while building (a repeat of a large automaton must not exhaust memory). */
  constructor(readonly maxStates: number) {}

  /** Add a state; throws when the automaton outgrows `maxStates`. */
  addState(accept = false): number {
    if (this.accept.length >= this.maxStates) throw new TooComplexError(this.accept.length, this.transitionCount(), this.maxStates);
    this.accept.push(accept);
    this.trans.push([]);
    this.eps.push([]);
    return this.accept.length - 1;
  }

  addTransition(from: number, min: number, max: number, to: number): void {
    (this.trans[from] as Transition[]).push({ min, max, to });
  }

  addEpsilon(from: number, to: number): void {
    (this.eps[from] as number[]).push(to);
  }

  /** Copy `d` into this automaton (accept flags kept); returns the copy's start state. */
  copy(d: Dfa): { start: number; accepts: number[] } {
    const base = this.accept.length;
    for (let s = 0; s < d.accept.length; s++) this.addState(d.accept[s]);
    const accepts: number[] = [];
    for (let s = 0; s < d.accept.length; s++) {
      for (const t of d.trans[s] as Transition[]) this.addTransition(base + s, t.min, t.max, base + t.to);
      if (d.accept[s]) accepts.push(base + s);
    }
    return { start: base, accepts };
  }

  transitionCount(): number {
    let n = 0;
    for (let s = 0; s < this.trans.length; s++) n += (this.trans[s] as Transition[]).length + (this.eps[s] as number[]).length;
    return n;
  }
}

/** The automaton accepting exactly the strings of code points `cps`. */
export function stringDfa(cps: readonly number[]): Dfa {
  const accept = cps.map(() => false);
  accept.push(true);
  const trans: Transition[][] = cps.map((c, i) => [{ min: c, max: c, to: i + 1 }]);
  trans.push([]);
  return { accept, trans };
}

/** One code point in `min..max`. */
export function rangeDfa(min: number, max: number): Dfa {
  return { accept: [false, true], trans: [[{ min, max, to: 1 }], []] };
}

/** No string at all (Lucene `#`). */
export function emptyDfa(): Dfa {
  return { accept: [false], trans: [[]] };
}

/** Every string (Lucene `@`). */
export function anyStringDfa(): Dfa {
  return { accept: [true], trans: [[{ min: 0, max: MAX_CODE_POINT, to: 0 }]] };
}

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

/** The complement over all code-point strings (Lucene `~`). */
export function complement(d: Dfa): Dfa {
  const accept = d.accept.map((a) => !a);
  const trans = d.trans.map((ts) => ts.map((t) => ({ ...t })));
  const dead = accept.length;
  let needDead = false;
  for (let s = 0; s < dead; s++) {
    const filled: Transition[] = [];
    let next = 0;
    for (const t of trans[s] as Transition[]) {
      if (t.min > next) filled.push({ min: next, max: t.min - 1, to: dead });
      filled.push(t);
      next = t.max + 1;
    }
    if (next <= MAX_CODE_POINT) filled.push({ min: next, max: MAX_CODE_POINT, to: dead });
    if (filled.length !== (trans[s] as Transition[]).length) needDead = true;
    trans[s] = filled;
  }
  if (needDead) {
    accept.push(true);
    trans.push([{ min: 0, max: MAX_CODE_POINT, to: dead }]);
  }
  return trim({ accept, trans });
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
 * soon as no match is possible and the literal prefix is visible.
 */
export function trim(d: Dfa): Dfa {
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
    if (!live[s]) continue;
    out.accept.push(Boolean(d.accept[s]));
    out.trans.push((d.trans[s] as Transition[]).filter((t) => live[t.to]).map((t) => ({ min: t.min, max: t.max, to: id[t.to] as number })));
  }
  return out;
}

/** Whether `d` accepts the whole of `s` (by code point): one step per code point. */
export function runDfa(d: Dfa, s: string): boolean {
  let state = 0;
  for (let i = 0; i < s.length; i++) {
    const cp = s.codePointAt(i) as number;
    if (cp > 0xffff) i++;
    const ts = d.trans[state] as Transition[];
    let lo = 0;
    let hi = ts.length - 1;
    let next = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >>> 1;
      const t = ts[mid] as Transition;
      if (cp < t.min) hi = mid - 1;
      else if (cp > t.max) lo = mid + 1;
      else {
        next = t.to;
        break;
      }
    }
    if (next < 0) return false;
    state = next;
  }
  return Boolean(d.accept[state]);
}

/** The literal text every accepted string starts with (Lucene's common prefix, used to seek). */
export function commonPrefix(d: Dfa): string {
  let out = '';
  let state = 0;
  const seen = new Set<number>();
  for (;;) {
    const ts = d.trans[state] as Transition[];
    if (d.accept[state] || ts.length !== 1 || seen.has(state)) return out;
    const t = ts[0] as Transition;
    if (t.min !== t.max) return out;
    seen.add(state);
    out += String.fromCodePoint(t.min);
    state = t.to;
  }
}

/** Helpers building non-deterministic compositions of deterministic parts. */
export const compose = {
  /** `a b c ...` */
  concat(parts: readonly Dfa[], maxStates: number): Nfa {
    const b = new Nfa(maxStates);
    let prev: number[] = [b.addState(false)];
    b.start = prev[0] as number;
    for (const p of parts) {
      const c = b.copy(p);
      for (const s of prev) b.addEpsilon(s, c.start);
      for (const s of c.accepts) b.accept[s] = false;
      prev = c.accepts;
    }
    for (const s of prev) b.accept[s] = true;
    return b;
  },
  /** `a | b | ...` */
  union(parts: readonly Dfa[], maxStates: number): Nfa {
    const b = new Nfa(maxStates);
    b.start = b.addState(false);
    for (const p of parts) b.addEpsilon(b.start, b.copy(p).start);
    return b;
  },
  /** `a*` */
  star(d: Dfa, maxStates: number): Nfa {
    const b = new Nfa(maxStates);
    b.start = b.addState(true);
    const c = b.copy(d);
    b.addEpsilon(b.start, c.start);
    for (const s of c.accepts) b.addEpsilon(s, b.start);
    return b;
  },
};
