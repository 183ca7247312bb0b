/**
 * Parse a source document against a type mapping into a {@link ParsedDocument}, reproducing ES
 * 5.6's DocumentParser: the object walk (dotted field names, arrays, nulls), dynamic mapping
 * (`dynamic` true/false/strict, templates, date and numeric detection), nested documents,
 * `copy_to`, multi-fields, `_all`, `_field_names` and the metadata fields (`_uid`, `_type`,
 * `_routing`, `_parent`, `_source`). New fields found on the way are returned as a mapping
 * update to merge before the document is indexed.
 */
import { EsError, mapperParsing, routingMissing, toEsError } from '../errors/errors.js';
import { resolveAnalyzer } from './analyzer-resolution.js';
import { DynamicMapper } from './dynamic-mapper.js';
import { type AnalyzedRun, DocFields, type FieldShape } from './field-accumulator.js';
import { JsonObject, type JsonValue, TrailingDataError, parseJsonTree } from './json-tree.js';
import { type FieldMapping, META_FIELDS, type Mapper, type ObjectMapping, type TypeMapping } from './mapper-types.js';
import { illegalArgument } from './mapping-errors.js';
import { renderObject } from './mapping-render.js';
import type { NestedDocument, ParsedDocument } from './parsed-document.js';
import { filterSource } from './source-filter.js';
import { type IndexedValue, type ValueContext, indexValue } from './value-indexer.js';
import { decodeUtf8 } from '../units/utf8.js';

/** What the parser needs to know about the index beyond the type being parsed. */
export interface ParseEnvironment extends ValueContext {
  readonly index: string;
  readonly type: TypeMapping;
  /** A leaf field of the same path in any type (dynamic fields reuse its definition). */
  fieldInAnyType(path: string): FieldMapping | undefined;
  /** Whether some type names this type as its `_parent`. */
  readonly isParentType: boolean;
  /**
   * `index.mapping.depth.limit`: a dynamic object deeper than this fails while the document is
   * parsed (the same error the mapping merge would give), so a document nested thousands deep
   * never recurses further than the limit.
   */
  readonly depthLimit?: number;
}

/** The result of parsing one document. */
export interface ParseResult {
  doc: ParsedDocument;
  /** `{properties: {...}}` of the fields dynamic mapping added, to merge into the type. */
  dynamicUpdate?: Record<string, unknown>;
}

interface DocFrame {
  fields: DocFields;
  /** Nested path of this document ('' for the root). */
  path: string;
  /** Index into `nested` (undefined for the root). */
  nestedIndex?: number;
  parent?: DocFrame;
  /** Next offset per nested path among this document's children (created with the first). */
  offsets?: Map<string, number>;
}

const KEYWORD_SHAPE: FieldShape = { indexed: true, positions: false, offsets: false, norms: false, boost: 1, store: false, docValues: 'string' };
const META_SHAPE: FieldShape = { indexed: true, positions: false, offsets: false, norms: false, boost: 1, store: false };

/** Parse a document source. Throws ES's mapper_parsing_exception family on failure. */
export function parseDocument(env: ParseEnvironment, id: string, source: Buffer, opts: { routing?: string; parent?: string } = {}): ParseResult {
  const tm = env.type;
  if (tm.meta.parent === undefined && opts.parent !== undefined) {
    throw illegalArgument("can't specify parent if no parent field has been configured");
  }
  if ((tm.meta.routing.required || tm.meta.parent !== undefined) && opts.routing === undefined && opts.parent === undefined) {
    throw routingMissing(env.index, tm.type, id);
  }
  const tree = readSource(source);
  const run = new ParseRun(env);
  if (tm.root.enabled !== false) run.parseObjectBody(tm.root, tree, run.root, undefined);
  return run.finish(id, source, tree, opts);
}

