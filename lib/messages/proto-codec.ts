/**
 * The strict, schema-driven converter between the shard boundary's plain messages and their
 * protobuf types (schema.ts). protobufjs's own `fromObject` skips keys its type does not know;
 * this converter refuses them, so a field added to a message but not to the schema fails the
 * first call that carries it instead of vanishing on the way. It also refuses a missing
 * required field (proto3 would send its default) and a value of the wrong kind, so a decoded
 * message is the encoded one, field for field.
 *
 * Conventions that keep the TypeScript shapes unchanged:
 * - a field of type `Value` carries any JSON-like value (proto-value.ts);
 * - a message named `...List` with one repeated field `items` is the JavaScript array itself
 *   (used where a list is optional: absent and empty stay apart);
 * - a one-of named `kind` or `op` is a discriminated union: `{kind: 'top_hits', ...fields}` is
 *   the member `top_hits` holding `fields`, beside the message's other fields (`name`);
 * - a string field `x_json` carries the JavaScript member `x` as JSON text;
 * - a singular message field without `optional` is `null` in JavaScript when absent;
 * - other one-of members and `optional` fields are absent in JavaScript when absent on the wire.
 */
import protobuf from 'protobufjs';
import { describe, fromValue, isPlainObject, toValue, wireFail } from './proto-value.js';

const DISCRIMINANTS = new Set(['kind', 'op']);

interface Union {
  /** The JavaScript key that names the member (`kind`, `op`). */
  key: string;
  oneof: protobuf.OneOf;
  byValue: Map<string, protobuf.Field>;
}

/** What the converter knows of one message type. */
export interface TypeInfo {
  readonly type: protobuf.Type;
  /** Fields by JavaScript key (union members excluded). */
  readonly byKey: Map<string, protobuf.Field>;
  /** Fields that must be present (not `optional`, not in a one-of, or repeated). */
  readonly required: protobuf.Field[];
  readonly union?: Union;
  /** The `items` field when the type is a list wrapper. */
  readonly listOf?: protobuf.Field;
}

const snake = (name: string): string => name.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
const jsKey = (f: protobuf.Field): string => (f.type === 'string' && f.name.endsWith('Json') ? f.name.slice(0, -4) : f.name);
const isOptional = (f: protobuf.Field): boolean => (f.options as Record<string, unknown> | undefined)?.['proto3_optional'] === true;

function infoFor(type: protobuf.Type): TypeInfo {
  const unionOneof = type.oneofsArray.find((o) => DISCRIMINANTS.has(o.name));
  const union = unionOneof && { key: unionOneof.name, oneof: unionOneof, byValue: new Map(unionOneof.fieldsArray.map((f) => [snake(f.name), f])) };
  const byKey = new Map<string, protobuf.Field>();
  const required: protobuf.Field[] = [];
  for (const f of type.fieldsArray) {
    if (union && f.partOf === union.oneof) continue;
    byKey.set(jsKey(f), f);
    if (f.repeated || (!f.partOf && !isOptional(f))) required.push(f);
  }
  const only = type.fieldsArray[0];
  const listOf = type.name.endsWith('List') && type.fieldsArray.length === 1 && only?.name === 'items' && only.repeated ? only : undefined;
  return { type, byKey, required, ...(union ? { union } : {}), ...(listOf ? { listOf } : {}) };
}

/** The converter's view of every message type of a schema, computed once. */
export class MessageTypes {
  private readonly infos = new Map<protobuf.Type, TypeInfo>();
  readonly value: protobuf.Type;

  constructor(root: protobuf.Root, pkg: string) {
    const ns = root.lookup(pkg) as protobuf.Namespace;
    for (const t of ns.nestedArray) if (t instanceof protobuf.Type) this.infos.set(t, infoFor(t));
    this.value = root.lookupType(`${pkg}.Value`);
  }

  info(type: protobuf.Type): TypeInfo {
    const i = this.infos.get(type);
    if (!i) throw new TypeError(`no message type ${type.fullName} in the schema`);
    return i;
  }

