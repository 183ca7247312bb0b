/**
 * Typing helpers of the Painless compiler: Java's primitive conversions (widening, narrowing,
 * `def` unboxing), literal typing, `instanceof` tests and the def/String views of a typed
 * expression. Pure functions over compiled closures.
 */
import { JavaError } from '../errors.js';
import { d2i, d2l, l2i } from '../runtime/arith.js';
import { HostObject } from '../runtime/host-object.js';
import { boxDouble, isDouble, isNumber, javaClassOf, javaDouble, javaString, JPattern, toBool, toNum } from '../runtime/values.js';
import type { TypeRef } from './ast.js';
import type { CExpr, Frame } from './scope.js';
import { isNumeric, type NumericType, type SType } from './types.js';

/** A compile error at an offset (Painless reports these as IAE). */
export function cerr(reason: string, pos: number, type = 'illegal_argument_exception'): JavaError {
  return new JavaError(type, reason, pos);
}

/** A value of static type `t` as a def (integral doubles boxed). */
export function asDef(e: CExpr): (fr: Frame) => unknown {
  if (e.t === 'double' || e.t === 'float') {
    const f = e.f;
    return (fr) => boxDouble(f(fr) as number);
  }
  return e.f;
}

/** String conversion respecting the static type (`4.0` prints as `4.0`). */
export function asString(e: CExpr): (fr: Frame) => string {
  const f = e.f;
  if (e.t === 'double' || e.t === 'float') return (fr) => javaDouble(f(fr) as number);
  if (e.t === 'String') return (fr) => javaString(f(fr));
  return (fr) => javaString(f(fr));
}

/** Whether `t` is a Java integral primitive. */
export function isIntegral(t: SType): boolean {
  return t === 'int' || t === 'long' || t === 'short' || t === 'byte' || t === 'char';
}

/** The static type a declared type denotes (`int[]` for arrays). */
export function typeName(t: TypeRef): SType {
  return t.dims > 0 ? `${t.name}${'[]'.repeat(t.dims)}` : t.name;
}

/** Java class names a type test accepts. */
export function instanceOfTest(t: SType): (v: unknown) => boolean {
  switch (t) {
    case 'def':
    case 'Object':
      return (v) => v !== null && v !== undefined;
    case 'String':
    case 'CharSequence':
      return (v) => typeof v === 'string';
    case 'Number':
      return isNumber;
    case 'Integer':
    case 'int':
      return (v) => javaClassOf(v) === 'java.lang.Integer';
    case 'Long':
    case 'long':
      return (v) => javaClassOf(v) === 'java.lang.Long';
    case 'Double':
    case 'double':
    case 'Float':
    case 'float':
      return isDouble;
    case 'Boolean':
    case 'boolean':
      return (v) => typeof v === 'boolean';
    case 'List':
    case 'ArrayList':
    case 'Collection':
    case 'Iterable':
      return Array.isArray;
    case 'Map':
    case 'HashMap':
    case 'LinkedHashMap':
    case 'TreeMap':
      return (v) => v instanceof Map;
    case 'Set':
    case 'HashSet':
    case 'TreeSet':
      return (v) => v instanceof Set;
    case 'Pattern':
      return (v) => v instanceof JPattern;
    default:
      return (v) => v instanceof HostObject && v.javaClass.endsWith(`.${t}`);
  }
}

/** The Java class name of a static type, for ClassCastException messages. */
export function javaTypeOf(t: SType): string {
  const names: Record<string, string> = {
    String: 'java.lang.String', List: 'java.util.List', ArrayList: 'java.util.ArrayList', Map: 'java.util.Map',
    HashMap: 'java.util.HashMap', Number: 'java.lang.Number', Integer: 'java.lang.Integer', Long: 'java.lang.Long',
    Double: 'java.lang.Double', Boolean: 'java.lang.Boolean',
  };
  return names[t] ?? t;
}

/** The default value of a local or array element of type `t` (0, false, null). */
export function defaultValue(t: SType): unknown {
  if (isNumeric(t)) return 0;
  if (t === 'boolean') return false;
  return null;
}

