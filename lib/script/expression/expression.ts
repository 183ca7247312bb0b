/**
 * Lucene expressions (the ES 5.6 `expression` language): numeric-only JavaScript-like syntax —
 * numbers, `+ - * / %`, comparisons, `&& || !`, bitwise and shift operators, `?:`, the Lucene
 * function set (`ln`, `log10`, `sqrt`, `pow`, `min`, `max`, `haversin`, ...) and variables:
 * `_score`, `_value`, `doc['f'].value` (also `.empty`, `.length`, `.min()`, `.max()`, `.avg()`,
 * `.sum()`, `.median()`, `.count()`) and parameters by bare name. Every value is a double;
 * booleans are 1/0. Compiled once into closures, like Lucene's bytecode-compiled expressions.
 */
import { EsError } from '../../errors/errors.js';
import type { DocLookup, FieldDocValues } from '../doc-lookup.js';
import { scriptException } from '../errors.js';
import type { ScriptGlobals } from '../painless/scope.js';
import { toNum } from '../runtime/values.js';
import type { ExecutableScript } from '../types.js';

type Num = (g: ScriptGlobals) => number;

interface Tok {
  k: 'num' | 'id' | 'str' | 'op' | 'eof';
  v: string;
  pos: number;
}

const OPS = ['>>>', '<<', '>>', '<=', '>=', '==', '!=', '&&', '||', '+', '-', '*', '/', '%', '<', '>', '!', '~', '&', '|', '^', '?', ':', '(', ')', ',', '[', ']', '.'];

function parseError(source: string, reason: string): EsError {
  const cause = new EsError('parse_exception', 400, reason);
  return scriptException('compile error', cause, [source, '^---- HERE'], source, 'expression');
}

function lex(src: string): Tok[] {
  const out: Tok[] = [];
  let i = 0;
  while (i < src.length) {
    const c = src[i]!;
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    const start = i;
    if (/[0-9.]/.test(c) && /[0-9]/.test(c === '.' ? src[i + 1] ?? '' : c)) {
      if (c === '0' && /[xX]/.test(src[i + 1] ?? '')) {
        i += 2;
        while (/[0-9a-fA-F]/.test(src[i] ?? '')) i++;
      } else {
        while (/[0-9]/.test(src[i] ?? '')) i++;
        if (src[i] === '.') {
          i++;
          while (/[0-9]/.test(src[i] ?? '')) i++;
        }
        if (/[eE]/.test(src[i] ?? '')) {
          i++;
          if (/[+-]/.test(src[i] ?? '')) i++;
          while (/[0-9]/.test(src[i] ?? '')) i++;
        }
      }
      out.push({ k: 'num', v: src.slice(start, i), pos: start });
      continue;
    }
    if (/[A-Za-z_$]/.test(c)) {
      while (/[A-Za-z0-9_$]/.test(src[i] ?? '')) i++;
      out.push({ k: 'id', v: src.slice(start, i), pos: start });
      continue;
    }
    if (c === '"' || c === "'") {
      const end = src.indexOf(c, i + 1);
      if (end < 0) throw parseError(src, `unexpected character '${c}' on line (1) position (${i})`);
      out.push({ k: 'str', v: src.slice(i + 1, end), pos: start });
      i = end + 1;
      continue;
    }
    const op = OPS.find((o) => src.startsWith(o, i));
    if (!op) throw parseError(src, `unexpected character '${c}' on line (1) position (${i})`);
    out.push({ k: 'op', v: op, pos: start });
    i += op.length;
  }
  out.push({ k: 'eof', v: '<EOF>', pos: src.length });
  return out;
}

/** A variable an expression reads (bound when the script runs). */
type Variable =
  | { kind: 'score' }
  | { kind: 'value' }
  | { kind: 'param'; name: string }
  | { kind: 'field'; field: string; member: string };

