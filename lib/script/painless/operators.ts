/**
 * Painless operators and conversions, compiled to closures: implicit and explicit casts
 * (`coerce`), unary operators, and binary operators with Java's static numeric promotion where
 * both operand types are known (`int` wraps at 32 bits, `long` at 64) and `def` dispatch
 * otherwise (string concatenation, boxed numbers, comparisons, regex matches).
 */
import { JavaError } from '../errors.js';
import { concat, dadd, darith, dbit, dcompare, dunary, ibit, idiv, irem, ladd, lbit, ldiv, lmul, lrem, lsub } from '../runtime/arith.js';
import { JMatcher } from '../runtime/methods.js';
import { isNumber, javaClassOf, javaEquals, javaString, JPattern, toBool, toNum } from '../runtime/values.js';
import { type CExpr, type Frame } from './scope.js';
import { loc } from './located.js';
import { asDef, asString, cerr, defToNumeric, instanceOfTest, isIntegral, javaTypeOf, numericConversion } from './conversions.js';
import { isNumeric, promote, unaryPromote, widens, type NumericType, type SType } from './types.js';

/** Convert a compiled expression to `to`, implicitly (assignment) or explicitly (cast). */
export function coerce(e: CExpr, to: SType, explicit: boolean, pos: number): CExpr {
  const from = e.t;
  if (from === to) return e;
  const f = e.f;
  if (to === 'def' || to === 'Object') return { t: to, f: asDef(e) };
  if (isNumeric(to)) {
    if (isNumeric(from)) {
      if (!explicit && !widens(from, to)) throw cerr(`Cannot cast from [${from}] to [${to}].`, pos);
      return { t: to, f: numericConversion(from, to, f) };
    }
    if (from === 'def' || from === 'Number' || from === 'Integer' || from === 'Long' || from === 'Double' || from === 'Float' || from === 'Object') {
      const conv = defToNumeric(to, explicit);
      return { t: to, f: loc(pos, (fr) => conv(f(fr))) };
    }
    throw cerr(`Cannot cast from [${from}] to [${to}].`, pos);
  }
  if (to === 'boolean') {
    if (from === 'def' || from === 'Boolean' || from === 'Object') return { t: to, f: loc(pos, (fr) => toBool(f(fr))) };
    throw cerr(`Cannot cast from [${from}] to [${to}].`, pos);
  }
  if (isNumeric(from) || from === 'boolean') {
    // boxing: a primitive into its wrapper or Number/Object
    const boxes: Record<string, string[]> = {
      int: ['Integer', 'Number'], long: ['Long', 'Number'], double: ['Double', 'Number'], float: ['Float', 'Number'],
      short: ['Short', 'Number'], byte: ['Byte', 'Number'], char: ['Character'], boolean: ['Boolean'],
    };
    if (boxes[from]?.includes(to)) return { t: to, f: asDef(e) };
    throw cerr(`Cannot cast from [${from}] to [${to}].`, pos);
  }
  if (from === 'void') throw cerr(`Cannot cast from [void] to [${to}].`, pos);
  // reference to reference: checked at runtime
  const test = instanceOfTest(to);
  return {
    t: to,
    f: loc(pos, (fr) => {
      const v = f(fr);
      if (v === null || v === undefined || test(v)) return v ?? null;
      throw new JavaError('class_cast_exception', `Cannot cast ${javaClassOf(v)} to ${javaTypeOf(to)}`);
    }),
  };
}

