/**
 * Parse a type's mapping JSON (`{properties, dynamic, _all, _source, dynamic_templates, ...}`)
 * into a {@link TypeMapping}, as ES 5.6's DocumentMapperParser, RootObjectMapper.TypeParser and
 * ObjectMapper.TypeParser do: dotted property names become intermediate objects, unknown root
 * parameters fail with `Root mapping definition has unsupported parameters:  [...]`.
 */
import { mappingDateFormat } from './date-format.js';
import { parseDynamicTemplates } from './dynamic-templates.js';
import { type ParserContext, hasAnalyzer, parseField } from './field-parser.js';
import { type DynamicTemplate, type Mapper, type MetaFields, type ObjectMapping, type TypeMapping, childPath } from './mapper-types.js';
import { illegalArgument, javaToString, lenientBoolean, mapperParsing, unsupportedParameters } from './mapping-errors.js';
import { dict } from '../dict.js';

type Json = Record<string, unknown>;

function isMap(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Unwrap `{<type>: {...}}` to `{...}` as ES does when the single key is the type name. */
export function unwrapTypeMapping(type: string, json: Json): Json {
  const keys = Object.keys(json);
  if (keys.length === 1 && keys[0] === type && isMap(json[type])) return json[type] as Json;
  return json;
}

/** `dynamic` values: `strict`, or a lenient boolean. */
function parseDynamic(v: unknown, prop: string, ctx: ParserContext): 'true' | 'false' | 'strict' {
  if (typeof v === 'string' && v.toLowerCase() === 'strict') return 'strict';
  return lenientBoolean(v, prop, ctx.warnings) ? 'true' : 'false';
}

/** Parse the `properties` map of an object at `parentPath`. */
export function parseProperties(parentPath: string, props: unknown, ctx: ParserContext): Map<string, Mapper> {
  const out = new Map<string, Mapper>();
  if (props === null || props === undefined) return out;
  if (!isMap(props)) {
    // ES 5.6 ignores an empty list for properties; anything else is an error
    if (Array.isArray(props) && props.length === 0) return out;
    throw mapperParsing(`Expected map for property [properties] on field [${parentPath}] but got a class java.lang.String`);
  }
  for (const [fieldName, def] of Object.entries(props)) {
    if (fieldName.length === 0) throw illegalArgument('name cannot be empty string');
    if (!isMap(def)) throw mapperParsing(`Expected map for property [fields] on field [${fieldName}] but got a class java.lang.String`);
    const parts = fieldName.split('.');
    if (parts.some((p) => p.length === 0)) throw illegalArgument(`field name cannot contain only whitespace or be empty: ['${fieldName}']`);
    // dotted names declare intermediate objects: {"a.b": {...}} == {"a": {"properties": {"b": {...}}}}
    let targetParent = parentPath;
    for (const part of parts.slice(0, -1)) targetParent = childPath(targetParent, part);
    const leafName = parts[parts.length - 1] as string;
    let mapper = parseMapper(fieldName, leafName, childPath(targetParent, leafName), def, ctx);
    for (let i = parts.length - 2; i >= 0; i--) {
      const objPath = childPath(parentPath, parts.slice(0, i + 1).join('.'));
      mapper = Object.freeze({ kind: 'object', name: parts[i] as string, path: objPath, nested: false, properties: new Map([[mapper.name, mapper]]) }) as ObjectMapping;
    }
    const existing = out.get(mapper.name);
    out.set(mapper.name, existing && existing.kind === 'object' && mapper.kind === 'object' ? mergeObjectsShallow(existing, mapper) : mapper);
  }
  return out;
}

function mergeObjectsShallow(a: ObjectMapping, b: ObjectMapping): ObjectMapping {
  const props = new Map(a.properties);
  for (const [k, v] of b.properties) {
    const ex = props.get(k);
    props.set(k, ex && ex.kind === 'object' && v.kind === 'object' ? mergeObjectsShallow(ex, v) : v);
  }
  return Object.freeze({ ...a, properties: props });
}

/** Parse one property definition (object, nested or leaf). */
export function parseMapper(propName: string, name: string, path: string, def: Json, ctx: ParserContext): Mapper {
  let type: string;
  if (def['type'] !== undefined) type = javaToString(def['type']);
  else if (def['properties'] !== undefined) type = 'object';
  else if (Object.keys(def).length === 1 && def['enabled'] !== undefined) type = 'object';
  else if (Object.keys(def).length === 1 && def['dynamic'] !== undefined) type = 'object';
  else throw mapperParsing(`No type specified for field [${propName}]`);
  if (type === 'object' || type === 'nested') return parseObject(propName, name, path, type === 'nested', def, ctx);
  return parseField(propName, name, path, type, def, ctx);
}

function parseObject(propName: string, name: string, path: string, nested: boolean, def: Json, ctx: ParserContext): ObjectMapping {
  const o: { -readonly [K in keyof ObjectMapping]: ObjectMapping[K] } = { kind: 'object', name, path, nested, properties: new Map() };
  const unsupported: Json = dict(); // unknown parameter names are user input
  for (const [k, v] of Object.entries(def)) {
    switch (k) {
      case 'type':
        break;
      case 'dynamic':
        o.dynamic = parseDynamic(v, `${propName}.dynamic`, ctx);
        break;
      case 'enabled':
        o.enabled = lenientBoolean(v, `${propName}.enabled`, ctx.warnings);
        break;
      case 'include_in_all':
        o.includeInAll = lenientBoolean(v, `${propName}.include_in_all`, ctx.warnings);
        break;
      case 'properties':
        o.properties = parseProperties(path, v, ctx);
        break;
      case 'include_in_parent':
        if (nested) o.includeInParent = lenientBoolean(v, `${propName}.include_in_parent`, ctx.warnings);
        else unsupported[k] = v;
        break;
      case 'include_in_root':
        if (nested) o.includeInRoot = lenientBoolean(v, `${propName}.include_in_root`, ctx.warnings);
        else unsupported[k] = v;
        break;
      default:
        unsupported[k] = v;
    }
  }
  if (Object.keys(unsupported).length > 0) throw unsupportedParameters(propName, unsupported);
  return Object.freeze(o);
}

const EMPTY_META: MetaFields = Object.freeze({ all: {}, source: {}, routing: {}, fieldNames: {} });

/**
 * Parse a type mapping. `existing` supplies the metadata-field settings an update leaves
 * unspecified (ES builds updates on top of the existing metadata mappers).
 */
export function parseTypeMapping(type: string, input: Json, ctx: ParserContext, existing?: TypeMapping): TypeMapping {
  const json = unwrapTypeMapping(type, input);
  const root: { -readonly [K in keyof ObjectMapping]: ObjectMapping[K] } = { kind: 'object', name: type, path: '', nested: false, properties: new Map() };
  const meta: { -readonly [K in keyof MetaFields]: MetaFields[K] } = { ...(existing?.meta ?? EMPTY_META) };
  let dynamicTemplates: readonly DynamicTemplate[] | undefined;
  let dateDetection: boolean | undefined;
  let numericDetection: boolean | undefined;
  let dynamicDateFormats: string[] | undefined;
  const unsupported: Json = dict(); // unknown parameter names are user input
  for (const [k, v] of Object.entries(json)) {
    switch (k) {
      case 'properties':
        root.properties = parseProperties('', v, ctx);
        break;
      case 'dynamic':
        root.dynamic = parseDynamic(v, 'dynamic', ctx);
        break;
      case 'enabled':
        root.enabled = lenientBoolean(v, 'enabled', ctx.warnings);
        break;
      case 'include_in_all':
        root.includeInAll = lenientBoolean(v, 'include_in_all', ctx.warnings);
        break;
      case 'type':
        if (v !== 'object') unsupported[k] = v;
        break;
      case 'dynamic_templates':
        dynamicTemplates = parseDynamicTemplates(v);
        break;
      case 'date_detection':
        dateDetection = lenientBoolean(v, 'date_detection', ctx.warnings);
        break;
      case 'numeric_detection':
        numericDetection = lenientBoolean(v, 'numeric_detection', ctx.warnings);
        break;
      case 'dynamic_date_formats': {
        const list = (Array.isArray(v) ? v : [v]).map(mappingDateFormat);
        if (list.length === 0) throw mapperParsing('Empty [dynamic_date_formats] parameter');
        dynamicDateFormats = list;
        break;
      }
      case '_meta':
        if (!isMap(v)) throw mapperParsing(`[_meta] must be an object, got ${v === null ? 'null' : typeof v}[${javaToString(v)}]`);
        meta.meta = v;
        break;
      case '_all':
        meta.all = parseAll(v, ctx);
        break;
      case '_source':
        meta.source = parseSource(v, ctx);
        break;
      case '_routing':
        meta.routing = parseRouting(v, ctx);
        break;
      case '_parent':
        meta.parent = parseParent(v, ctx);
        break;
      case '_field_names':
        meta.fieldNames = parseEnabledOnly('_field_names', v, ctx);
        break;
      case '_uid':
      case '_id':
      case '_type':
      case '_index':
      case '_version':
        // ES 5 accepts these only empty; anything set on them is rejected by their parsers
        if (isMap(v) && Object.keys(v).length > 0) throw mapperParsing(`${k} is not configurable`);
        break;
      default:
        unsupported[k] = v;
    }
  }
  if (Object.keys(unsupported).length > 0) {
    const list = Object.entries(unsupported).map(([k, v]) => ` [${k} : ${javaToString(v)}]`).join('');
    throw mapperParsing(`Root mapping definition has unsupported parameters: ${list}`);
  }
  const out: TypeMapping = {
    type,
    root: Object.freeze(root),
    meta: Object.freeze(meta),
    ...(dynamicTemplates !== undefined ? { dynamicTemplates } : {}),
    ...(dateDetection !== undefined ? { dateDetection } : {}),
    ...(numericDetection !== undefined ? { numericDetection } : {}),
    ...(dynamicDateFormats !== undefined ? { dynamicDateFormats } : {}),
  };
  return Object.freeze(out);
}

function metaMap(name: string, v: unknown): Json {
  if (!isMap(v)) throw mapperParsing(`[${name}] must be an object`);
  return v;
}

function parseAll(v: unknown, ctx: ParserContext): MetaFields['all'] {
  const out: { -readonly [K in keyof MetaFields['all']]: MetaFields['all'][K] } = {};
  const unsupported: Json = dict(); // unknown parameter names are user input
  for (const [k, x] of Object.entries(metaMap('_all', v))) {
    if (k === 'enabled') out.enabled = lenientBoolean(x, '_all.enabled', ctx.warnings);
    else if (k === 'store') out.store = lenientBoolean(x, '_all.store', ctx.warnings);
    else if (k === 'norms') out.norms = lenientBoolean(x, '_all.norms', ctx.warnings);
    else if (k === 'similarity') out.similarity = javaToString(x);
    else if (k === 'term_vector') out.termVector = javaToString(x);
    else if (k === 'analyzer' || k === 'search_analyzer' || k === 'search_quote_analyzer') {
      if (!hasAnalyzer(ctx.registry, javaToString(x))) throw mapperParsing(`analyzer [${javaToString(x)}] not found for field [_all]`);
      if (k === 'analyzer') out.analyzer = javaToString(x);
      else if (k === 'search_analyzer') out.searchAnalyzer = javaToString(x);
      else out.searchQuoteAnalyzer = javaToString(x);
    } else if (k === 'type') {
      // ignored as ES does
    } else unsupported[k] = x;
  }
  if (Object.keys(unsupported).length > 0) throw unsupportedParameters('_all', unsupported);
  return Object.freeze(out);
}

function parseSource(v: unknown, ctx: ParserContext): MetaFields['source'] {
  const out: { -readonly [K in keyof MetaFields['source']]: MetaFields['source'][K] } = {};
  const unsupported: Json = dict(); // unknown parameter names are user input
  for (const [k, x] of Object.entries(metaMap('_source', v))) {
    if (k === 'enabled') out.enabled = lenientBoolean(x, '_source.enabled', ctx.warnings);
    else if (k === 'includes' || k === 'excludes') {
      const list = Array.isArray(x) ? x.map(javaToString) : [javaToString(x)];
      if (k === 'includes') out.includes = list;
      else out.excludes = list;
    } else unsupported[k] = x;
  }
  if (Object.keys(unsupported).length > 0) throw unsupportedParameters('_source', unsupported);
  return Object.freeze(out);
}

function parseRouting(v: unknown, ctx: ParserContext): MetaFields['routing'] {
  const m = metaMap('_routing', v);
  const unsupported: Json = dict(); // unknown parameter names are user input
  let required: boolean | undefined;
  for (const [k, x] of Object.entries(m)) {
    if (k === 'required') required = lenientBoolean(x, '_routing.required', ctx.warnings);
    else unsupported[k] = x;
  }
  if (Object.keys(unsupported).length > 0) throw unsupportedParameters('_routing', unsupported);
  return Object.freeze(required === undefined ? {} : { required });
}

function parseParent(v: unknown, ctx: ParserContext): MetaFields['parent'] {
  const m = metaMap('_parent', v);
  const unsupported: Json = dict(); // unknown parameter names are user input
  let type: string | undefined;
  let eager: boolean | undefined;
  for (const [k, x] of Object.entries(m)) {
    if (k === 'type') type = javaToString(x);
    else if (k === 'eager_global_ordinals') eager = lenientBoolean(x, '_parent.eager_global_ordinals', ctx.warnings);
    else if (k === 'fielddata') {
      // 2.x-era setting, accepted and ignored
    } else unsupported[k] = x;
  }
  if (Object.keys(unsupported).length > 0) throw unsupportedParameters('_parent', unsupported);
  if (type === undefined) throw mapperParsing('[_parent] field mapping must contain the [type] option');
  return Object.freeze({ type, ...(eager !== undefined ? { eagerGlobalOrdinals: eager } : {}) });
}

function parseEnabledOnly(name: string, v: unknown, ctx: ParserContext): { enabled?: boolean } {
  const unsupported: Json = dict(); // unknown parameter names are user input
  let enabled: boolean | undefined;
  for (const [k, x] of Object.entries(metaMap(name, v))) {
    if (k === 'enabled') enabled = lenientBoolean(x, `${name}.enabled`, ctx.warnings);
    else unsupported[k] = x;
  }
  if (Object.keys(unsupported).length > 0) throw unsupportedParameters(name, unsupported);
  return Object.freeze(enabled === undefined ? {} : { enabled });
}