const FUNCTIONS: Record<string, { arity: number; fn: (...x: number[]) => number }> = {
  abs: { arity: 1, fn: Math.abs },
  acos: { arity: 1, fn: Math.acos },
  acosh: { arity: 1, fn: Math.acosh },
  asin: { arity: 1, fn: Math.asin },
  asinh: { arity: 1, fn: Math.asinh },
  atan: { arity: 1, fn: Math.atan },
  atan2: { arity: 2, fn: Math.atan2 },
  atanh: { arity: 1, fn: Math.atanh },
  ceil: { arity: 1, fn: Math.ceil },
  cos: { arity: 1, fn: Math.cos },
  cosh: { arity: 1, fn: Math.cosh },
  exp: { arity: 1, fn: Math.exp },
  floor: { arity: 1, fn: Math.floor },
  haversin: { arity: 4, fn: haversin },
  ln: { arity: 1, fn: Math.log },
  log10: { arity: 1, fn: Math.log10 },
  logn: { arity: 2, fn: (base, x) => Math.log(x) / Math.log(base) },
  max: { arity: 2, fn: Math.max },
  min: { arity: 2, fn: Math.min },
  pow: { arity: 2, fn: Math.pow },
  sin: { arity: 1, fn: Math.sin },
  sinh: { arity: 1, fn: Math.sinh },
  sqrt: { arity: 1, fn: Math.sqrt },
  tan: { arity: 1, fn: Math.tan },
  tanh: { arity: 1, fn: Math.tanh },
};

/** Lucene's `SloppyMath.haversinKilometers`-style distance (km) between two lat/lon points. */
function haversin(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const toRad = Math.PI / 180;
  const h = (1 - Math.cos((lat2 - lat1) * toRad)) / 2 + Math.cos(lat1 * toRad) * Math.cos(lat2 * toRad) * ((1 - Math.cos((lon2 - lon1) * toRad)) / 2);
  return 2 * 6371.0087714 * Math.asin(Math.min(1, Math.sqrt(h)));
}

const b2n = (b: boolean): number => (b ? 1 : 0);

const LEVELS: string[][] = [['||'], ['&&'], ['|'], ['^'], ['&'], ['==', '!='], ['<', '<=', '>', '>='], ['<<', '>>', '>>>'], ['+', '-'], ['*', '/', '%']];

/** Operators chained at one precedence level (`a+b+c+...`); see `binary`. */
const MAX_CHAIN = 1000;

class ExprParser {
  private i = 0;
  readonly variables: Variable[] = [];
  constructor(private readonly src: string, private readonly toks: Tok[]) {}

  private get t(): Tok {
    return this.toks[this.i]!;
  }
  private fail(): EsError {
    const t = this.t;
    return parseError(this.src, t.k === 'eof' ? `unexpected end of expression` : `unexpected token '${t.v}' on line (1) position (${t.pos})`);
  }
  private isOp(v: string): boolean {
    const t = this.t;
    return t.k === 'op' && t.v === v;
  }
  private expect(v: string): void {
    if (this.t.v !== v || this.t.k === 'str') throw this.fail();
    this.i++;
  }

  parse(): Num {
    const e = this.conditional();
    if (this.t.k !== 'eof') throw this.fail();
    return e;
  }

  private conditional(): Num {
    const test = this.binary(0);
    if (this.isOp('?')) {
      this.i++;
      const a = this.conditional();
      this.expect(':');
      const b = this.conditional();
      return (g) => (test(g) !== 0 ? a(g) : b(g));
    }
    return test;
  }

  private binary(level: number): Num {
    if (level >= LEVELS.length) return this.unary();
    let left = this.binary(level + 1);
    for (let chain = 0; ; chain++) {
      const t = this.t;
      if (t.k !== 'op' || !LEVELS[level]!.includes(t.v)) return left;
      // `1+1+...` parses in a loop but evaluates as a left-deep tree, one JS frame per operator:
      // past MAX_CHAIN it would overflow the stack per document, so refuse it here
      if (chain >= MAX_CHAIN) throw parseError(this.src, 'expression too deeply nested');
      this.i++;
      const right = this.binary(level + 1);
      left = binaryOp(t.v, left, right);
    }
  }

  private unary(): Num {
    const t = this.t;
    if (t.k === 'op' && (t.v === '-' || t.v === '!' || t.v === '~' || t.v === '+')) {
      this.i++;
      const a = this.unary();
      if (t.v === '-') return (g) => -a(g);
      if (t.v === '!') return (g) => b2n(a(g) === 0);
      if (t.v === '~') return (g) => ~toLong(a(g));
      return a;
    }
    return this.primary();
  }

