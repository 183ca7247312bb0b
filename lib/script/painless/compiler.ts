/**
 * Compiles a Painless AST into JavaScript closures over the allow-listed runtime
 * (lib/script/runtime). No source text is ever evaluated: each node becomes a closure that
 * calls the runtime helpers, with Java's static typing where types are known (`int` math wraps
 * at 32 bits, `long` at 64, `double` is IEEE) and Painless's `def` dispatch elsewhere.
 * Loops count executed statements as Painless does (`max(1, statements in the body)` per
 * iteration) and stop at `MAX_LOOP_COUNTER` with a `painless_error`; calls and allocations
 * are charged to the execution's other budgets (budget.ts).
 */
import { JavaError } from '../errors.js';
import { asIterable, getField, getIndex, REGEX_DISABLED, setField, setIndex, type ScriptFn } from '../runtime/methods.js';
import { STATIC_FIELDS } from '../runtime/statics.js';
import { JPattern } from '../runtime/values.js';
import { compileJavaRegex } from '../../analysis/java-regex.js';
import type { Expr, FunctionDecl, Program, Stmt } from './ast.js';
import { BREAK, CONTINUE, FunctionScope, NORMAL, RETURN, type CExpr, type CStmt, type Frame } from './scope.js';
import { asDef, cerr, convertValue, defaultValue, instanceOfTest, numberLiteral, typeName } from './conversions.js';
import { isNumeric, promote, type SType } from './types.js';
import { coerce, compileBinary, compileUnary } from './operators.js';
import { loc, located } from './located.js';
import { chargeAllocation, chargeLoop, chargeOps, enterCall } from './budget.js';
import { EXCEPTION_TYPES, ExceptionValue, funcref, methodCall, newObject, staticCall } from './invocations.js';
import { own } from '../../dict.js';

/** Options of one compilation. */
export interface CompileOptions {
  regexEnabled: boolean;
}

/** The result of compiling: the body and every statement start (for runtime `script_stack`). */
export interface CompiledProgram {
  /** Runs the script body in `fr`; returns the script's value (a def). */
  run: (fr: Frame) => unknown;
  /** Number of local slots of the body frame. */
  slots: number;
  /** Sorted statement start offsets. */
  statements: number[];
}

/** Context variables (a Map, so no name can reach `Object.prototype`). */
const GLOBALS = new Map<string, SType>([['params', 'Map'], ['doc', 'def'], ['_score', 'double'], ['ctx', 'Map'], ['_value', 'def']]);

interface FnInfo {
  decl: FunctionDecl;
  run?: (args: unknown[], fr: Frame) => unknown;
}

/** Compile a parsed program. Throws {@link JavaError} (with offset) on compile errors. */
export function compileProgram(prog: Program, opts: CompileOptions): CompiledProgram {
  return new Compiler(opts).program(prog);
}

class Compiler {
  private scope = new FunctionScope();
  private readonly functions = new Map<string, FnInfo>();
  private readonly statements = new Set<number>();
  private loopDepth = 0;
  /** Return type of the function being compiled (`def` for the script body and lambdas). */
  private returnType: SType = 'def';

  constructor(private readonly opts: CompileOptions) {}

  program(prog: Program): CompiledProgram {
    for (const f of prog.functions) {
      const key = `${f.name}/${f.params.length}`;
      if (this.functions.has(key)) throw cerr(`Duplicate functions with name [${f.name}] and arguments [${f.params.length}].`, f.pos);
      this.functions.set(key, { decl: f });
    }
    for (const info of this.functions.values()) this.functionBody(info);
    this.scope = new FunctionScope();
    this.returnType = 'def';
    const body = prog.body;
    if (body.length === 0) throw cerr('Cannot generate an empty script.', 0);
    const stmts: CStmt[] = [];
    let last: ((fr: Frame) => unknown) | undefined;
    body.forEach((s, i) => {
      const isLast = i === body.length - 1;
      if (isLast && s.k === 'expr') {
        this.statements.add(s.pos);
        last = asDef(this.expr(s.expr));
      } else stmts.push(this.stmt(s));
    });
    const block = this.seq(stmts);
    const tail = last;
    const run = (fr: Frame): unknown => {
      const sig = block(fr);
      if (sig === RETURN) return fr.ret;
      return tail ? tail(fr) : null;
    };
    // the common one-expression script runs its expression directly
    const direct = stmts.length === 0 && tail ? tail : run;
    return { run: direct, slots: this.scope.size, statements: [...this.statements].sort((a, b) => a - b) };
  }

