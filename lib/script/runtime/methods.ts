/**
 * The allow-list: the methods and fields a script may use on each runtime type, as ES 5.6's
 * Painless whitelist (`java.lang.txt`, `java.util.txt`, Augmentation) exposes them. A member
 * missing here does not exist for scripts — nothing reaches JS prototypes or host objects.
 * Tables are keyed `name/arity`, like Painless's method keys.
 */
import { JavaError, npe, scriptIae } from '../errors.js';
import { compileJavaRegex, deriveRegex, javaSplit } from '../../analysis/java-regex.js';
import { concat } from './arith.js';
import { javaStringHash } from '../../units/java-hash.js';
import { HostObject, NO_MEMBER } from './host-object.js';
import {
  boxDouble,
  indexOutOfBounds,
  isDouble,
  isNumber,
  javaClassOf,
  javaDouble,
  javaEquals,
  javaString,
  JDouble,
  JPattern,
  mapKey,
  toBool,
  toNum,
} from './values.js';

type Method = (self: never, ...args: never[]) => unknown;

/** Painless's error when a regex is used while `script.painless.regex.enabled` is false. */
export const REGEX_DISABLED =
  "Regexes are disabled. Set [script.painless.regex.enabled] to [true] in elasticsearch.yaml to allow them. Be careful though, regexes break out of Painless's protection against deep recursion and long loops.";
type Table = Record<string, Method>;

/**
 * Largest list a script may grow by bulk operations (a doubling `addAll` chain fails cleanly);
 * the same bound as the per-execution allocation budget (painless/budget.ts), since one bulk
 * copy cannot be interrupted by the script watchdog.
 */
export const MAX_COLLECTION_SIZE = 2_000_000;

/** A script lambda or function reference as the runtime calls it. */
export type ScriptFn = (...args: unknown[]) => unknown;

function fn(v: unknown): ScriptFn {
  if (typeof v !== 'function') {
    if (v === null || v === undefined) throw npe();
    throw new JavaError('class_cast_exception', `Cannot cast ${javaClassOf(v)} to a functional interface`);
  }
  return v as ScriptFn;
}

function int(v: unknown): number {
  const n = toNum(v);
  return Math.trunc(n);
}

function str(v: unknown): string {
  if (typeof v === 'string') return v;
  if (v === null || v === undefined) throw npe();
  throw new JavaError('class_cast_exception', `Cannot cast ${javaClassOf(v)} to java.lang.String`);
}

/** Java's natural ordering (`Comparable#compareTo`) of two script values. */
export function naturalCompare(a: unknown, b: unknown): number {
  if (a === null || a === undefined || b === null || b === undefined) throw npe();
  if (isNumber(a) && isNumber(b)) {
    const x = toNum(a);
    const y = toNum(b);
    return x < y ? -1 : x > y ? 1 : 0;
  }
  if (typeof a === 'string' && typeof b === 'string') return compareStrings(a, b);
  if (typeof a === 'boolean' && typeof b === 'boolean') return a === b ? 0 : a ? 1 : -1;
  throw new JavaError('class_cast_exception', `${javaClassOf(a)} cannot be cast to java.lang.Comparable`);
}

/** `String#compareTo`: UTF-16 code unit order, difference of the first mismatch or of lengths. */
function compareStrings(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const d = a.charCodeAt(i) - b.charCodeAt(i);
    if (d !== 0) return d;
  }
  return a.length - b.length;
}

function checkIndex(list: unknown[], i: number): void {
  if (i < 0 || i >= list.length) throw indexOutOfBounds(i, list.length);
}

function comparatorOf(c: unknown): (a: unknown, b: unknown) => number {
  if (c === null || c === undefined) return naturalCompare;
  const f = fn(c);
  return (a, b) => toNum(f(a, b));
}