/** A unary operator applied to a compiled operand. */
export function compileUnary(op: string, a: CExpr, pos: number): CExpr {
  const f = a.f;
  if (op === '!') {
    const b = coerce(a, 'boolean', false, pos).f;
    return { t: 'boolean', f: (fr) => !b(fr) };
  }
  if (isNumeric(a.t)) {
    const t = unaryPromote(a.t);
    const g = numericConversion(a.t, t, f) as (fr: Frame) => number;
    if (op === '+') return { t, f: g };
    if (op === '-') {
      if (t === 'int') return { t, f: (fr) => -g(fr) | 0 };
      if (t === 'long') return { t, f: (fr) => lsub(0, g(fr)) };
      return { t, f: (fr) => -g(fr) };
    }
    if (t === 'int') return { t, f: (fr) => ~g(fr) };
    if (t === 'long') return { t, f: (fr) => lbit('^', g(fr), -1) };
    throw cerr(`Cannot apply [${op}] operation to type [${a.t}].`, pos);
  }
  if (a.t === 'def' || a.t === 'Number' || a.t === 'Object') return { t: 'def', f: loc(pos, (fr) => dunary(op, f(fr))) };
  throw cerr(`Cannot apply [${op}] operation to type [${a.t}].`, pos);
}

/** A binary operator: Java's static promotion for known numeric types, `def` dispatch otherwise. */
export function compileBinary(op: string, a: CExpr, b: CExpr, pos: number): CExpr {
  const dyn = (t: SType): boolean => t === 'def' || t === 'Object' || t === 'Number' || t === 'Integer' || t === 'Long' || t === 'Double';
  if (op === '+' && (a.t === 'String' || b.t === 'String')) {
    const x = asString(a);
    const y = asString(b);
    return { t: 'String', f: loc(pos, (fr) => concat(x(fr), y(fr))) };
  }
  if (op === '=~' || op === '==~') {
    const s = a.f;
    const p = b.f;
    const find = op === '=~';
    return {
      t: 'boolean',
      f: loc(pos, (fr) => {
        const str = s(fr);
        const pat = p(fr);
        if (!(pat instanceof JPattern)) throw new JavaError('class_cast_exception', `Cannot cast ${javaClassOf(pat)} to java.util.regex.Pattern`);
        const m = new JMatcher(pat, javaString(str));
        return find ? m.find() : m.matches();
      }),
    };
  }
  if (op === '==' || op === '!=' || op === '===' || op === '!==') {
    const neg = op.startsWith('!');
    let eq: (fr: Frame) => boolean;
    if (isNumeric(a.t) && isNumeric(b.t)) {
      const x = a.f as (fr: Frame) => number;
      const y = b.f as (fr: Frame) => number;
      eq = (fr) => x(fr) === y(fr);
    } else if (a.t === 'boolean' && b.t === 'boolean') {
      const x = a.f;
      const y = b.f;
      eq = (fr) => x(fr) === y(fr);
    } else if (op.length === 3) {
      const x = asDef(a);
      const y = asDef(b);
      eq = (fr) => {
        const u = x(fr);
        const v = y(fr);
        return u === v || (isNumber(u) && isNumber(v) && toNum(u) === toNum(v));
      };
    } else {
      const x = asDef(a);
      const y = asDef(b);
      eq = (fr) => javaEquals(x(fr), y(fr));
    }
    return { t: 'boolean', f: neg ? (fr) => !eq(fr) : eq };
  }
  if (isNumeric(a.t) && isNumeric(b.t)) return staticBinary(op, a, b, pos);
  if ((op === '&' || op === '|' || op === '^') && a.t === 'boolean' && b.t === 'boolean') {
    const x = a.f;
    const y = b.f;
    return { t: 'boolean', f: op === '&' ? (fr) => !!(x(fr) && y(fr)) : op === '|' ? (fr) => !!(x(fr) || y(fr)) : (fr) => x(fr) !== y(fr) };
  }
  if ((dyn(a.t) || isNumeric(a.t)) && (dyn(b.t) || isNumeric(b.t)) || (op === '+' && (dyn(a.t) || dyn(b.t)))) {
    const x = asDef(a);
    const y = asDef(b);
    switch (op) {
      case '+':
        return { t: 'def', f: loc(pos, (fr) => dadd(x(fr), y(fr))) };
      case '-':
      case '*':
      case '/':
      case '%':
        return { t: 'def', f: loc(pos, (fr) => darith(op, x(fr), y(fr))) };
      case '<':
      case '<=':
      case '>':
      case '>=':
        return { t: 'boolean', f: loc(pos, (fr) => dcompare(op, x(fr), y(fr))) };
      default:
        return { t: 'def', f: loc(pos, (fr) => dbit(op, x(fr), y(fr))) };
    }
  }
  throw cerr(`Cannot apply [${op}] operation to types [${a.t}] and [${b.t}].`, pos);
}