  private functionBody(info: FnInfo): void {
    const d = info.decl;
    this.scope = new FunctionScope();
    this.returnType = typeName(d.returns);
    const slots = d.params.map((p) => {
      const s = this.scope.declare(p.name, typeName(p.type));
      if (!s) throw cerr(`Duplicate variable [${p.name}] in function [${d.name}].`, d.pos);
      return s;
    });
    const body = this.seq(d.body.map((s) => this.stmt(s)));
    const size = () => this.scope.size;
    const nslots = size();
    const paramTypes = slots.map((s) => s.type);
    const ret = this.returnType;
    info.run = (args, caller) => {
      const s = caller.s;
      enterCall(s);
      const fr: Frame = { l: new Array(nslots), s, ret: null };
      for (let i = 0; i < args.length; i++) fr.l[i] = convertValue(args[i], paramTypes[i]!);
      try {
        const sig = body(fr);
        return sig === RETURN ? fr.ret : ret === 'void' ? null : null;
      } finally {
        s.depth--;
      }
    };
  }

  private seq(stmts: CStmt[]): CStmt {
    if (stmts.length === 0) return () => NORMAL;
    if (stmts.length === 1) return stmts[0]!;
    return (fr) => {
      for (let i = 0; i < stmts.length; i++) {
        const sig = stmts[i]!(fr);
        if (sig !== NORMAL) return sig;
      }
      return NORMAL;
    };
  }

  private block(body: Stmt[]): CStmt {
    this.scope.push();
    const c = this.seq(body.map((s) => this.stmt(s)));
    this.scope.pop();
    return c;
  }

  private loopCheck(body: Stmt[], pos: number): (fr: Frame) => void {
    const count = Math.max(1, body.length);
    return (fr) => chargeLoop(fr.s, count, pos);
  }