/** `java.util.Map.Entry`. */
export class MapEntry extends HostObject {
  readonly javaClass = 'java.util.HashMap$Node';
  constructor(private readonly map: Map<unknown, unknown>, readonly key: unknown) {
    super();
  }
  override field(name: string): unknown {
    if (name === 'key') return this.key;
    if (name === 'value') return this.map.get(this.key);
    return NO_MEMBER;
  }
  override call(name: string, args: unknown[]): unknown {
    if (name === 'getKey' && args.length === 0) return this.key;
    if (name === 'getValue' && args.length === 0) return this.map.get(this.key);
    if (name === 'setValue' && args.length === 1) {
      const old = this.map.get(this.key);
      this.map.set(this.key, args[0]);
      return old;
    }
    return NO_MEMBER;
  }
}

const OBJECT: Table = {
  'equals/1': (s: unknown, o: unknown) => javaEquals(s, o),
  'toString/0': (s: unknown) => javaString(s),
  'hashCode/0': (s: unknown) => javaStringHash(javaString(s)),
};

const STRING: Table = {
  ...OBJECT,
  'length/0': (s: string) => s.length,
  'isEmpty/0': (s: string) => s.length === 0,
  'charAt/1': (s: string, i: unknown) => {
    const n = int(i);
    if (n < 0 || n >= s.length) throw new JavaError('string_index_out_of_bounds_exception', `String index out of range: ${n}`);
    return s[n];
  },
  'substring/1': (s: string, b: unknown) => {
    const i = int(b);
    if (i < 0 || i > s.length) throw new JavaError('string_index_out_of_bounds_exception', `String index out of range: ${s.length - i}`);
    return s.substring(i);
  },
  'substring/2': (s: string, b: unknown, e: unknown) => {
    const i = int(b);
    const j = int(e);
    if (i < 0) throw new JavaError('string_index_out_of_bounds_exception', `String index out of range: ${i}`);
    if (j > s.length) throw new JavaError('string_index_out_of_bounds_exception', `String index out of range: ${j}`);
    if (j - i < 0) throw new JavaError('string_index_out_of_bounds_exception', `String index out of range: ${j - i}`);
    return s.substring(i, j);
  },
  'contains/1': (s: string, t: unknown) => s.includes(str(t)),
  'startsWith/1': (s: string, t: unknown) => s.startsWith(str(t)),
  'startsWith/2': (s: string, t: unknown, o: unknown) => s.startsWith(str(t), int(o)),
  'endsWith/1': (s: string, t: unknown) => s.endsWith(str(t)),
  'indexOf/1': (s: string, t: unknown) => s.indexOf(str(t)),
  'indexOf/2': (s: string, t: unknown, from: unknown) => s.indexOf(str(t), int(from)),
  'lastIndexOf/1': (s: string, t: unknown) => s.lastIndexOf(str(t)),
  'toLowerCase/0': (s: string) => s.toLowerCase(),
  'toUpperCase/0': (s: string) => s.toUpperCase(),
  'trim/0': (s: string) => s.replace(/^[\x00-\x20]+|[\x00-\x20]+$/g, ''),
  'concat/1': (s: string, t: unknown) => concat(s, str(t)),
  'replace/2': (s: string, a: unknown, b: unknown) => s.split(javaString(a)).join(javaString(b)),
  'equalsIgnoreCase/1': (s: string, t: unknown) => typeof t === 'string' && s.toLowerCase() === t.toLowerCase(),
  'compareTo/1': (s: string, t: unknown) => compareStrings(s, str(t)),
  'compareToIgnoreCase/1': (s: string, t: unknown) => compareStrings(s.toLowerCase(), str(t).toLowerCase()),
  'split/1': (s: string, t: unknown) => {
    // String#split drops trailing empty strings
    let re: RegExp;
    try {
      re = compileJavaRegex(str(t));
    } catch (e) {
      throw new JavaError('pattern_syntax_exception', (e as Error).message);
    }
    return javaSplit(re, s);
  },
  /**
   * `split` while regexes are disabled (the compiler routes calls here; `#` keeps the key out of
   * reach of scripts): a literal separator splits as Java does, a regex is refused so no
   * pattern can backtrack without bound.
   */
  'split#literal/1': (s: string, t: unknown) => {
    const sep = str(t);
    if (/[\\^$.|?*+()[\]{}]/.test(sep)) throw new JavaError('illegal_state_exception', REGEX_DISABLED);
    const parts = sep === '' ? [...s] : s.split(sep);
    while (parts.length > 1 && parts[parts.length - 1] === '') parts.pop();
    return parts;
  },
  'splitOnToken/1': (s: string, t: unknown) => s.split(str(t)),
  'toCharArray/0': (s: string) => [...s],
};