function readSource(source: Buffer): JsonObject {
  if (source.length === 0) throw mapperParsing('failed to parse, document is empty');
  let tree: JsonValue;
  try {
    tree = parseJsonTree(decodeUtf8(source));
  } catch (e) {
    if (e instanceof TrailingDataError) throw mapperParsing('failed to parse', illegalArgument(e.message));
    throw mapperParsing('failed to parse', e as EsError);
  }
  if (!(tree instanceof JsonObject)) throw mapperParsing('Malformed content, must start with an object');
  return tree;
}

class ParseRun {
  readonly root: DocFrame = { fields: new DocFields(), path: '' };
  readonly nested: NestedDocument[] = [];
  private readonly nestedFrames: DocFrame[] = [];
  /** `_all`'s values in document order, each with the field's tokens when it analyzed the text. */
  private readonly allEntries: Array<{ text: string; run: AnalyzedRun | undefined }> = [];
  readonly dyn: DynamicMapper;

  constructor(private readonly env: ParseEnvironment) {
    this.dyn = new DynamicMapper(env);
  }

  /** Walk an object's entries (ObjectMapper body). `includeInAll` is the inherited default. */
  parseObjectBody(obj: ObjectMapping, json: JsonObject, frame: DocFrame, includeInAll: boolean | undefined): void {
    const isRoot = obj.path === '';
    for (const [key, value] of json.entries) {
      if (isRoot && META_FIELDS.has(key)) {
        throw mapperParsing(`Field [${key}] is a metadata field and cannot be added inside a document. Use the index API request parameters.`);
      }
      this.parseEntry(obj, key, value, frame, includeInAll);
    }
  }

  private parseEntry(parent: ObjectMapping, key: string, value: JsonValue, frame: DocFrame, includeInAll: boolean | undefined): void {
    const parts = splitPath(key);
    const mapper = this.getMapper(parent, key, parts);
    if (mapper) {
      this.parseWithMapper(mapper, key, value, frame, includeInAll, parent);
      return;
    }
    if (value === null) {
      if (parent.dynamic === 'strict') throw this.dyn.strictError(parent, key);
      return;
    }
    const target = this.dyn.dynamicParent(parent, parts);
    if (!target) return;
    const name = parts[parts.length - 1] as string;
    if (Array.isArray(value)) {
      const templ = this.dyn.arrayMapper(target, name);
      if (templ) {
        this.parseWithMapper(templ, name, value, frame, includeInAll, target);
        return;
      }
      for (const el of value) this.parseEntry(target, name, el, frame, includeInAll);
      return;
    }
    const created = this.dyn.createMapper(target, name, value);
    if (created) this.parseWithMapper(created, name, value, frame, includeInAll, target);
  }

  private getMapper(parent: ObjectMapping, key: string, parts: string[]): Mapper | undefined {
    let obj = parent;
    for (let i = 0; i < parts.length - 1; i++) {
      const m = this.dyn.child(obj, parts[i] as string);
      if (!m || m.kind !== 'object') return undefined;
      obj = m;
      if (obj.nested) {
        throw mapperParsing(`Cannot add a value for field [${key}] since one of the intermediate objects is mapped as a nested object: [${obj.path}]`);
      }
    }
    return this.dyn.child(obj, parts[parts.length - 1] as string);
  }

  private parseWithMapper(mapper: Mapper, key: string, value: JsonValue, frame: DocFrame, includeInAll: boolean | undefined, parent: ObjectMapping): void {
    if (mapper.kind === 'object') {
      if (value === null) return;
      if (Array.isArray(value)) {
        for (const el of value) this.parseWithMapper(mapper, key, el, frame, includeInAll, parent);
        return;
      }
      if (!(value instanceof JsonObject)) {
        throw mapperParsing(`object mapping for [${mapper.path}] tried to parse field [${key}] as object, but found a concrete value`);
      }
      this.parseObject(mapper, value, frame, includeInAll);
      return;
    }
    // geo_point and the as-given types take whole arrays ("ArrayValueMapperParser")
    if (Array.isArray(value) && mapper.type !== 'geo_point' && mapper.params.extra === undefined) {
      for (const el of value) this.parseWithMapper(mapper, key, el, frame, includeInAll, parent);
      return;
    }
    this.parseField(mapper, value, frame, includeInAll, false);
  }

