/**
 * Compiling what a Painless script invokes: static calls (`Math.max(a, b)`), method calls on
 * values (`list.add(x)`, `s?.length()`), constructors (`new ArrayList()`, `new
 * IllegalArgumentException('m')`) and method references (`Integer::compare`). Every call is
 * charged to the execution's budget by the size of what it works on (budget.ts `chargeCall`),
 * so a loop of costly calls reaches the watchdog in time.
 */
import { JavaError } from '../errors.js';
import { HostObject, NO_MEMBER } from '../runtime/host-object.js';
import { asIterable, callMethod, REGEX_DISABLED, type ScriptFn } from '../runtime/methods.js';
import { STATIC_METHODS } from '../runtime/statics.js';
import { javaString } from '../runtime/values.js';
import type { CExpr, Frame } from './scope.js';
import { asDef, cerr } from './conversions.js';
import { isNumeric } from './types.js';
import { loc } from './located.js';
import { chargeCall } from './budget.js';
import { own } from '../../dict.js';

/** Exceptions a script may create, throw and catch, by Java name. */
export const EXCEPTION_TYPES: Record<string, string> = {
  IllegalArgumentException: 'illegal_argument_exception',
  IllegalStateException: 'illegal_state_exception',
  NullPointerException: 'null_pointer_exception',
  ArithmeticException: 'arithmetic_exception',
  RuntimeException: 'runtime_exception',
  Exception: 'exception',
};

/** An exception object a script created with `new` (to `throw`, or caught by `catch`). */
export class ExceptionValue extends HostObject {
  readonly javaClass: string;
  constructor(readonly type: string, javaName: string, readonly message: string | null) {
    super();
    this.javaClass = `java.lang.${javaName}`;
  }
  override call(name: string, args: unknown[]): unknown {
    if ((name === 'getMessage' || name === 'getLocalizedMessage') && args.length === 0) return this.message;
    return NO_MEMBER;
  }
}

/** `Cls.name(args)`: refused at compile time when the class has no such method; args compiled after that check. */
export function staticCall(cls: string, name: string, arity: number, compileArgs: () => CExpr[], pos: number, regexEnabled: boolean): CExpr {
  if (cls === 'Pattern' && !regexEnabled) throw cerr(REGEX_DISABLED, pos, 'illegal_state_exception');
  const m = own(own(STATIC_METHODS, cls), `${name}/${arity}`);
  if (!m) throw cerr(`Unknown call [${name}] with [${arity}] arguments on type [${cls}].`, pos);
  const args = compileArgs();
  const t = typeof m.ret === 'function' ? m.ret(args.map((a) => a.t)) : m.ret;
  // Math only reads numbers: pass primitives unboxed; other classes see def values (so
  // String.valueOf(5.0) still prints 5.0)
  const fs = args.map((a) => (cls === 'Math' && isNumeric(a.t) ? a.f : asDef(a)));
  const impl = m.fn;
  let f: (fr: Frame) => unknown;
  if (fs.length === 1) {
    const a0 = fs[0]!;
    f = (fr) => {
      const x = a0(fr);
      chargeCall(fr.s, x, null);
      return impl(x);
    };
  } else if (fs.length === 2) {
    const a0 = fs[0]!;
    const a1 = fs[1]!;
    f = (fr) => {
      const x = a0(fr);
      const y = a1(fr);
      chargeCall(fr.s, x, y);
      return impl(x, y);
    };
  } else {
    f = (fr) => {
      const xs = fs.map((a) => a(fr));
      chargeCall(fr.s, xs[0], xs[1]);
      return impl(...xs);
    };
  }
  return { t, f: loc(pos, f) };
}

/** `obj.name(args)` (or `obj?.name(args)`), dispatched on the value at run time. */
export function methodCall(obj: CExpr, method: string, argExprs: CExpr[], nullSafe: boolean, pos: number, regexEnabled: boolean): CExpr {
  const recv = obj.f;
  const args = argExprs.map(asDef);
  // without regexes, String#split only takes literal separators (see runtime/methods.ts)
  const name = method === 'split' && args.length === 1 && !regexEnabled ? 'split#literal' : method;
  return {
    t: 'def',
    f: loc(pos, (fr) => {
      const o = recv(fr);
      if (nullSafe && (o === null || o === undefined)) return null;
      const xs = args.map((a) => a(fr));
      chargeCall(fr.s, o, xs[0]);
      return callMethod(o, name, xs);
    }),
  };
}

/** `new Type(args)` for the collections and exceptions scripts may create. */
export function newObject(typeName: string, argExprs: CExpr[], pos: number): CExpr {
  const args = argExprs.map(asDef);
  const n = args.length;
  switch (typeName) {
    case 'ArrayList':
      if (n === 0) return { t: 'ArrayList', f: () => [] };
      if (n === 1) return { t: 'ArrayList', f: loc(pos, (fr) => {
        const a = args[0]!(fr);
        return typeof a === 'number' ? [] : [...asIterable(a)];
      }) };
      break;
    case 'HashMap':
    case 'LinkedHashMap':
    case 'TreeMap':
      if (n === 0) return { t: typeName, f: () => new Map() };
      if (n === 1) return { t: typeName, f: (fr) => {
        const a = args[0]!(fr);
        return a instanceof Map ? new Map(a) : new Map();
      } };
      break;
    case 'HashSet':
    case 'TreeSet':
      if (n === 0) return { t: typeName, f: () => new Set() };
      break;
    default: {
      const type = own(EXCEPTION_TYPES, typeName);
      if (type && n <= 1) return { t: typeName, f: (fr) => new ExceptionValue(type, typeName, n === 1 ? javaString(args[0]!(fr)) : null) };
    }
  }
  throw cerr(`Unknown new call on type [${typeName}] with [${n}] arguments.`, pos);
}

/** `Type::method`: a static method, or an instance method called on the first argument. */
export function funcref(type: string, method: string, pos: number): CExpr {
  const statics = Object.hasOwn(STATIC_METHODS, type) ? STATIC_METHODS[type] : undefined;
  if (statics && Object.keys(statics).some((k) => k.startsWith(`${method}/`))) {
    // a reference is called by library code (sort, removeIf), once per element: each call is an operation
    const fnRef = (fr: Frame): ScriptFn => (...args) => {
      const m = statics[`${method}/${args.length}`];
      if (!m) throw new JavaError('illegal_argument_exception', `Unknown call [${method}] with [${args.length}] arguments on type [${type}].`);
      chargeCall(fr.s, args[0], args[1]);
      return m.fn(...args);
    };
    return { t: 'def', f: fnRef };
  }
  if (type === 'this') throw cerr(`Unknown function reference [${type}::${method}].`, pos);
  const inst = (fr: Frame): ScriptFn => (recv, ...rest) => {
    chargeCall(fr.s, recv, rest[0]);
    return callMethod(recv, method, rest);
  };
  return { t: 'def', f: inst };
}