  private stmt(s: Stmt): CStmt {
    this.statements.add(s.pos);
    switch (s.k) {
      case 'decl': {
        const type = typeName(s.type);
        const inits: CStmt[] = [];
        for (const v of s.vars) {
          const value = v.init ? coerce(this.expr(v.init), type, false, v.init.pos) : undefined;
          const slot = this.scope.declare(v.name, type);
          if (!slot) throw cerr(`Variable [${v.name}] is already defined.`, v.pos);
          const i = slot.index;
          const dflt = defaultValue(type);
          if (value) {
            const f = value.f;
            inits.push((fr) => {
              fr.l[i] = f(fr);
              return NORMAL;
            });
          } else {
            inits.push((fr) => {
              fr.l[i] = dflt;
              return NORMAL;
            });
          }
        }
        return this.seq(inits);
      }
      case 'expr': {
        const e = s.expr;
        if (!['assign', 'incdec', 'call', 'fcall', 'new'].includes(e.k)) throw cerr('Not a statement.', e.pos);
        const f = this.expr(e).f;
        return (fr) => {
          f(fr);
          return NORMAL;
        };
      }
      case 'if': {
        const test = this.condition(s.test);
        const then = this.block(s.then);
        if (!s.else) return (fr) => (test(fr) ? then(fr) : NORMAL);
        const els = this.block(s.else);
        return (fr) => (test(fr) ? then(fr) : els(fr));
      }
      case 'while': {
        const test = this.condition(s.test);
        this.loopDepth++;
        const body = this.block(s.body);
        this.loopDepth--;
        const tick = this.loopCheck(s.body, s.pos);
        return (fr) => {
          while (test(fr)) {
            tick(fr);
            const sig = body(fr);
            if (sig === BREAK) break;
            if (sig === RETURN) return sig;
          }
          return NORMAL;
        };
      }
      case 'do': {
        this.loopDepth++;
        const body = this.block(s.body);
        this.loopDepth--;
        const test = this.condition(s.test);
        const tick = this.loopCheck(s.body, s.pos);
        return (fr) => {
          do {
            tick(fr);
            const sig = body(fr);
            if (sig === BREAK) break;
            if (sig === RETURN) return sig;
          } while (test(fr));
          return NORMAL;
        };
      }
      case 'for': {
        this.scope.push();
        const init = s.init ? this.forInit(s.init) : undefined;
        const test = s.test ? this.condition(s.test) : () => true;
        const update = s.update.map((u) => this.expr(u).f);
        this.loopDepth++;
        const body = this.block(s.body);
        this.loopDepth--;
        this.scope.pop();
        const tick = this.loopCheck(s.body, s.pos);
        return (fr) => {
          if (init) init(fr);
          for (; test(fr); ) {
            tick(fr);
            const sig = body(fr);
            if (sig === BREAK) break;
            if (sig === RETURN) return sig;
            for (let i = 0; i < update.length; i++) update[i]!(fr);
          }
          return NORMAL;
        };
      }
      case 'foreach': {
        const iter = this.expr(s.iterable).f;
        this.scope.push();
        const type = s.type ? typeName(s.type) : 'def';
        const slot = this.scope.declare(s.name, type);
        if (!slot) throw cerr(`Variable [${s.name}] is already defined.`, s.pos);
        this.loopDepth++;
        const body = this.block(s.body);
        this.loopDepth--;
        this.scope.pop();
        const i = slot.index;
        const tick = this.loopCheck(s.body, s.pos);
        const pos = s.iterable.pos;
        return (fr) => {
          let items: unknown[];
          try {
            items = asIterable(iter(fr));
          } catch (e) {
            throw located(e, pos);
          }
          for (let k = 0; k < items.length; k++) {
            tick(fr);
            fr.l[i] = convertValue(items[k], type);
            const sig = body(fr);
            if (sig === BREAK) break;
            if (sig === RETURN) return sig;
          }
          return NORMAL;
        };
      }
      case 'break':
      case 'continue':
        if (this.loopDepth === 0) throw cerr(s.k === 'break' ? 'Break statement outside of a loop.' : 'Continue statement outside of a loop.', s.pos);
        return s.k === 'break' ? () => BREAK : () => CONTINUE;
      case 'return': {
        if (!s.value) {
          return (fr) => {
            fr.ret = null;
            return RETURN;
          };
        }
        const target = this.returnType === 'void' ? 'def' : this.returnType;
        const v = coerce(this.expr(s.value), target, false, s.value.pos);
        const f = target === 'def' ? asDef(v) : v.f;
        return (fr) => {
          fr.ret = f(fr);
          return RETURN;
        };
      }
      case 'throw': {
        const v = this.expr(s.value).f;
        const pos = s.pos;
        return (fr) => {
          const x = v(fr);
          if (x instanceof ExceptionValue) throw new JavaError(x.type, x.message, pos);
          throw new JavaError('null_pointer_exception', null, pos);
        };
      }
      case 'try': {
        const body = this.block(s.body);
        const catches = s.catches.map((c) => {
          this.scope.push();
          const slot = this.scope.declare(c.name, c.type)!;
          const b = this.seq(c.body.map((x) => this.stmt(x)));
          this.scope.pop();
          const want = own(EXCEPTION_TYPES, c.type);
          const matches = (e: JavaError): boolean =>
            c.type === 'Exception' || c.type === 'RuntimeException' ? !e.type.endsWith('_error') : want === e.type;
          return { slot: slot.index, body: b, matches, javaName: c.type };
        });
        return (fr) => {
          try {
            return body(fr);
          } catch (e) {
            if (!(e instanceof JavaError)) throw e;
            const c = catches.find((x) => x.matches(e));
            if (!c) throw e;
            fr.l[c.slot] = new ExceptionValue(e.type, c.javaName, e.reason);
            return c.body(fr);
          }
        };
      }
      case 'block':
        return this.block(s.body);
    }
  }

  private forInit(s: Stmt): (fr: Frame) => void {
    if (s.k === 'decl') return this.stmt(s);
    if (s.k === 'expr') {
      const f = this.expr(s.expr).f;
      return (fr) => void f(fr);
    }
    throw cerr('invalid sequence of tokens near [for].', s.pos);
  }

  private condition(e: Expr): (fr: Frame) => boolean {
    return coerce(this.expr(e), 'boolean', false, e.pos).f as (fr: Frame) => boolean;
  }