function listRemove(l: unknown[], x: unknown): unknown {
  if (typeof x === 'number') {
    checkIndex(l, x);
    return l.splice(x, 1)[0];
  }
  const i = l.findIndex((y) => javaEquals(x, y));
  if (i >= 0) l.splice(i, 1);
  return i >= 0;
}

/** Run `g` on each element; a list changed meanwhile fails as Java's iterators do. */
function eachOf(l: unknown[], g: ScriptFn): void {
  const n = l.length;
  for (let i = 0; i < n; i++) {
    g(l[i]);
    if (l.length !== n) throw new JavaError('concurrent_modification_exception', null);
  }
}

const ITERABLE: Table = {
  'forEach/1': (l: unknown[], f: unknown) => {
    eachOf(l, fn(f));
    return null;
  },
  'each/1': (l: unknown[], f: unknown) => {
    eachOf(l, fn(f));
    return l;
  },
  'any/1': (l: unknown[], f: unknown) => l.some((x) => toBool(fn(f)(x))),
  'every/1': (l: unknown[], f: unknown) => l.every((x) => toBool(fn(f)(x))),
  'find/1': (l: unknown[], f: unknown) => l.find((x) => toBool(fn(f)(x))) ?? null,
  'findAll/1': (l: unknown[], f: unknown) => l.filter((x) => toBool(fn(f)(x))),
  'collect/1': (l: unknown[], f: unknown) => l.map((x) => fn(f)(x)),
  'join/1': (l: unknown[], sep: unknown) => l.map(javaString).join(str(sep)),
  'sum/0': (l: unknown[]) => boxDouble(l.reduce<number>((a, x) => a + toNum(x), 0)),
  'sum/1': (l: unknown[], f: unknown) => boxDouble(l.reduce<number>((a, x) => a + toNum(fn(f)(x)), 0)),
  'size/0': (l: unknown[]) => l.length,
  'isEmpty/0': (l: unknown[]) => l.length === 0,
  'contains/1': (l: unknown[], x: unknown) => l.some((y) => javaEquals(x, y)),
};

const LIST: Table = {
  ...OBJECT,
  ...ITERABLE,
  'add/1': (l: unknown[], x: unknown) => {
    l.push(x);
    return true;
  },
  'add/2': (l: unknown[], i: unknown, x: unknown) => {
    const n = int(i);
    if (n < 0 || n > l.length) throw indexOutOfBounds(n, l.length);
    l.splice(n, 0, x);
    return null;
  },
  'addAll/1': (l: unknown[], xs: unknown) => {
    // a snapshot first, as ArrayList#addAll takes toArray() (so l.addAll(l) doubles, not loops)
    const src = asIterable(xs).slice();
    if (l.length + src.length > MAX_COLLECTION_SIZE) throw new JavaError('out_of_memory_error', 'Java heap space');
    for (let i = 0; i < src.length; i++) l.push(src[i]);
    return src.length > 0;
  },
  'get/1': (l: unknown[], i: unknown) => {
    const n = int(i);
    checkIndex(l, n);
    return l[n];
  },
  'set/2': (l: unknown[], i: unknown, x: unknown) => {
    const n = int(i);
    checkIndex(l, n);
    const old = l[n];
    l[n] = x;
    return old;
  },
  'remove/1': (l: unknown[], x: unknown) => listRemove(l, x),
  'indexOf/1': (l: unknown[], x: unknown) => l.findIndex((y) => javaEquals(x, y)),
  'lastIndexOf/1': (l: unknown[], x: unknown) => {
    for (let i = l.length - 1; i >= 0; i--) if (javaEquals(x, l[i])) return i;
    return -1;
  },
  'clear/0': (l: unknown[]) => {
    l.length = 0;
    return null;
  },
  'sort/1': (l: unknown[], c: unknown) => {
    l.sort(comparatorOf(c));
    return null;
  },
  'removeIf/1': (l: unknown[], f: unknown) => {
    const g = fn(f);
    const keep = l.filter((x) => !toBool(g(x)));
    const removed = keep.length !== l.length;
    // copy back element by element (a spread of a huge list would exhaust the stack)
    l.length = keep.length;
    for (let i = 0; i < keep.length; i++) l[i] = keep[i];
    return removed;
  },
  'subList/2': (l: unknown[], a: unknown, b: unknown) => l.slice(int(a), int(b)),
  'getLength/0': (l: unknown[]) => l.length,
};

