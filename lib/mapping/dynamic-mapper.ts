/**
 * Dynamic mapping during one document parse (ES 5.6 DocumentParser#parseDynamicValue,
 * #createBuilderFromDynamicValue, #getDynamicParentMapper): decides whether an unmapped field may
 * be added (`dynamic`), builds its mapper from a dynamic template or ES's defaults (strings →
 * `text` + `keyword` sub-field, date detection, integers → `long`, floats → `float`, booleans),
 * and records every addition so the caller can build the mapping update.
 */
import { DEFAULT_DATE_FORMAT, DEFAULT_DYNAMIC_DATE_FORMATS, dateFormatter } from './date-format.js';
import { type XContentFieldType, defaultMappingType, findTemplate, templateMapping } from './dynamic-templates.js';
import { JsonNumber, JsonObject, type JsonValue } from './json-tree.js';
import { type FieldMapping, type Mapper, type ObjectMapping, childPath } from './mapper-types.js';
import { mapperParsing, strictDynamic } from './mapping-errors.js';
import type { ParseEnvironment } from './document-parser.js';
import { illegalArgument } from '../errors/errors.js';
import { parseMapper } from './type-parser.js';
import { typeIndex } from './type-lookup.js';
import { javaParseDouble } from './number-values.js';

function emptyObject(name: string, path: string): ObjectMapping {
  return Object.freeze({ kind: 'object', name, path, nested: false, properties: new Map() });
}

function isLong(text: string): boolean {
  if (!/^[+-]?\d+$/.test(text)) return false;
  const b = BigInt(text);
  return b >= -(1n << 63n) && b < 1n << 63n;
}

function isDouble(text: string): boolean {
  try {
    javaParseDouble(text);
    return true;
  } catch {
    return false;
  }
}

export class DynamicMapper {
  /** Mappers added in this parse, by full path (created with the first: most documents add none). */
  private added: Map<string, Mapper> | undefined;

  constructor(private readonly env: ParseEnvironment) {}

  /** A child of an object, looking at this parse's additions too. */
  child(obj: ObjectMapping, name: string): Mapper | undefined {
    return obj.properties.get(name) ?? this.added?.get(childPath(obj.path, name));
  }

  private objectByPath(path: string): ObjectMapping | undefined {
    const m = typeIndex(this.env.type).objects.get(path) ?? this.added?.get(path);
    return m && m.kind === 'object' ? m : undefined;
  }

  /** A leaf (or multi-field) of this type by full path. */
  fieldByPath(path: string): FieldMapping | undefined {
    const m = typeIndex(this.env.type).fields.get(path) ?? this.added?.get(path);
    return m && m.kind === 'field' ? m : undefined;
  }

  /** The effective `dynamic` of an object: its own, else its nearest ancestor's, else `true`. */
  dynamicOf(obj: ObjectMapping): 'true' | 'false' | 'strict' {
    let cur: ObjectMapping | undefined = obj;
    while (cur) {
      if (cur.dynamic !== undefined) return cur.dynamic;
      if (cur.path === '') break;
      const dot = cur.path.lastIndexOf('.');
      cur = this.objectByPath(dot < 0 ? '' : cur.path.slice(0, dot));
    }
    return 'true';
  }

  strictError(obj: ObjectMapping, name: string): Error {
    return strictDynamic(obj.path === '' ? this.env.type.type : obj.path, name);
  }

  private register(m: Mapper): void {
    (this.added ??= new Map()).set(m.path, m);
  }

  /**
   * Resolve (creating dynamically where allowed) the intermediate objects of a dotted name.
   * Returns undefined when `dynamic: false` stops the walk.
   */
  dynamicParent(parent: ObjectMapping, parts: string[]): ObjectMapping | undefined {
    let obj = parent;
    for (let i = 0; i < parts.length - 1; i++) {
      const part = parts[i] as string;
      const path = childPath(obj.path, part);
      const existing = this.child(obj, part) ?? this.fieldByPath(path);
      if (existing && existing.kind === 'field') {
        throw mapperParsing(`Could not dynamically add mapping for field [${parts.join('.')}]. Existing mapping for [${path}] must be of type object but found [${existing.type}].`);
      }
      if (existing) {
        obj = existing;
        continue;
      }
      const dyn = this.dynamicOf(obj);
      if (dyn === 'strict') throw this.strictError(obj, part);
      if (dyn === 'false') return undefined;
      const created = this.buildObject(obj, part);
      if (created.nested) {
        throw mapperParsing(`It is forbidden to create dynamic nested objects ([${path}]) through \`copy_to\` or dots in field names`);
      }
      this.register(created);
      obj = created;
    }
    return obj;
  }

  private buildObject(parent: ObjectMapping, name: string): ObjectMapping {
    const path = childPath(parent.path, name);
    const limit = this.env.depthLimit;
    if (limit !== undefined && path.split('.').length + 1 > limit) {
      throw illegalArgument(`Limit of mapping depth [${limit}] in index [${this.env.index}] has been exceeded due to object field [${path}]`);
    }
    const t = findTemplate(this.env.type.dynamicTemplates, path, name, 'object');
    if (t) {
      const m = parseMapper(name, name, path, templateMapping(t, name, 'object'), this.env);
      if (m.kind === 'object') return m;
    }
    return emptyObject(name, path);
  }