  private expr(e: Expr): CExpr {
    switch (e.k) {
      case 'num':
        return numberLiteral(e.text, e.pos);
      case 'str': {
        const v = e.value;
        return { t: 'String', f: () => v };
      }
      case 'bool': {
        const v = e.value;
        return { t: 'boolean', f: () => v };
      }
      case 'null':
        return { t: 'def', f: () => null };
      case 'regex': {
        if (!this.opts.regexEnabled) throw cerr(REGEX_DISABLED, e.pos, 'illegal_state_exception');
        const flags = [...e.flags].map((c) => ({ i: 'CASE_INSENSITIVE', m: 'MULTILINE', s: 'DOTALL', U: 'UNICODE_CHARACTER_CLASS', u: 'UNICODE_CASE', x: 'COMMENTS', l: 'LITERAL', c: 'CANON_EQ' })[c] ?? '').join('|');
        let re: RegExp;
        try {
          re = compileJavaRegex(e.pattern, flags || undefined);
        } catch (err) {
          throw cerr(`Error compiling regex: ${(err as Error).message}`, e.pos);
        }
        const p = new JPattern(e.pattern, re);
        return { t: 'Pattern', f: () => p };
      }
      case 'var': {
        const slot = this.scope.lookup(e.name);
        if (slot) {
          const i = slot.index;
          return { t: slot.type, f: (fr) => fr.l[i] };
        }
        const g = GLOBALS.get(e.name);
        if (g === undefined) throw cerr(`Variable [${e.name}] is not defined.`, e.pos);
        const name = e.name as keyof Frame['s']['g'];
        if (name === '_score') return { t: 'double', f: (fr) => fr.s.g._score ?? 0 };
        return { t: 'def', f: (fr) => fr.s.g[name] ?? null };
      }
      case 'type':
        throw cerr(`Not a statement.`, e.pos);
      case 'field':
        return this.field(e);
      case 'index': {
        const obj = this.expr(e.obj).f;
        const idx = asDef(this.expr(e.index));
        return { t: 'def', f: loc(e.pos, (fr) => getIndex(obj(fr), idx(fr))) };
      }
      case 'call':
        return this.call(e);
      case 'fcall': {
        const info = this.functions.get(`${e.name}/${e.args.length}`);
        if (!info) throw cerr(`Unknown call [${e.name}] with [${e.args.length}] arguments.`, e.pos);
        const args = e.args.map((a, i) => coerce(this.expr(a), typeName(info.decl.params[i]!.type), false, a.pos).f);
        const t = typeName(info.decl.returns);
        return {
          t,
          f: loc(e.pos, (fr) => info.run!(args.map((a) => a(fr)), fr)),
        };
      }
      case 'new':
        return this.newObject(e);
      case 'newarray': {
        const elem = e.type.dims > 1 ? 'def' : e.type.name;
        const dflt = defaultValue(elem);
        if (e.init) {
          const items = e.init.map((x) => coerce(this.expr(x), elem, false, x.pos).f);
          return {
            t: typeName(e.type),
            f: (fr) => {
              chargeAllocation(fr.s, items.length);
              return items.map((x) => x(fr));
            },
          };
        }
        const sizes = e.sizes.map((x) => coerce(this.expr(x), 'int', false, x.pos).f);
        const make = (fr: Frame, level: number): unknown[] => {
          const n = sizes[level]!(fr) as number;
          if (n < 0) throw new JavaError('negative_array_size_exception', String(n));
          chargeAllocation(fr.s, n);
          // the innermost level is one fill (much faster than element by element for big arrays)
          if (level + 1 >= sizes.length) return new Array(n).fill(level + 1 < e.type.dims ? null : dflt);
          const a = new Array(n);
          for (let i = 0; i < n; i++) a[i] = make(fr, level + 1);
          return a;
        };
        return { t: typeName(e.type), f: loc(e.pos, (fr) => make(fr, 0)) };
      }
      case 'list': {
        const items = e.items.map((x) => asDef(this.expr(x)));
        return {
          t: 'ArrayList',
          f: (fr) => {
            chargeAllocation(fr.s, items.length);
            return items.map((x) => x(fr));
          },
        };
      }
      case 'map': {
        const keys = e.keys.map((x) => asDef(this.expr(x)));
        const vals = e.values.map((x) => asDef(this.expr(x)));
        return {
          t: 'HashMap',
          f: (fr) => {
            chargeAllocation(fr.s, keys.length);
            const m = new Map<unknown, unknown>();
            for (let i = 0; i < keys.length; i++) m.set(keys[i]!(fr), vals[i]!(fr));
            return m;
          },
        };
      }
      case 'unary':
        return compileUnary(e.op, this.expr(e.arg), e.pos);
      case 'binary':
        return compileBinary(e.op, this.expr(e.left), this.expr(e.right), e.pos);
      case 'bool-op': {
        const l = this.condition(e.left);
        const r = this.condition(e.right);
        return e.op === '&&' ? { t: 'boolean', f: (fr) => l(fr) && r(fr) } : { t: 'boolean', f: (fr) => l(fr) || r(fr) };
      }
      case 'elvis': {
        const l = asDef(this.expr(e.left));
        const r = asDef(this.expr(e.right));
        return { t: 'def', f: (fr) => l(fr) ?? r(fr) };
      }
      case 'cond': {
        const test = this.condition(e.test);
        let a = this.expr(e.then);
        let b = this.expr(e.else);
        let t: SType = 'def';
        if (a.t === b.t) t = a.t;
        else if (isNumeric(a.t) && isNumeric(b.t)) {
          t = promote(a.t, b.t);
          a = coerce(a, t, false, e.then.pos);
          b = coerce(b, t, false, e.else.pos);
        } else {
          a = { t: 'def', f: asDef(a) };
          b = { t: 'def', f: asDef(b) };
        }
        const af = a.f;
        const bf = b.f;
        return { t, f: (fr) => (test(fr) ? af(fr) : bf(fr)) };
      }
      case 'assign':
        return this.assign(e.target, e.op, e.value, e.pos);
      case 'incdec':
        return this.incdec(e);
      case 'cast':
        return coerce(this.expr(e.arg), typeName(e.type), true, e.pos);
      case 'instanceof': {
        const v = asDef(this.expr(e.arg));
        const test = instanceOfTest(typeName(e.type));
        return { t: 'boolean', f: (fr) => test(v(fr)) };
      }
      case 'lambda':
        return this.lambda(e);
      case 'funcref':
        return funcref(e.type, e.method, e.pos);
    }
  }

