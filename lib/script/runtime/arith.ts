/**
 * Java arithmetic over script values. The `i*` functions are Java `int` (32-bit wrap), `l*` are
 * Java `long` (64-bit wrap through BigInt once a result leaves the exact double range), and the
 * `d*` functions are the dynamic (`def`) operators of Painless's `DefMath`: they look at the
 * runtime values — a string makes `+` a concatenation, a double makes the operation floating
 * point, two integers make it integral. Integral `def` operands are treated as `long` (a JS
 * number cannot say whether it was an `Integer` or a `Long`; see docs/scripting.md).
 */
import { JavaError } from '../errors.js';
import { boxDouble, isDouble, javaClassOf, javaEquals, javaString, JDouble, toNum } from './values.js';

const divByZero = (): JavaError => new JavaError('arithmetic_exception', '/ by zero');

/** Int division truncating toward zero; `/ by zero` as Java. */
export function idiv(a: number, b: number): number {
  if (b === 0) throw divByZero();
  return (a / b) | 0;
}

/** Int remainder. */
export function irem(a: number, b: number): number {
  if (b === 0) throw divByZero();
  return (a % b) | 0;
}

function wrapLong(big: bigint): number {
  return Number(BigInt.asIntN(64, big));
}

/** Long addition with 64-bit wrap. */
export function ladd(a: number, b: number): number {
  const r = a + b;
  return Number.isSafeInteger(r) ? r : wrapLong(BigInt(a) + BigInt(b));
}

/** Long subtraction with 64-bit wrap. */
export function lsub(a: number, b: number): number {
  const r = a - b;
  return Number.isSafeInteger(r) ? r : wrapLong(BigInt(a) - BigInt(b));
}

/** Long multiplication with 64-bit wrap. */
export function lmul(a: number, b: number): number {
  const r = a * b;
  return Number.isSafeInteger(r) ? r : wrapLong(BigInt(a) * BigInt(b));
}

/** Long division truncating toward zero. */
export function ldiv(a: number, b: number): number {
  if (b === 0) throw divByZero();
  if (Number.isSafeInteger(a) && Number.isSafeInteger(b)) return Math.trunc(a / b);
  return wrapLong(BigInt(a) / BigInt(b));
}

/** Long remainder. */
export function lrem(a: number, b: number): number {
  if (b === 0) throw divByZero();
  return a % b;
}

/** Long bitwise and shift operators (BigInt when outside the 32-bit range). */
export function lbit(op: string, a: number, b: number): number {
  const fits = (x: number): boolean => x >= -2147483648 && x <= 2147483647;
  if (fits(a) && fits(b)) {
    if (op === '&') return a & b;
    if (op === '|') return a | b;
    if (op === '^') return a ^ b;
  }
  const A = BigInt.asIntN(64, BigInt(a));
  const s = BigInt(b & 63);
  switch (op) {
    case '&':
      return wrapLong(A & BigInt(b));
    case '|':
      return wrapLong(A | BigInt(b));
    case '^':
      return wrapLong(A ^ BigInt(b));
    case '<<':
      return wrapLong(A << s);
    case '>>':
      return wrapLong(A >> s);
    default:
      return wrapLong(BigInt.asUintN(64, A) >> s);
  }
}

/** Int shifts and bitwise operators. */
export function ibit(op: string, a: number, b: number): number {
  switch (op) {
    case '&':
      return a & b;
    case '|':
      return a | b;
    case '^':
      return a ^ b;
    case '<<':
      return a << b;
    case '>>':
      return a >> b;
    default:
      return (a >>> b) | 0;
  }
}

/** `(long) d`: Java's narrowing of a double (NaN → 0, saturating). */
export function d2l(d: number): number {
  if (Number.isNaN(d)) return 0;
  if (d >= 9223372036854775807) return 9223372036854775807;
  if (d <= -9223372036854775808) return -9223372036854775808;
  return Math.trunc(d);
}

/** `(int) d`: Java's narrowing of a double. */
export function d2i(d: number): number {
  if (Number.isNaN(d)) return 0;
  if (d >= 2147483647) return 2147483647;
  if (d <= -2147483648) return -2147483648;
  return Math.trunc(d);
}

/** `(int) l`: keep the low 32 bits. */
export function l2i(l: number): number {
  return Number.isSafeInteger(l) ? l | 0 : Number(BigInt.asIntN(32, BigInt(l)));
}

