/**
 * Minimization (Lucene `MinimizationOperations.minimize`, Hopcroft's partition refinement), run
 * after every regexp operator as Lucene runs it: the parts a later subset construction starts
 * from are then Lucene's minimal ones, so the count against `max_determinized_states` is the
 * count Lucene makes (`(a|b|c){1,2000}` is 2001 states, not 4001), and the automata stay small.
 */
import { emptyDfa, MAX_CODE_POINT, type Dfa, type Steps, type Transition } from './automaton.js';

/**
 * Largest states x alphabet-classes table minimized. Beyond it (a union of thousands of words
 * over hundreds of distinct characters) the automaton is kept as it is: still correct, only
 * possibly larger than Lucene's.
 */
const TABLE_LIMIT = 2_000_000;

/** Work done between pauses. */
const WORK_PER_STEP = 50_000;

/** The minimal deterministic automaton of the same language (start state 0, no dead states). */
export function* minimizeSteps(d: Dfa): Steps<Dfa> {
  const n = d.accept.length;
  // alphabet classes: [points[c], points[c + 1] - 1]
  const cuts = new Set<number>([0]);
  for (const ts of d.trans) for (const t of ts) cuts.add(t.min).add(t.max + 1);
  cuts.delete(MAX_CODE_POINT + 1);
  const points = Int32Array.from(cuts).sort();
  const k = points.length;
  const size = n + 1; // state n: the dead state the totalized automaton needs
  if (size * k > TABLE_LIMIT) return d;
  const classOf = new Map<number, number>();
  points.forEach((p, i) => classOf.set(p, i));
  const delta = new Int32Array(size * k).fill(n);
  for (let s = 0; s < n; s++) {
    for (const t of d.trans[s] as Transition[]) {
      const last = t.max === MAX_CODE_POINT ? k - 1 : (classOf.get(t.max + 1) as number) - 1;
      for (let c = classOf.get(t.min) as number; c <= last; c++) delta[s * k + c] = t.to;
    }
  }
  yield;
  // predecessors by (class, target), counting-sorted into one array
  const revStart = new Int32Array(size * k + 1);
  for (let s = 0; s < size; s++) {
    for (let c = 0; c < k; c++) {
      const key = c * size + (delta[s * k + c] as number) + 1;
      revStart[key] = (revStart[key] as number) + 1;
    }
  }
  for (let i = 0; i < size * k; i++) revStart[i + 1] = (revStart[i + 1] as number) + (revStart[i] as number);
  const fill = revStart.slice(0, size * k);
  const revSrc = new Int32Array(size * k);
  for (let s = 0; s < size; s++) {
    for (let c = 0; c < k; c++) {
      const key = c * size + (delta[s * k + c] as number);
      const at = fill[key] as number;
      revSrc[at] = s;
      fill[key] = at + 1;
    }
  }
  yield;
  const p = new Partition(size, (s) => s < n && d.accept[s] === true);
  // the splitters waiting: (block, class), with a flag per pair
  const waiting: number[] = [];
  const inWaiting = new Uint8Array(size * k);
  const wait = (b: number, c: number): void => {
    inWaiting[b * k + c] = 1;
    waiting.push(b, c);
  };
  if (p.count === 2) {
    const smaller = p.sizeOf(0) <= p.sizeOf(1) ? 0 : 1;
    for (let c = 0; c < k; c++) wait(smaller, c);
  }
  let work = 0;
  let paused = 0;
  while (waiting.length > 0) {
    const c = waiting.pop() as number;
    const b = waiting.pop() as number;
    inWaiting[b * k + c] = 0;
    for (const t of p.members(b)) {
      const base = c * size + t;
      for (let i = revStart[base] as number; i < (revStart[base + 1] as number); i++) p.mark(revSrc[i] as number);
      work += 1 + (revStart[base + 1] as number) - (revStart[base] as number);
    }
    p.split((old, created) => {
      for (let c2 = 0; c2 < k; c2++) {
        if (inWaiting[old * k + c2]) wait(created, c2);
        else wait(p.sizeOf(created) <= p.sizeOf(old) ? created : old, c2);
      }
    });
    if (work - paused > WORK_PER_STEP) {
      paused = work;
      yield;
    }
  }
  return build(d, p, delta, points, k, n);
}