  private primary(): Num {
    const t = this.t;
    if (t.k === 'num') {
      this.i++;
      const v = t.v.startsWith('0x') || t.v.startsWith('0X') ? parseInt(t.v, 16) : /^0[0-7]+$/.test(t.v) ? parseInt(t.v, 8) : Number(t.v);
      return () => v;
    }
    if (t.k === 'op' && t.v === '(') {
      this.i++;
      const e = this.conditional();
      this.expect(')');
      return e;
    }
    if (t.k !== 'id') throw this.fail();
    this.i++;
    if (this.isOp('(')) {
      const f = Object.hasOwn(FUNCTIONS, t.v) ? FUNCTIONS[t.v] : undefined;
      this.i++;
      const args: Num[] = [];
      if (!(this.isOp(')'))) {
        do args.push(this.conditional());
        while (this.isOp(',') && ++this.i);
      }
      this.expect(')');
      if (!f) throw parseError(this.src, `Invalid expression '${this.src}': Unrecognized function call (${t.v}).`);
      if (f.arity !== args.length) {
        throw parseError(this.src, `Invalid expression '${this.src}': Expected (${f.arity}) arguments for function call (${t.v}), but found (${args.length}).`);
      }
      const fn = f.fn;
      if (args.length === 1) {
        const a = args[0]!;
        return (g) => fn(a(g));
      }
      if (args.length === 2) {
        const a = args[0]!;
        const b = args[1]!;
        return (g) => fn(a(g), b(g));
      }
      return (g) => fn(...args.map((a) => a(g)));
    }
    return this.variable(t.v);
  }

  /** `_score`, `_value`, a parameter, or `doc['field'].member`. */
  private variable(name: string): Num {
    if (name === '_score') {
      this.variables.push({ kind: 'score' });
      return (g) => g._score ?? 0;
    }
    if (name === '_value') {
      this.variables.push({ kind: 'value' });
      return (g) => (g._value === undefined || g._value === null ? 0 : toNum(g._value));
    }
    if (name !== 'doc') {
      // parameters may themselves be dotted in Lucene's grammar (`a.b`); ES 5.6 looks up the whole name
      let full = name;
      while (this.isOp('.') && this.toks[this.i + 1]?.k === 'id') {
        full += '.' + this.toks[this.i + 1]!.v;
        this.i += 2;
      }
      this.variables.push({ kind: 'param', name: full });
      return (g) => {
        const p = g.params instanceof Map ? g.params.get(full) : undefined;
        if (p === undefined || p === null) throw linkError(full);
        return toNum(p);
      };
    }
    this.expect('[');
    const f = this.t;
    if (f.k !== 'str') throw this.fail();
    this.i++;
    this.expect(']');
    let member = 'value';
    if (this.isOp('.')) {
      this.i++;
      const m = this.t;
      if (m.k !== 'id') throw this.fail();
      this.i++;
      member = m.v;
      if (this.isOp('(')) {
        this.i++;
        this.expect(')');
        member += '()';
      }
    }
    const field = f.v;
    this.variables.push({ kind: 'field', field, member });
    return fieldReader(this.src, field, member);
  }
}

function toLong(x: number): number {
  return Math.trunc(x) | 0;
}

function binaryOp(op: string, a: Num, b: Num): Num {
  switch (op) {
    case '+':
      return (g) => a(g) + b(g);
    case '-':
      return (g) => a(g) - b(g);
    case '*':
      return (g) => a(g) * b(g);
    case '/':
      return (g) => a(g) / b(g);
    case '%':
      return (g) => a(g) % b(g);
    case '<':
      return (g) => b2n(a(g) < b(g));
    case '<=':
      return (g) => b2n(a(g) <= b(g));
    case '>':
      return (g) => b2n(a(g) > b(g));
    case '>=':
      return (g) => b2n(a(g) >= b(g));
    case '==':
      return (g) => b2n(a(g) === b(g));
    case '!=':
      return (g) => b2n(a(g) !== b(g));
    case '&&':
      return (g) => b2n(a(g) !== 0 && b(g) !== 0);
    case '||':
      return (g) => b2n(a(g) !== 0 || b(g) !== 0);
    case '&':
      return (g) => toLong(a(g)) & toLong(b(g));
    case '|':
      return (g) => toLong(a(g)) | toLong(b(g));
    case '^':
      return (g) => toLong(a(g)) ^ toLong(b(g));
    case '<<':
      return (g) => toLong(a(g)) << toLong(b(g));
    case '>>':
      return (g) => toLong(a(g)) >> toLong(b(g));
    default:
      return (g) => toLong(a(g)) >>> toLong(b(g));
  }
}

