/**
 * Painless type names the subset knows, and the static types the compiler tracks. Only the
 * numeric primitives, `boolean` and `String` change how an operator compiles; every other
 * reference type is dispatched dynamically like `def`, through the allow-listed method tables.
 */

/** Primitive numeric types, narrowest first (Java's widening order). */
export const NUMERIC = ['byte', 'short', 'char', 'int', 'long', 'float', 'double'] as const;
/** A primitive numeric type name. */
export type NumericType = (typeof NUMERIC)[number];

/** A static type: a primitive, `String`, `def` (dynamic) or another (reference) type name. */
export type SType = NumericType | 'boolean' | 'void' | 'String' | 'def' | string;

const TYPE_NAMES = new Set<string>([
  'def', 'void', 'boolean', ...NUMERIC,
  'Object', 'String', 'Number', 'Integer', 'Long', 'Double', 'Float', 'Short', 'Byte', 'Character', 'Boolean',
  'List', 'ArrayList', 'Map', 'HashMap', 'LinkedHashMap', 'TreeMap', 'Set', 'HashSet', 'TreeSet', 'Collection', 'Iterable',
  'Math', 'Collections', 'Objects', 'Pattern', 'Matcher', 'StringBuilder', 'Exception', 'RuntimeException',
  'IllegalArgumentException', 'IllegalStateException', 'NullPointerException', 'ArithmeticException',
  'Iterator', 'Map.Entry', 'CharSequence', 'Comparable',
]);

/** Whether `name` is a type the subset knows (so it is never a variable name). */
export function isTypeName(name: string): boolean {
  return TYPE_NAMES.has(name);
}

/** Whether `t` is a primitive numeric type. */
export function isNumeric(t: SType): t is NumericType {
  return (NUMERIC as readonly string[]).includes(t);
}

/** Java's binary numeric promotion (JLS 5.6.2): double > float > long > int. */
export function promote(a: NumericType, b: NumericType): 'int' | 'long' | 'float' | 'double' {
  if (a === 'double' || b === 'double') return 'double';
  if (a === 'float' || b === 'float') return 'float';
  if (a === 'long' || b === 'long') return 'long';
  return 'int';
}

/** Unary promotion: byte/short/char widen to int. */
export function unaryPromote(a: NumericType): 'int' | 'long' | 'float' | 'double' {
  return a === 'long' || a === 'float' || a === 'double' ? a : 'int';
}

/** Whether a value of type `from` widens implicitly to `to` (JLS 5.1.2). */
export function widens(from: NumericType, to: NumericType): boolean {
  if (from === to) return true;
  if (to === 'char' || from === 'char' && (to === 'short' || to === 'byte')) return false;
  const order = ['byte', 'short', 'int', 'long', 'float', 'double'];
  const f = from === 'char' ? 2 : order.indexOf(from);
  return f <= order.indexOf(to);
}

/** The Java class name of a type, for error messages. */
export function javaTypeName(t: SType): string {
  if (isNumeric(t) || t === 'boolean' || t === 'void' || t === 'def') return t;
  if (t === 'String') return 'String';
  return t;
}