  private parseObject(obj: ObjectMapping, json: JsonObject, frame: DocFrame, includeInAll: boolean | undefined): void {
    if (obj.enabled === false) return;
    const inAll = obj.includeInAll ?? includeInAll;
    if (!obj.nested) {
      this.parseObjectBody(obj, json, frame, inAll);
      return;
    }
    const offsets = (frame.offsets ??= new Map());
    const offset = offsets.get(obj.path) ?? 0;
    offsets.set(obj.path, offset + 1);
    const child: DocFrame = { fields: new DocFields(), path: obj.path, parent: frame, nestedIndex: this.nested.length };
    const nd: NestedDocument = { path: obj.path, offset, fields: [] };
    if (frame.nestedIndex !== undefined) nd.parentIndex = frame.nestedIndex;
    this.nested.push(nd);
    this.nestedFrames.push(child);
    // nested documents carry `_type: __<path>` so top-level queries can exclude them (ES's non-nested filter)
    child.fields.acc('_type', META_SHAPE).addTerm(`__${obj.path}`, `__${obj.path}`);
    this.parseObjectBody(obj, json, child, inAll);
    if (obj.includeInParent) frame.fields.absorb(child.fields);
    if (obj.includeInRoot && !(obj.includeInParent && frame === this.root)) this.root.fields.absorb(child.fields);
  }

  /** Index a leaf value, its multi-fields and its copy_to targets. */
  parseField(f: FieldMapping, value: JsonValue, frame: DocFrame, includeInAll: boolean | undefined, withinCopyTo: boolean): void {
    let res: IndexedValue;
    try {
      res = indexValue(f, value, frame.fields, this.env);
    } catch (e) {
      if (f.params.ignoreMalformed && value !== null) return;
      // PercolatorFieldMapper parses on its own: its errors reach DocumentParser's plain wrapper
      throw mapperParsing(f.type === 'percolator' ? 'failed to parse' : `failed to parse [${f.path}]`, toEsError(e));
    }
    if (res.added) frame.fields.markFieldName(f.path);
    if (res.all !== undefined && !withinCopyTo && this.includeInAll(f, includeInAll)) this.allEntries.push({ text: res.all, run: res.allRun });
    for (const sub of f.fields.values()) this.parseField(sub, value, frame, false, true);
    if (!withinCopyTo) for (const target of f.copyTo) this.copyTo(target, value, frame);
  }

  private includeInAll(f: FieldMapping, inherited: boolean | undefined): boolean {
    if (this.env.type.meta.all.enabled === false) return false;
    const explicit = f.params.includeInAll ?? inherited;
    if (explicit !== undefined) return explicit;
    return f.params.index ?? true;
  }

  private copyTo(target: string, value: JsonValue, frame: DocFrame): void {
    // copy into the innermost nested document whose path prefixes the target, else the root
    let doc: DocFrame = frame;
    while (doc.parent && !target.startsWith(doc.path + '.')) doc = doc.parent;
    const f = this.dyn.fieldByPath(target) ?? this.dyn.copyToTarget(target, value);
    if (f) this.parseField(f, value, doc, undefined, true);
  }