/** The quotient automaton: one state per block reachable from the start's, the dead block dropped. */
function build(d: Dfa, p: Partition, delta: Int32Array, points: Int32Array, k: number, dead: number): Dfa {
  const deadBlock = p.blockOf[dead] as number;
  const startBlock = p.blockOf[0] as number;
  if (startBlock === deadBlock) return emptyDfa();
  const id = new Map<number, number>([[startBlock, 0]]);
  const order = [startBlock];
  const out: Dfa = { accept: [], trans: [] };
  for (let i = 0; i < order.length; i++) {
    const rep = p.representative(order[i] as number);
    out.accept.push(d.accept[rep] === true);
    const ts: Transition[] = [];
    for (let c = 0; c < k; c++) {
      const tb = p.blockOf[delta[rep * k + c] as number] as number;
      if (tb === deadBlock) continue;
      let to = id.get(tb);
      if (to === undefined) {
        to = order.length;
        id.set(tb, to);
        order.push(tb);
      }
      const min = points[c] as number;
      const max = (c + 1 < k ? (points[c + 1] as number) : MAX_CODE_POINT + 1) - 1;
      const last = ts[ts.length - 1];
      if (last && last.to === to && last.max === min - 1) last.max = max;
      else ts.push({ min, max, to });
    }
    out.trans.push(ts);
  }
  return out;
}

/** Valmari's refinable partition: blocks are ranges of `elems`; marked members sit first. */
class Partition {
  readonly elems: Int32Array;
  readonly loc: Int32Array;
  readonly blockOf: Int32Array;
  private readonly first: Int32Array;
  private readonly end: Int32Array;
  private readonly mid: Int32Array;
  private touched: number[] = [];
  count = 0;

  constructor(size: number, accepting: (s: number) => boolean) {
    this.elems = new Int32Array(size);
    this.loc = new Int32Array(size);
    this.blockOf = new Int32Array(size);
    this.first = new Int32Array(size);
    this.end = new Int32Array(size);
    this.mid = new Int32Array(size);
    let i = 0;
    for (const want of [true, false]) {
      const start = i;
      for (let s = 0; s < size; s++) {
        if (accepting(s) !== want) continue;
        this.elems[i] = s;
        this.loc[s] = i;
        this.blockOf[s] = this.count;
        i++;
      }
      if (i > start) {
        this.first[this.count] = start;
        this.mid[this.count] = start;
        this.end[this.count] = i;
        this.count++;
      }
    }
  }

  sizeOf(b: number): number {
    return (this.end[b] as number) - (this.first[b] as number);
  }

  representative(b: number): number {
    return this.elems[this.first[b] as number] as number;
  }

  /** The members of block `b` (a copy: marking reorders blocks). */
  members(b: number): Int32Array {
    return this.elems.slice(this.first[b], this.end[b]);
  }

  mark(s: number): void {
    const b = this.blockOf[s] as number;
    const i = this.loc[s] as number;
    const j = this.mid[b] as number;
    if (i < j) return; // marked already
    if (j === this.first[b]) this.touched.push(b);
    const other = this.elems[j] as number;
    this.elems[j] = s;
    this.loc[s] = j;
    this.elems[i] = other;
    this.loc[other] = i;
    this.mid[b] = j + 1;
  }

  /** Split every block with marked and unmarked members; `onSplit(old, created)` for each. */
  split(onSplit: (old: number, created: number) => void): void {
    const touched = this.touched;
    this.touched = [];
    for (const b of touched) {
      const mid = this.mid[b] as number;
      const first = this.first[b] as number;
      this.mid[b] = first;
      if (mid === this.end[b]) continue; // all marked: no split
      const nb = this.count++;
      this.first[nb] = first;
      this.mid[nb] = first;
      this.end[nb] = mid;
      this.first[b] = mid;
      this.mid[b] = mid;
      for (let i = first; i < mid; i++) this.blockOf[this.elems[i] as number] = nb;
      onSplit(b, nb);
    }
  }
}