function illegalOp(op: string, a: unknown, b?: unknown): JavaError {
  const types = b === undefined ? `[${javaClassOf(a)}]` : `[${javaClassOf(a)}] and [${javaClassOf(b)}]`;
  return new JavaError('class_cast_exception', `Cannot apply [${op}] operation to types ${types}.`);
}

function bothNumbers(op: string, a: unknown, b: unknown): void {
  const ok = (v: unknown): boolean => typeof v === 'number' || v instanceof JDouble;
  if (!ok(a) || !ok(b)) {
    if (a === null || a === undefined || b === null || b === undefined) throw new JavaError('null_pointer_exception', null);
    throw illegalOp(op, a, b);
  }
}

/** Dynamic `+`: string concatenation when either side is a String, else numeric. */
export function dadd(a: unknown, b: unknown): unknown {
  if (typeof a === 'number') {
    if (typeof b === 'number') return Number.isInteger(a) && Number.isInteger(b) ? ladd(a, b) : boxDouble(a + b);
    if (b instanceof JDouble) return boxDouble(a + b.v);
  } else if (a instanceof JDouble) {
    if (typeof b === 'number') return boxDouble(a.v + b);
    if (b instanceof JDouble) return boxDouble(a.v + b.v);
  }
  if (typeof a === 'string' || typeof b === 'string') return concat(javaString(a), javaString(b));
  bothNumbers('+', a, b);
  return isDouble(a) || isDouble(b) ? boxDouble(toNum(a) + toNum(b)) : ladd(toNum(a), toNum(b));
}

/** Dynamic `-`, `*`, `/`, `%`. */
export function darith(op: '-' | '*' | '/' | '%', a: unknown, b: unknown): unknown {
  if (op === '*' && typeof a === 'number' && typeof b === 'number') {
    return Number.isInteger(a) && Number.isInteger(b) ? lmul(a, b) : boxDouble(a * b);
  }
  bothNumbers(op, a, b);
  const x = toNum(a);
  const y = toNum(b);
  if (isDouble(a) || isDouble(b)) {
    switch (op) {
      case '-':
        return boxDouble(x - y);
      case '*':
        return boxDouble(x * y);
      case '/':
        return boxDouble(x / y);
      default:
        return boxDouble(x % y);
    }
  }
  switch (op) {
    case '-':
      return lsub(x, y);
    case '*':
      return lmul(x, y);
    case '/':
      return ldiv(x, y);
    default:
      return lrem(x, y);
  }
}

/** Dynamic bitwise/shift operators (integral operands only; `&`,`|`,`^` also on booleans). */
export function dbit(op: string, a: unknown, b: unknown): unknown {
  if (typeof a === 'boolean' && typeof b === 'boolean' && (op === '&' || op === '|' || op === '^')) {
    return op === '&' ? a && b : op === '|' ? a || b : a !== b;
  }
  bothNumbers(op, a, b);
  if (isDouble(a) || isDouble(b)) throw illegalOp(op, a, b);
  return lbit(op, toNum(a), toNum(b));
}

/** Dynamic relational operators. */
export function dcompare(op: string, a: unknown, b: unknown): boolean {
  bothNumbers(op, a, b);
  const x = toNum(a);
  const y = toNum(b);
  switch (op) {
    case '<':
      return x < y;
    case '<=':
      return x <= y;
    case '>':
      return x > y;
    default:
      return x >= y;
  }
}

/** Dynamic `==` (Painless calls `equals` for references, compares numbers by value). */
export function deq(a: unknown, b: unknown): boolean {
  return javaEquals(a, b);
}

/** Dynamic unary minus / plus / bitwise not. */
export function dunary(op: string, a: unknown): unknown {
  if (typeof a !== 'number' && !(a instanceof JDouble)) {
    if (a === null || a === undefined) throw new JavaError('null_pointer_exception', null);
    throw illegalOp(op, a);
  }
  const x = toNum(a);
  if (op === '~') {
    if (isDouble(a)) throw illegalOp(op, a);
    return lbit('^', x, -1);
  }
  if (op === '+') return a;
  return isDouble(a) ? boxDouble(-x) : lsub(0, x);
}

/** Longest string a script may build (a runaway concatenation fails cleanly, not by exhausting memory). */
export const MAX_STRING_LENGTH = 16 * 1024 * 1024;

/** String concatenation with the size guard. */
export function concat(a: string, b: string): string {
  if (a.length + b.length > MAX_STRING_LENGTH) throw new JavaError('out_of_memory_error', 'Java heap space');
  return a + b;
}