function linkError(variable: string): EsError {
  const cause = new EsError('parse_exception', 400, `Unknown variable [${variable}] in expression`);
  return scriptException('link error', cause, [variable, '^---- HERE'], variable, 'expression');
}

/** The closure reading `doc['field'].member` through the globals' doc lookup. */
function fieldReader(src: string, field: string, member: string): Num {
  const acc = (g: ScriptGlobals): FieldDocValues => {
    const doc = g.doc as DocLookup | undefined;
    if (!doc) throw linkError(`doc['${field}']`);
    try {
      return doc.get(field);
    } catch {
      const cause = new EsError('parse_exception', 400, `Field [${field}] does not exist in mappings`);
      throw scriptException('link error', cause, [src, '^---- HERE'], src, 'expression');
    }
  };
  const stat = (g: ScriptGlobals, f: (v: Float64Array) => number): number => {
    const vals = acc(g).nums();
    return vals.length === 0 ? 0 : f(vals);
  };
  switch (member) {
    case 'value':
      return (g) => acc(g).num();
    case 'empty':
      return (g) => b2n(acc(g).count() === 0);
    case 'length':
    case 'count()':
      return (g) => acc(g).count();
    case 'min()':
      return (g) => stat(g, (v) => v[0]!);
    case 'max()':
      return (g) => stat(g, (v) => v[v.length - 1]!);
    case 'sum()':
      return (g) => stat(g, (v) => v.reduce((x, y) => x + y, 0));
    case 'avg()':
      return (g) => stat(g, (v) => v.reduce((x, y) => x + y, 0) / v.length);
    case 'median()':
      return (g) =>
        stat(g, (v) => {
          const n = v.length;
          return n % 2 === 1 ? v[n >> 1]! : (v[(n >> 1) - 1]! + v[n >> 1]!) / 2;
        });
    case 'date':
      return (g) => acc(g).num();
    default: {
      const cause = new EsError('illegal_argument_exception', 400, `Member variable [${member}] does not exist for numeric fields on field [${field}].`);
      throw scriptException('link error', cause, [src, '^---- HERE'], src, 'expression');
    }
  }
}

/** A compiled expression. */
export class ExpressionScript implements ExecutableScript {
  readonly lang = 'expression';
  constructor(
    readonly source: string,
    private readonly fn: Num,
    /** The variables it reads (e.g. to know whether it needs `_score`). */
    readonly variables: readonly Variable[],
  ) {}

  /** The value as a plain double (the fast path for sorts and scores). */
  evaluate(g: ScriptGlobals): number {
    try {
      return this.fn(g);
    } catch (e) {
      // chains within MAX_CHAIN can still nest deeply enough across levels to exhaust the stack
      if (e instanceof RangeError) throw parseError(this.source, 'expression too deeply nested');
      throw e;
    }
  }

  execute(g: ScriptGlobals): unknown {
    return this.evaluate(g);
  }

  /** Whether the expression reads `_score`. */
  get needsScore(): boolean {
    return this.variables.some((v) => v.kind === 'score');
  }
}

/** Compile an expression; compile errors are `script_exception` with a `parse_exception` cause. */
export function compileExpression(source: string): ExpressionScript {
  let fn: Num;
  const p = new ExprParser(source, lex(source));
  try {
    fn = p.parse();
  } catch (e) {
    if (e instanceof EsError) throw e;
    if (e instanceof RangeError) throw parseError(source, 'expression too deeply nested');
    throw e;
  }
  return new ExpressionScript(source, fn, p.variables);
}