/** The elements of a List/Set/array-like for `addAll`, enhanced `for`. */
export function asIterable(v: unknown): unknown[] {
  if (Array.isArray(v)) return v;
  if (v instanceof Set) return [...v];
  if (v instanceof Map) throw new JavaError('class_cast_exception', 'Cannot cast java.util.HashMap to java.lang.Iterable');
  if (v === null || v === undefined) throw npe();
  if (v instanceof HostObject) {
    const vals = v.call('getValues', []);
    if (Array.isArray(vals)) return vals;
  }
  throw new JavaError('class_cast_exception', `Cannot cast ${javaClassOf(v)} to java.lang.Iterable`);
}

const MAP: Table = {
  ...OBJECT,
  'get/1': (m: Map<unknown, unknown>, k: unknown) => m.get(mapKey(k)) ?? null,
  'getOrDefault/2': (m: Map<unknown, unknown>, k: unknown, d: unknown) => (m.has(mapKey(k)) ? m.get(mapKey(k)) : d),
  'put/2': (m: Map<unknown, unknown>, k: unknown, v: unknown) => {
    const old = m.get(mapKey(k)) ?? null;
    m.set(mapKey(k), v);
    return old;
  },
  'putIfAbsent/2': (m: Map<unknown, unknown>, k: unknown, v: unknown) => {
    const key = mapKey(k);
    const old = m.get(key);
    if (old === undefined || old === null) m.set(key, v);
    return old ?? null;
  },
  'putAll/1': (m: Map<unknown, unknown>, o: unknown) => {
    if (!(o instanceof Map)) throw new JavaError('class_cast_exception', `Cannot cast ${javaClassOf(o)} to java.util.Map`);
    for (const [k, v] of o) m.set(k, v);
    return null;
  },
  'containsKey/1': (m: Map<unknown, unknown>, k: unknown) => m.has(mapKey(k)),
  'containsValue/1': (m: Map<unknown, unknown>, v: unknown) => [...m.values()].some((x) => javaEquals(v, x)),
  'remove/1': (m: Map<unknown, unknown>, k: unknown) => {
    const key = mapKey(k);
    const old = m.get(key) ?? null;
    m.delete(key);
    return old;
  },
  'size/0': (m: Map<unknown, unknown>) => m.size,
  'isEmpty/0': (m: Map<unknown, unknown>) => m.size === 0,
  'clear/0': (m: Map<unknown, unknown>) => {
    m.clear();
    return null;
  },
  'keySet/0': (m: Map<unknown, unknown>) => [...m.keys()],
  'values/0': (m: Map<unknown, unknown>) => [...m.values()],
  'entrySet/0': (m: Map<unknown, unknown>) => [...m.keys()].map((k) => new MapEntry(m, k)),
  'forEach/1': (m: Map<unknown, unknown>, f: unknown) => {
    const g = fn(f);
    for (const [k, v] of [...m]) g(k, v);
    return null;
  },
  'each/1': (m: Map<unknown, unknown>, f: unknown) => {
    const g = fn(f);
    for (const [k, v] of [...m]) g(k, v);
    return m;
  },
  'removeIf/1': (m: Map<unknown, unknown>, f: unknown) => {
    // Painless reaches this as map.entrySet().removeIf; offered directly on maps for convenience
    const g = fn(f);
    let any = false;
    for (const k of [...m.keys()]) {
      if (toBool(g(new MapEntry(m, k)))) {
        m.delete(k);
        any = true;
      }
    }
    return any;
  },
};