  /** For an unmapped array: a template-built mapper that takes whole arrays (geo_point), if any. */
  arrayMapper(parent: ObjectMapping, name: string): Mapper | undefined {
    const dyn = this.dynamicOf(parent);
    if (dyn === 'strict') throw this.strictError(parent, name);
    if (dyn === 'false') return undefined;
    const path = childPath(parent.path, name);
    const t = findTemplate(this.env.type.dynamicTemplates, path, name, 'object');
    if (!t) return undefined;
    const m = parseMapper(name, name, path, templateMapping(t, name, 'object'), this.env);
    if (m.kind === 'field' && (m.type === 'geo_point' || m.params.extra !== undefined)) {
      this.register(m);
      return m;
    }
    return undefined;
  }

  /** Create the mapper for an unmapped object or scalar value, or undefined when not allowed. */
  createMapper(parent: ObjectMapping, name: string, value: JsonValue): Mapper | undefined {
    const dyn = this.dynamicOf(parent);
    if (dyn === 'strict') throw this.strictError(parent, name);
    if (dyn === 'false') return undefined;
    const m = value instanceof JsonObject ? this.buildObject(parent, name) : this.buildLeaf(parent, name, value);
    this.register(m);
    return m;
  }

  /** A `copy_to` target that does not exist yet: created from the root like a dotted name. */
  copyToTarget(path: string, value: JsonValue): FieldMapping | undefined {
    const parts = path.split('.');
    const parent = this.dynamicParent(this.env.type.root, parts);
    if (!parent) return undefined;
    const m = this.createMapper(parent, parts[parts.length - 1] as string, value);
    return m && m.kind === 'field' ? m : undefined;
  }

  private buildLeaf(parent: ObjectMapping, name: string, value: JsonValue): Mapper {
    const path = childPath(parent.path, name);
    const tm = this.env.type;
    // a field of the same name in another type: copy it so the types stay compatible
    const other = this.env.fieldInAnyType(path);
    if (other) return other;
    let kind: XContentFieldType;
    let dateFormat: string | undefined;
    if (typeof value === 'string') {
      kind = 'string';
      const asLong = isLong(value);
      const asDouble = isDouble(value);
      if (asLong && tm.numericDetection) kind = 'long';
      else if (asDouble && tm.numericDetection) kind = 'double';
      else if (!asLong && !asDouble && (tm.dateDetection ?? true)) {
        for (const fmt of tm.dynamicDateFormats ?? DEFAULT_DYNAMIC_DATE_FORMATS) {
          try {
            dateFormatter(fmt).parseMillis(value);
          } catch {
            continue;
          }
          kind = 'date';
          dateFormat = fmt;
          break;
        }
      }
    } else if (value instanceof JsonNumber) kind = value.isFloat ? 'double' : 'long';
    else if (typeof value === 'boolean') kind = 'boolean';
    else kind = 'string';
    const t = findTemplate(tm.dynamicTemplates, path, name, kind);
    let def: Record<string, unknown>;
    if (t) {
      def = templateMapping(t, name, defaultMappingType(kind));
      if (kind === 'date' && def['type'] === 'date' && def['format'] === undefined && dateFormat !== DEFAULT_DATE_FORMAT) def['format'] = dateFormat;
    } else if (kind === 'string') {
      def = { type: 'text', fields: { keyword: { type: 'keyword', ignore_above: 256 } } };
    } else if (kind === 'date') {
      def = dateFormat === DEFAULT_DATE_FORMAT ? { type: 'date' } : { type: 'date', format: dateFormat };
    } else {
      def = { type: defaultMappingType(kind) };
    }
    return parseMapper(name, name, path, def, this.env);
  }

  /** The mapping update: a root holding every addition under copies of its existing parents. */
  updateRoot(): ObjectMapping | undefined {
    const added = this.added;
    if (added === undefined || added.size === 0) return undefined;
    type Node = { mapper: Mapper; children: Map<string, Node> };
    const root: Node = { mapper: { ...this.env.type.root, properties: new Map() }, children: new Map() };
    const nodeFor = (path: string): Node => {
      if (path === '') return root;
      const dot = path.lastIndexOf('.');
      const parent = nodeFor(dot < 0 ? '' : path.slice(0, dot));
      const name = dot < 0 ? path : path.slice(dot + 1);
      let n = parent.children.get(name);
      if (!n) {
        const m = added.get(path) ?? this.objectByPath(path);
        const base = m && m.kind === 'object' ? { ...m, properties: new Map() } : (m ?? emptyObject(name, path));
        n = { mapper: base as Mapper, children: new Map() };
        parent.children.set(name, n);
      }
      return n;
    };
    for (const path of [...added.keys()].sort()) nodeFor(path);
    const build = (n: Node): Mapper => {
      if (n.mapper.kind === 'field') return n.mapper;
      const props = new Map<string, Mapper>();
      for (const [k, c] of n.children) props.set(k, build(c));
      return Object.freeze({ ...n.mapper, properties: props });
    };
    return build(root) as ObjectMapping;
  }
}