  finish(id: string, source: Buffer, tree: JsonObject, opts: { routing?: string; parent?: string }): ParseResult {
    const tm = this.env.type;
    const rootFields = this.root.fields;
    if (tm.meta.all.enabled !== false && this.allEntries.length > 0) {
      const a = tm.meta.all;
      const acc = rootFields.acc('_all', { indexed: true, positions: true, offsets: false, norms: a.norms ?? true, boost: 1, store: a.store ?? false });
      const analyzer = resolveAnalyzer(this.env.registry, a.analyzer ?? 'default');
      for (const { text, run } of this.allEntries) {
        // The field's own analysis of the same text by the same analyzer gave these tokens.
        if (run !== undefined && run.analyzer === analyzer) acc.addRun(text, run);
        else acc.addAnalyzed(text, analyzer);
        acc.addStored(text);
      }
    }
    const uid = `${tm.type}#${id}`;
    rootFields.acc('_uid', KEYWORD_SHAPE).addTerm(uid, uid);
    rootFields.fields.get('_uid')?.addDocValue(uid);
    rootFields.acc('_type', KEYWORD_SHAPE).addTerm(tm.type, tm.type);
    rootFields.fields.get('_type')?.addDocValue(tm.type);
    if (opts.routing !== undefined) {
      const r = rootFields.acc('_routing', { ...META_SHAPE, store: true });
      r.addTerm(opts.routing, opts.routing);
      r.addStored(opts.routing);
    }
    if (tm.meta.parent !== undefined && opts.parent !== undefined) {
      const p = rootFields.acc('_parent', { ...META_SHAPE, store: true });
      p.addTerm(`${tm.meta.parent.type}#${opts.parent}`, opts.parent);
      p.addStored(opts.parent);
      rootFields.acc(`_parent#${tm.meta.parent.type}`, { ...KEYWORD_SHAPE, indexed: false }).addDocValue(opts.parent);
    }
    if (this.env.isParentType) rootFields.acc(`_parent#${tm.type}`, { ...KEYWORD_SHAPE, indexed: false }).addDocValue(id);
    const fieldNamesOn = tm.meta.fieldNames.enabled !== false;
    const frames: DocFrame[] = [this.root, ...this.nestedFrames];
    if (fieldNamesOn) {
      for (const fr of frames) {
        const fnAcc = fr.fields.acc('_field_names', META_SHAPE);
        for (const name of sortedNames(fr.fields.fieldNames)) fnAcc.addTerm(name, name);
      }
    }
    this.nestedFrames.forEach((fr, i) => {
      (this.nested[i] as NestedDocument).fields = fr.fields.toFields();
    });
    const doc: ParsedDocument = { type: tm.type, id, parsedSource: source, fields: rootFields.toFields() };
    if (opts.routing !== undefined) doc.routing = opts.routing;
    if (opts.parent !== undefined) doc.parent = opts.parent;
    if (tm.meta.source.enabled !== false) doc.source = filterSource(source, tree, tm.meta.source.includes, tm.meta.source.excludes);
    if (this.nested.length > 0) doc.nested = this.nested;
    const update = this.dyn.updateRoot();
    const result: ParseResult = { doc };
    if (update) result.dynamicUpdate = renderObject(update, false, true);
    return result;
  }
}

/**
 * The names in `set` sorted as `Array#sort` sorts strings. A document has a handful of field
 * names, and `Array#sort` allocated a work array for every document: insertion sort in place.
 */
function sortedNames(set: ReadonlySet<string>): string[] {
  const a = [...set];
  if (a.length > 32) return a.sort();
  for (let i = 1; i < a.length; i++) {
    const s = a[i] as string;
    let j = i - 1;
    while (j >= 0 && (a[j] as string) > s) {
      a[j + 1] = a[j] as string;
      j--;
    }
    a[j + 1] = s;
  }
  return a;
}

/** Split a dotted key; empty segments are ambiguous (`a..b`, `.a`, `a.`). */
function splitPath(key: string): string[] {
  // most keys have no dot: no split, no scan of the parts
  if (key.indexOf('.') < 0) return [key];
  const parts = key.split('.');
  if (parts.length > 1 && parts.some((p) => p.trim().length === 0)) {
    throw illegalArgument(`object field starting or ending with a [.] makes object resolution ambiguous: [${key}]`);
  }
  return parts;
}