/** A numeric literal (`1`, `1L`, `0x1F`, `1.5`, `2f`, `1e3`) with Java's typing. */
export function numberLiteral(text: string, pos: number): CExpr {
  let s = text;
  const suffix = s[s.length - 1]!.toLowerCase();
  const hex = /^-?0[xX]/.test(s);
  if (!hex && (suffix === 'd' || suffix === 'f')) {
    const v = Number(s.slice(0, -1));
    return suffix === 'f' ? { t: 'float', f: () => Math.fround(v) } : { t: 'double', f: () => v };
  }
  if (suffix === 'l') {
    s = s.slice(0, -1);
    const v = Number(hex ? BigInt.asIntN(64, BigInt(s.replace(/^-/, ''))) * (s.startsWith('-') ? -1n : 1n) : BigInt(s));
    return { t: 'long', f: () => v };
  }
  if (!hex && /[.eE]/.test(s)) {
    const v = Number(s);
    return { t: 'double', f: () => v };
  }
  let v: number;
  if (hex) {
    const neg = s.startsWith('-');
    const raw = Number(BigInt(s.replace(/^-/, '')));
    if (raw > 0xffffffff) throw cerr(`Invalid int constant [${text}]. If a long constant is needed, use [${text}L].`, pos);
    v = (neg ? -raw : raw) | 0;
  } else if (/^-?0[0-7]+$/.test(s)) {
    v = parseInt(s, 8);
  } else {
    v = Number(s);
    if (v > 2147483647 || v < -2147483648) throw cerr(`Invalid int constant [${text}]. If a long constant is needed, use [${text}L].`, pos);
  }
  return { t: 'int', f: () => v };
}

/** Java's primitive conversion from `from` to `to` around a closure. */
export function numericConversion(from: NumericType, to: NumericType, f: (fr: Frame) => unknown): (fr: Frame) => unknown {
  if (from === to) return f;
  const g = f as (fr: Frame) => number;
  const fromFloating = from === 'double' || from === 'float';
  switch (to) {
    case 'double':
      return f;
    case 'float':
      return (fr) => Math.fround(g(fr));
    case 'long':
      return fromFloating ? (fr) => d2l(g(fr)) : f;
    case 'int':
      if (fromFloating) return (fr) => d2i(g(fr));
      return from === 'long' ? (fr) => l2i(g(fr)) : f;
    case 'short':
      return fromFloating ? (fr) => (d2i(g(fr)) << 16) >> 16 : (fr) => (l2i(g(fr)) << 16) >> 16;
    case 'byte':
      return fromFloating ? (fr) => (d2i(g(fr)) << 24) >> 24 : (fr) => (l2i(g(fr)) << 24) >> 24;
    case 'char':
      return fromFloating ? (fr) => d2i(g(fr)) & 0xffff : (fr) => l2i(g(fr)) & 0xffff;
  }
}

/** A def value converted to a primitive numeric type (implicitly: no narrowing of doubles). */
export function defToNumeric(to: NumericType, explicit: boolean): (v: unknown) => number {
  return (v) => {
    const n = toNum(v);
    const dbl = isDouble(v);
    switch (to) {
      case 'double':
        return n;
      case 'float':
        return Math.fround(n);
      case 'long':
        if (dbl) {
          if (!explicit) throw new JavaError('class_cast_exception', 'Cannot cast java.lang.Double to java.lang.Long');
          return d2l(n);
        }
        return n;
      default: {
        if (dbl && !explicit) throw new JavaError('class_cast_exception', `Cannot cast java.lang.Double to java.lang.${to === 'int' ? 'Integer' : to === 'char' ? 'Character' : to[0]!.toUpperCase() + to.slice(1)}`);
        const i = dbl ? d2i(n) : l2i(n);
        if (to === 'short') return (i << 16) >> 16;
        if (to === 'byte') return (i << 24) >> 24;
        if (to === 'char') return i & 0xffff;
        return i;
      }
    }
  };
}

/** Store a def value into a typed slot (foreach variables, lambda and function parameters). */
export function convertValue(v: unknown, t: SType): unknown {
  if (t === 'def' || !isNumeric(t)) return t === 'boolean' ? toBool(v) : v;
  return defToNumeric(t, false)(v);
}