  /** The plain object protobufjs encodes for message `v` of `info`'s type; throws when `v` does not fit. */
  toWire(info: TypeInfo, v: unknown, path: string): Record<string, unknown> {
    if (!isPlainObject(v)) return wireFail(path, `expected a ${info.type.name} message, got ${describe(v)}`);
    if (Object.getOwnPropertySymbols(v).length > 0) wireFail(path, 'symbol keys');
    const out: Record<string, unknown> = {};
    const rest: Record<string, unknown> = {};
    for (const key of Object.keys(v)) {
      if (info.union && key === info.union.key) continue;
      const field = info.byKey.get(key);
      if (!field) {
        if (info.union) Object.defineProperty(rest, key, { value: v[key], enumerable: true });
        else wireFail(`${path}.${key}`, `${info.type.name} has no field [${key}]`);
        continue;
      }
      const x = v[key];
      if (x !== undefined) out[field.name] = this.fieldToWire(field, x, `${path}.${key}`);
    }
    for (const f of info.required) if (v[jsKey(f)] === undefined) wireFail(`${path}.${jsKey(f)}`, `required field of ${info.type.name} missing`);
    if (info.union) {
      const d = v[info.union.key];
      const member = typeof d === 'string' ? info.union.byValue.get(d) : undefined;
      if (!member) return wireFail(`${path}.${info.union.key}`, `${info.type.name} has no ${info.union.key} [${String(d)}]`);
      out[member.name] = this.toWire(this.info(member.resolvedType as protobuf.Type), rest, path);
    }
    return out;
  }

  private fieldToWire(f: protobuf.Field, x: unknown, path: string): unknown {
    if (!f.repeated) return this.elemToWire(f, x, path);
    if (!Array.isArray(x)) return wireFail(path, `expected a list, got ${describe(x)}`);
    const out: unknown[] = [];
    for (let i = 0; i < x.length; i++) {
      if (!(i in x) || x[i] === undefined) wireFail(`${path}[${i}]`, 'an undefined element');
      out.push(this.elemToWire(f, x[i], `${path}[${i}]`));
    }
    return out;
  }

  private elemToWire(f: protobuf.Field, x: unknown, path: string): unknown {
    const rt = f.resolvedType;
    if (rt instanceof protobuf.Type) {
      if (rt === this.value) return toValue(x, path);
      if (x === null) {
        // null is absence only where absence decodes as null
        if (f.repeated || f.partOf || isOptional(f)) wireFail(path, 'null');
        return undefined;
      }
      const info = this.info(rt);
      if (info.listOf) return { items: this.fieldToWire(info.listOf, x, path) };
      return this.toWire(info, x, path);
    }
    if (rt) return wireFail(path, `enum fields are not used (${f.name})`);
    if (jsKey(f) !== f.name) return JSON.stringify(x);
    return scalar(f.type, x, path);
  }

  /** The plain message of a decoded protobufjs message of `info`'s type. */
  fromWire(info: TypeInfo, m: Record<string, unknown>): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    let member = false;
    for (const f of info.type.fieldsArray) {
      const present = Object.hasOwn(m, f.name);
      if (info.union && f.partOf === info.union.oneof) {
        if (!present) continue;
        member = true;
        out[info.union.key] = snake(f.name);
        Object.assign(out, this.fromWire(this.info(f.resolvedType as protobuf.Type), m[f.name] as Record<string, unknown>));
        continue;
      }
      const key = jsKey(f);
      if (f.repeated) out[key] = ((present ? m[f.name] : []) as unknown[]).map((e) => this.elemFromWire(f, e));
      else if (present) out[key] = this.elemFromWire(f, m[f.name]);
      else if (f.resolvedType instanceof protobuf.Type) {
        if (!f.partOf && !isOptional(f)) out[key] = null;
      } else if (!f.partOf && !isOptional(f)) out[key] = f.type === 'bytes' ? Buffer.alloc(0) : f.typeDefault;
    }
    if (info.union && !member) wireFail('$', `${info.type.name} without its ${info.union.key}`);
    return out;
  }

  private elemFromWire(f: protobuf.Field, x: unknown): unknown {
    const rt = f.resolvedType;
    if (rt instanceof protobuf.Type) {
      if (rt === this.value) return fromValue(x as Record<string, unknown>);
      const info = this.info(rt);
      if (info.listOf) return ((x as Record<string, unknown[]>)['items'] ?? []).map((e) => this.elemFromWire(info.listOf!, e));
      return this.fromWire(info, x as Record<string, unknown>);
    }
    if (jsKey(f) !== f.name) return JSON.parse(x as string) as unknown;
    return x;
  }
}

function scalar(type: string, x: unknown, path: string): unknown {
  const ok = (good: boolean): unknown => (good ? x : wireFail(path, `expected ${type}, got ${describe(x)}`));
  switch (type) {
    case 'string':
      return ok(typeof x === 'string');
    case 'bool':
      return ok(typeof x === 'boolean');
    case 'double':
      return ok(typeof x === 'number');
    case 'int32':
    case 'sint32':
      return ok(Number.isInteger(x) && (x as number) >= -(2 ** 31) && (x as number) < 2 ** 31);
    case 'bytes':
      return ok(x instanceof Uint8Array);
    default:
      return wireFail(path, `scalar type ${type} is not used`);
  }
}