const NUMBER: Table = {
  ...OBJECT,
  'intValue/0': (n: unknown) => {
    const x = toNum(n);
    return isDouble(n) ? Math.trunc(x) | 0 : x | 0;
  },
  'longValue/0': (n: unknown) => Math.trunc(toNum(n)),
  'doubleValue/0': (n: unknown) => boxDouble(toNum(n)),
  'floatValue/0': (n: unknown) => boxDouble(Math.fround(toNum(n))),
  'compareTo/1': (n: unknown, o: unknown) => naturalCompare(n, o),
  'isNaN/0': (n: unknown) => Number.isNaN(toNum(n)),
  'isInfinite/0': (n: unknown) => !Number.isFinite(toNum(n)) && !Number.isNaN(toNum(n)),
  'toString/0': (n: unknown) => javaString(n),
};

const BOOLEAN: Table = {
  ...OBJECT,
  'booleanValue/0': (b: boolean) => b,
  'compareTo/1': (b: boolean, o: unknown) => naturalCompare(b, o),
};

/** A regex `Matcher` over one input. */
export class JMatcher extends HostObject {
  readonly javaClass = 'java.util.regex.Matcher';
  private match: RegExpExecArray | null = null;
  private readonly re: RegExp;
  constructor(pattern: JPattern, private readonly input: string) {
    super();
    this.re = deriveRegex(pattern.re, pattern.re.flags.includes('g') ? pattern.re.flags : pattern.re.flags + 'g');
  }
  /** `Matcher#find`. */
  find(): boolean {
    this.match = this.re.exec(this.input);
    if (this.match && this.match[0] === '') this.re.lastIndex++;
    return this.match !== null;
  }
  /** `Matcher#matches`. */
  matches(): boolean {
    const whole = deriveRegex(this.re, this.re.flags.replace('g', ''), true);
    this.match = whole.exec(this.input);
    return this.match !== null;
  }
  override call(name: string, args: unknown[]): unknown {
    switch (`${name}/${args.length}`) {
      case 'find/0':
        return this.find();
      case 'matches/0':
        return this.matches();
      case 'group/0':
      case 'group/1': {
        if (!this.match) throw new JavaError('illegal_state_exception', 'No match found');
        const g = args[0];
        if (typeof g === 'string') return this.match.groups?.[g] ?? null;
        return this.match[g === undefined ? 0 : int(g)] ?? null;
      }
      case 'start/0':
        if (!this.match) throw new JavaError('illegal_state_exception', 'No match available');
        return this.match.index;
      case 'end/0':
        if (!this.match) throw new JavaError('illegal_state_exception', 'No match available');
        return this.match.index + this.match[0].length;
      case 'groupCount/0':
        return this.re.source.match(/\((?!\?)/g)?.length ?? 0;
    }
    return NO_MEMBER;
  }
}

const PATTERN: Table = {
  'matcher/1': (p: JPattern, s: unknown) => new JMatcher(p, str(s)),
  'pattern/0': (p: JPattern) => p.source,
  'split/1': (p: JPattern, s: unknown) => javaSplit(deriveRegex(p.re, p.re.flags.includes('g') ? p.re.flags : p.re.flags + 'g'), str(s)),
  'toString/0': (p: JPattern) => p.source,
};

function tableOf(v: unknown): Table | undefined {
  if (typeof v === 'string') return STRING;
  if (Array.isArray(v)) return LIST;
  if (v instanceof Map) return MAP;
  if (typeof v === 'number' || v instanceof JDouble) return NUMBER;
  if (typeof v === 'boolean') return BOOLEAN;
  if (v instanceof JPattern) return PATTERN;
  return undefined;
}

function noMethod(recv: unknown, name: string, n: number): JavaError {
  return scriptIae(`Unable to find dynamic method [${name.replace('#literal', '')}] with [${n}] arguments for class [${javaClassOf(recv)}].`);
}

/** `recv.name(args)` dispatched on the runtime type. */
export function callMethod(recv: unknown, name: string, args: unknown[]): unknown {
  if (recv === null || recv === undefined) throw npe();
  if (recv instanceof HostObject) {
    const r = recv.call(name, args);
    if (r === NO_MEMBER) {
      if (name === 'toString' && args.length === 0) return javaString(recv);
      throw noMethod(recv, name, args.length);
    }
    return r;
  }
  const m = tableOf(recv)?.[`${name}/${args.length}`];
  if (!m) throw noMethod(recv, name, args.length);
  return (m as (s: unknown, ...a: unknown[]) => unknown)(recv, ...args);
}

function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

/** `obj.name`: map shortcut, list index shortcut, array `length`, bean getters (`getX`/`isX`). */
export function getField(obj: unknown, name: string): unknown {
  if (obj instanceof Map) return obj.get(name) ?? null;
  if (obj === null || obj === undefined) throw npe();
  if (obj instanceof HostObject) {
    const r = obj.field(name);
    if (r !== NO_MEMBER) return r;
  } else if (Array.isArray(obj)) {
    if (name === 'length') return obj.length;
    if (/^[0-9]+$/.test(name)) {
      const n = Number(name);
      checkIndex(obj, n);
      return obj[n];
    }
  }
  const getter = `get${capitalize(name)}`;
  const is = `is${capitalize(name)}`;
  if (obj instanceof HostObject) {
    for (const g of [getter, is]) {
      const r = obj.call(g, []);
      if (r !== NO_MEMBER) return r;
    }
  } else {
    const t = tableOf(obj);
    const m = t?.[`${getter}/0`] ?? t?.[`${is}/0`];
    if (m) return (m as (s: unknown) => unknown)(obj);
  }
  throw scriptIae(`Unable to find dynamic field [${name}] for class [${javaClassOf(obj)}].`);
}

/** `obj.name = v`. */
export function setField(obj: unknown, name: string, v: unknown): void {
  if (obj instanceof Map) {
    obj.set(name, v);
    return;
  }
  if (obj === null || obj === undefined) throw npe();
  if (Array.isArray(obj) && /^[0-9]+$/.test(name)) {
    const n = Number(name);
    checkIndex(obj, n);
    obj[n] = v;
    return;
  }
  throw scriptIae(`Unable to find dynamic field [${name}] for class [${javaClassOf(obj)}].`);
}

/** `obj[i]`: arrays/lists by index, maps by key, host objects by their own rule. */
export function getIndex(obj: unknown, key: unknown): unknown {
  if (Array.isArray(obj)) {
    const n = int(key);
    checkIndex(obj, n);
    return obj[n];
  }
  if (obj instanceof Map) return obj.get(mapKey(key)) ?? null;
  if (obj instanceof HostObject) {
    const r = obj.index(key);
    if (r !== NO_MEMBER) return r;
  }
  if (obj === null || obj === undefined) throw npe();
  throw scriptIae(`Attempting to address a non-array-like type [${javaClassOf(obj)}] as an array.`);
}

/** `obj[i] = v`. */
export function setIndex(obj: unknown, key: unknown, v: unknown): void {
  if (Array.isArray(obj)) {
    const n = int(key);
    checkIndex(obj, n);
    obj[n] = v;
    return;
  }
  if (obj instanceof Map) {
    obj.set(mapKey(key), v);
    return;
  }
  if (obj === null || obj === undefined) throw npe();
  throw scriptIae(`Attempting to address a non-array-like type [${javaClassOf(obj)}] as an array.`);
}

export { javaDouble };