function staticBinary(op: string, a: CExpr, b: CExpr, pos: number): CExpr {
  const at = a.t as NumericType;
  const bt = b.t as NumericType;
  if (op === '<<' || op === '>>' || op === '>>>') {
    const t = unaryPromote(at);
    if (t === 'double' || t === 'float' || !isIntegral(bt)) throw cerr(`Cannot apply [${op}] operation to types [${at}] and [${bt}].`, pos);
    const x = numericConversion(at, t, a.f) as (fr: Frame) => number;
    const y = numericConversion(bt, unaryPromote(bt), b.f) as (fr: Frame) => number;
    return t === 'int' ? { t, f: (fr) => ibit(op, x(fr), y(fr)) } : { t, f: (fr) => lbit(op, x(fr), y(fr)) };
  }
  const t = promote(at, bt);
  const x = numericConversion(at, t, a.f) as (fr: Frame) => number;
  const y = numericConversion(bt, t, b.f) as (fr: Frame) => number;
  switch (op) {
    case '<':
      return { t: 'boolean', f: (fr) => x(fr) < y(fr) };
    case '<=':
      return { t: 'boolean', f: (fr) => x(fr) <= y(fr) };
    case '>':
      return { t: 'boolean', f: (fr) => x(fr) > y(fr) };
    case '>=':
      return { t: 'boolean', f: (fr) => x(fr) >= y(fr) };
  }
  if (t === 'int') {
    switch (op) {
      case '+':
        return { t, f: (fr) => (x(fr) + y(fr)) | 0 };
      case '-':
        return { t, f: (fr) => (x(fr) - y(fr)) | 0 };
      case '*':
        return { t, f: (fr) => Math.imul(x(fr), y(fr)) };
      case '/':
        return { t, f: loc(pos, (fr) => idiv(x(fr), y(fr))) };
      case '%':
        return { t, f: loc(pos, (fr) => irem(x(fr), y(fr))) };
      default:
        return { t, f: (fr) => ibit(op, x(fr), y(fr)) };
    }
  }
  if (t === 'long') {
    switch (op) {
      case '+':
        return { t, f: (fr) => ladd(x(fr), y(fr)) };
      case '-':
        return { t, f: (fr) => lsub(x(fr), y(fr)) };
      case '*':
        return { t, f: (fr) => lmul(x(fr), y(fr)) };
      case '/':
        return { t, f: loc(pos, (fr) => ldiv(x(fr), y(fr))) };
      case '%':
        return { t, f: loc(pos, (fr) => lrem(x(fr), y(fr))) };
      default:
        return { t, f: (fr) => lbit(op, x(fr), y(fr)) };
    }
  }
  const r = t === 'float' ? Math.fround : (v: number) => v;
  switch (op) {
    case '+':
      return { t, f: (fr) => r(x(fr) + y(fr)) };
    case '-':
      return { t, f: (fr) => r(x(fr) - y(fr)) };
    case '*':
      return { t, f: (fr) => r(x(fr) * y(fr)) };
    case '/':
      return { t, f: (fr) => r(x(fr) / y(fr)) };
    case '%':
      return { t, f: (fr) => r(x(fr) % y(fr)) };
  }
  throw cerr(`Cannot apply [${op}] operation to types [${at}] and [${bt}].`, pos);
}