  private field(e: Extract<Expr, { k: 'field' }>): CExpr {
    if (e.obj.k === 'type') {
      const fields = own(STATIC_FIELDS, e.obj.name);
      const f = fields && Object.hasOwn(fields, e.name) ? fields[e.name] : undefined;
      if (!f) throw cerr(`Unknown field [${e.name}] for type [${e.obj.name}].`, e.pos);
      const v = f.value;
      return { t: f.type, f: () => v };
    }
    const obj = this.expr(e.obj).f;
    const name = e.name;
    if (e.nullSafe) {
      return {
        t: 'def',
        f: loc(e.pos, (fr) => {
          const o = obj(fr);
          return o === null || o === undefined ? null : getField(o, name);
        }),
      };
    }
    return { t: 'def', f: loc(e.pos, (fr) => getField(obj(fr), name)) };
  }

  private call(e: Extract<Expr, { k: 'call' }>): CExpr {
    const compileArgs = (): CExpr[] => e.args.map((a) => this.expr(a));
    if (e.obj.k === 'type') return staticCall(e.obj.name, e.name, e.args.length, compileArgs, e.pos, this.opts.regexEnabled);
    const obj = this.expr(e.obj);
    return methodCall(obj, e.name, compileArgs(), e.nullSafe, e.pos, this.opts.regexEnabled);
  }

  private newObject(e: Extract<Expr, { k: 'new' }>): CExpr {
    return newObject(e.type, e.args.map((a) => this.expr(a)), e.pos);
  }

  private lambda(e: Extract<Expr, { k: 'lambda' }>): CExpr {
    this.scope.push();
    const slots = e.params.map((p) => {
      const s = this.scope.declare(p.name, p.type ? typeName(p.type) : 'def');
      if (!s) throw cerr(`Variable [${p.name}] is already defined.`, e.pos);
      return s;
    });
    const savedRet = this.returnType;
    const savedLoop = this.loopDepth;
    this.returnType = 'def';
    this.loopDepth = 0;
    let body: (fr: Frame) => unknown;
    if (Array.isArray(e.body)) {
      const b = this.seq(e.body.map((s) => this.stmt(s)));
      body = (fr) => (b(fr) === RETURN ? fr.ret : null);
    } else {
      body = asDef(this.expr(e.body));
    }
    this.returnType = savedRet;
    this.loopDepth = savedLoop;
    this.scope.pop();
    const idx = slots.map((s) => s.index);
    const types = slots.map((s) => s.type);
    return {
      t: 'def',
      f: (fr) => {
        const lambda: ScriptFn = (...args) => {
          chargeOps(fr.s, 1);
          for (let i = 0; i < idx.length; i++) fr.l[idx[i]!] = convertValue(args[i] ?? null, types[i]!);
          return body(fr);
        };
        return lambda;
      },
    };
  }

