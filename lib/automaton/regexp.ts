/**
 * Lucene `RegExp` to a deterministic automaton (`RegExp#toAutomaton(maxDeterminizedStates)`):
 * each operator's result is determinized and minimized as Lucene does after every step: a result
 * that is already deterministic is kept as it is, any other goes through the subset construction
 * under the limit, so no sub-expression can grow without bound and matching never backtracks.
 */
import { EsError, illegalArgument } from '../errors/errors.js';
import { anyStringDfa, compose, emptyDfa, MAX_CODE_POINT, rangeDfa, runSync, runYielding, stringDfa, TooComplexError, type Dfa, type Nfa, type Steps } from './automaton.js';
import { determinizeSteps } from './determinize.js';
import { minimizeSteps } from './minimize.js';
import { complementSteps, intersectionSteps } from './operations.js';
import { repeatSteps } from './repeat.js';
import { parseRegexp, type RegexpNode } from './regexp-parser.js';

/** Lucene's `Operations.DEFAULT_MAX_DETERMINIZED_STATES`. */
export const DEFAULT_MAX_DETERMINIZED_STATES = 10000;

/**
 * Compile a Lucene regular expression. Throws `illegal_argument_exception` for bad syntax and
 * `too_complex_to_determinize_exception` ("Determinizing <src> would result in more than N
 * states.") when the automaton would outgrow `maxStates`.
 */
export function compileRegexp(src: string, flags: number, maxStates: number = DEFAULT_MAX_DETERMINIZED_STATES): Dfa {
  return runSync(compileSteps(src, flags, maxStates));
}

/** `compileRegexp`, yielding the event loop during long determinizations (query time). */
export function compileRegexpAsync(src: string, flags: number, maxStates: number = DEFAULT_MAX_DETERMINIZED_STATES): Promise<Dfa> {
  return runYielding(compileSteps(src, flags, maxStates));
}

function* compileSteps(src: string, flags: number, maxStates: number): Steps<Dfa> {
  const tree = parseRegexp(src, flags);
  try {
    return yield* new Compiler(maxStates).build(tree);
  } catch (e) {
    if (e instanceof TooComplexError) throw e.toEsError(`Determinizing ${src} would result in more than ${maxStates} states.`);
    throw e;
  }
}

class Compiler {
  /**
   * Bound on a composition before determinizing (a repeat of a big part must not fill memory).
   * Lucene has none; 50000 states keep the repeats Lucene keeps whole in practice (`a{1,24999}`)
   * at about twenty megabytes.
   */
  private readonly nfaCap: number;
  constructor(private readonly limit: number) {
    this.nfaCap = Math.max(4 * limit, 50_000);
  }

  /** Lucene's `MinimizationOperations.minimize(a, maxDeterminizedStates)`: determinize, then minimize. */
  private *det(n: Nfa): Steps<Dfa> {
    return yield* minimizeSteps(yield* determinizeSteps(n, this.limit));
  }

  *build(e: RegexpNode): Steps<Dfa> {
    // a pause per node: a pattern of thousands of small parts builds in many short steps
    yield;
    switch (e.k) {
      case 'range':
        return rangeDfa(e.from, e.to);
      case 'any':
        return rangeDfa(0, MAX_CODE_POINT);
      case 'empty':
        return emptyDfa();
      case 'anystring':
        return anyStringDfa();
      case 'string':
        return stringDfa([...e.s].map((c) => c.codePointAt(0) as number));
      case 'named':
        // ES gives Lucene no automaton provider, so every name is unknown
        throw illegalArgument(`'${e.name}' not found`);
      case 'interval':
        return yield* this.build(intervalNode(e.min, e.max, e.digits));
      case 'union':
        return yield* this.det(yield* compose.union(yield* this.all(e.parts), this.nfaCap));
      case 'concat':
        return yield* this.det(yield* compose.concat(yield* this.all(e.parts), this.nfaCap));
      case 'inter':
        // Lucene bounds no product (both sides are deterministic): only the build cap applies
        return yield* minimizeSteps(yield* intersectionSteps(yield* this.build(e.a), yield* this.build(e.b), this.nfaCap));
      case 'compl':
        return yield* minimizeSteps(yield* complementSteps(yield* this.build(e.a)));
      case 'opt':
        return yield* this.repeat(yield* this.build(e.a), 0, 1);
      case 'star':
        return yield* this.repeat(yield* this.build(e.a), 0, -1);
      case 'repeat':
        return yield* this.repeat(yield* this.build(e.a), e.min, e.max);
    }
  }

  private *all(parts: readonly RegexpNode[]): Steps<Dfa[]> {
    const out: Dfa[] = [];
    for (const p of parts) out.push(yield* this.build(p));
    return out;
  }

  /** `a{min,max}` (max -1: unbounded); Lucene answers the empty language when min > max. */
  private *repeat(a: Dfa, min: number, max: number): Steps<Dfa> {
    if (max !== -1 && min > max) return emptyDfa();
    return yield* this.det(yield* repeatSteps(a, min, max, this.nfaCap, this.limit));
  }
}

const DIGIT: RegexpNode = { k: 'range', from: 0x30, to: 0x39 };

/**
 * Lucene's `<min-max>` (`Automata.makeDecimalInterval`): decimal numerals in the interval. With
 * `digits` > 0 exactly that many digits (zero padded); with 0, any number of leading zeros.
 */
export function intervalNode(min: number, max: number, digits: number): RegexpNode {
  if (digits > 0) {
    if (String(max).length > digits) throw new EsError('illegal_argument_exception', 400, 'interval does not fit in the number of digits');
    return sameLength(String(min).padStart(digits, '0'), String(max).padStart(digits, '0'));
  }
  const lengths: RegexpNode[] = [];
  for (let len = String(min).length; len <= String(max).length; len++) {
    const lo = Math.max(min, len === 1 ? 0 : 10 ** (len - 1));
    const hi = Math.min(max, 10 ** len - 1);
    if (lo <= hi) lengths.push(sameLength(String(lo), String(hi)));
  }
  const zeros: RegexpNode = { k: 'star', a: { k: 'range', from: 0x30, to: 0x30 } };
  return { k: 'concat', parts: [zeros, { k: 'union', parts: lengths }] };
}

/** Digit strings of one length between `lo` and `hi` (equal lengths, so text order is numeric order). */
function sameLength(lo: string, hi: string): RegexpNode {
  if (lo === '') return { k: 'string', s: '' };
  const a = lo.charCodeAt(0);
  const b = hi.charCodeAt(0);
  const restLo = lo.slice(1);
  const restHi = hi.slice(1);
  const ch = (c: number): RegexpNode => ({ k: 'range', from: c, to: c });
  if (a === b) return { k: 'concat', parts: [ch(a), sameLength(restLo, restHi)] };
  const k = restLo.length;
  const parts: RegexpNode[] = [{ k: 'concat', parts: [ch(a), sameLength(restLo, '9'.repeat(k))] }];
  if (a + 1 <= b - 1) parts.push({ k: 'concat', parts: [{ k: 'range', from: a + 1, to: b - 1 }, { k: 'repeat', a: DIGIT, min: k, max: k }] });
  parts.push({ k: 'concat', parts: [ch(b), sameLength('0'.repeat(k), restHi)] });
  return { k: 'union', parts };
}