  /** An l-value: read, write, and the static type of the target. */
  private lvalue(target: Expr): { t: SType; prepare: (fr: Frame) => unknown[]; get: (fr: Frame, ctx: unknown[]) => unknown; set: (fr: Frame, ctx: unknown[], v: unknown) => void } {
    switch (target.k) {
      case 'var': {
        const slot = this.scope.lookup(target.name);
        if (!slot) {
          if (GLOBALS.has(target.name)) throw cerr(`Variable [${target.name}] is read-only.`, target.pos);
          throw cerr(`Variable [${target.name}] is not defined.`, target.pos);
        }
        const i = slot.index;
        return { t: slot.type, prepare: () => EMPTY, get: (fr) => fr.l[i], set: (fr, _c, v) => void (fr.l[i] = v) };
      }
      case 'field': {
        if (target.obj.k === 'type') throw cerr(`Cannot write to read-only field [${target.name}] for type [${target.obj.name}].`, target.pos);
        const obj = this.expr(target.obj).f;
        const name = target.name;
        return { t: 'def', prepare: (fr) => [obj(fr)], get: (_fr, c) => getField(c[0], name), set: (_fr, c, v) => setField(c[0], name, v) };
      }
      case 'index': {
        const obj = this.expr(target.obj).f;
        const idx = asDef(this.expr(target.index));
        return { t: 'def', prepare: (fr) => [obj(fr), idx(fr)], get: (_fr, c) => getIndex(c[0], c[1]), set: (_fr, c, v) => setIndex(c[0], c[1], v) };
      }
      default:
        throw cerr('Left-hand side cannot be assigned a value.', target.pos);
    }
  }

  private assign(target: Expr, op: string, valueExpr: Expr, pos: number): CExpr {
    const lv = this.lvalue(target);
    const t = lv.t;
    if (op === '=') {
      const v = coerce(this.expr(valueExpr), t, false, valueExpr.pos);
      const vf = t === 'def' ? asDef(v) : v.f;
      if (target.k === 'var') {
        const i = this.scope.lookup(target.name)!.index;
        return { t, f: (fr) => (fr.l[i] = vf(fr)) };
      }
      return {
        t,
        f: loc(pos, (fr) => {
          const c = lv.prepare(fr);
          const x = vf(fr);
          lv.set(fr, c, x);
          return x;
        }),
      };
    }
    // compound: read, operate, cast back to the target type (Java's implicit narrowing)
    const binop = op.slice(0, -1);
    let current: unknown[] = EMPTY;
    const read: CExpr = { t, f: (fr) => lv.get(fr, current) };
    const result = compileBinary(binop, read, this.expr(valueExpr), pos);
    const back = t === 'String' && binop === '+' ? result : coerce(result, t, true, pos);
    const bf = t === 'def' ? asDef(back) : back.f;
    return {
      t,
      f: loc(pos, (fr) => {
        const saved = current;
        current = lv.prepare(fr);
        try {
          const x = bf(fr);
          lv.set(fr, current, x);
          return x;
        } finally {
          current = saved;
        }
      }),
    };
  }

  private incdec(e: Extract<Expr, { k: 'incdec' }>): CExpr {
    const lv = this.lvalue(e.target);
    const t = lv.t;
    let current: unknown[] = EMPTY;
    const read: CExpr = { t, f: (fr) => lv.get(fr, current) };
    const one: CExpr = { t: 'int', f: () => 1 };
    const result = compileBinary(e.op === '++' ? '+' : '-', read, one, e.pos);
    const back = coerce(result, t, true, e.pos);
    const bf = t === 'def' ? asDef(back) : back.f;
    const prefix = e.prefix;
    return {
      t,
      f: loc(e.pos, (fr) => {
        const saved = current;
        current = lv.prepare(fr);
        try {
          const old = lv.get(fr, current);
          const x = bf(fr);
          lv.set(fr, current, x);
          return prefix ? x : old;
        } finally {
          current = saved;
        }
      }),
    };
  }
}

const EMPTY: unknown[] = [];

