/**
 * What query compilation needs to know about the fields of an index, read from the mapping JSON
 * kept in the index metadata (`GET _mapping` shape), one entry per full field path (object
 * sub-fields dotted, multi-fields as `field.sub`). Built once per mapping version.
 */
import { simpleMatch } from '../units/simple-match.js';

/** A searchable leaf field. */
export interface SearchField {
  /** Full path. */
  readonly path: string;
  /** ES type: text, keyword, long, date, boolean, ip, geo_point, string (legacy)... */
  readonly type: string;
  /** Whether the field has an inverted index. */
  readonly indexed: boolean;
  readonly docValues: boolean;
  readonly stored: boolean;
  readonly analyzer?: string;
  readonly searchAnalyzer?: string;
  readonly searchQuoteAnalyzer?: string;
  readonly normalizer?: string;
  /** Date format (`format`), when set. */
  readonly format?: string;
  readonly scalingFactor?: number;
  /** The raw mapping of the field. */
  readonly raw: Readonly<Record<string, unknown>>;
}

/** The fields of one index. */
export interface IndexFields {
  get(path: string): SearchField | undefined;
  /** Full paths of leaf fields matching a simple wildcard pattern (`*`), sorted. */
  match(pattern: string): string[];
  /** Whether `path` is an object (or nested) field. */
  isObject(path: string): boolean;
  /** Whether `path` is under a nested object, and that nested path. */
  nestedPathOf(path: string): string | undefined;
  /** `_all` enabled in every type (ES 5 default true). */
  readonly allEnabled: boolean;
  /** `_field_names` enabled (ES default true). */
  readonly fieldNamesEnabled: boolean;
  readonly types: readonly string[];
  /** The `_parent.type` of a type, if it has one. */
  parentTypeOf(type: string): string | undefined;
}

const NUMERIC = new Set(['long', 'integer', 'short', 'byte', 'double', 'float', 'half_float', 'scaled_float']);

/** Whether a type is numeric. */
export function isNumericType(t: string): boolean {
  return NUMERIC.has(t);
}

/** Whether a type is analyzed text (`text`, or legacy analyzed `string`). */
export function isTextField(f: SearchField): boolean {
  if (f.type === 'text') return true;
  if (f.type === 'string') return f.raw['index'] !== 'not_analyzed';
  return false;
}

/** Build the field view from mapping JSON per type. */
export function buildIndexFields(mappings: Record<string, Record<string, unknown>>): IndexFields {
  const fields = new Map<string, SearchField>();
  const objects = new Set<string>();
  const nested = new Map<string, string>();
  let allEnabled = true;
  let fieldNamesEnabled = true;
  const parents = new Map<string, string>();
  for (const [type, m] of Object.entries(mappings)) {
    if (type === '_default_') continue;
    const all = m['_all'] as Record<string, unknown> | undefined;
    if (all && all['enabled'] === false) allEnabled = false;
    const fn = m['_field_names'] as Record<string, unknown> | undefined;
    if (fn && fn['enabled'] === false) fieldNamesEnabled = false;
    const parent = m['_parent'] as Record<string, unknown> | undefined;
    if (parent && typeof parent['type'] === 'string') parents.set(type, parent['type']);
    walk(m['properties'], '', undefined);
  }
  function walk(props: unknown, prefix: string, nestedPath: string | undefined): void {
    if (!props || typeof props !== 'object') return;
    for (const [name, raw] of Object.entries(props as Record<string, Record<string, unknown>>)) {
      const path = prefix === '' ? name : `${prefix}.${name}`;
      const type = (raw['type'] as string | undefined) ?? (raw['properties'] ? 'object' : 'object');
      if (type === 'object' || type === 'nested') {
        objects.add(path);
        const np = type === 'nested' ? path : nestedPath;
        if (np) nested.set(path, np);
        walk(raw['properties'], path, np);
        continue;
      }
      addField(path, type, raw);
      if (nestedPath) nested.set(path, nestedPath);
      const multi = raw['fields'] as Record<string, Record<string, unknown>> | undefined;
      if (multi) {
        for (const [sub, sraw] of Object.entries(multi)) {
          addField(`${path}.${sub}`, (sraw['type'] as string | undefined) ?? 'text', sraw);
          if (nestedPath) nested.set(`${path}.${sub}`, nestedPath);
        }
      }
    }
  }
  function addField(path: string, type: string, raw: Record<string, unknown>): void {
    if (fields.has(path)) return;
    const index = raw['index'];
    const indexed = !(index === false || index === 'false' || index === 'no');
    const dv = raw['doc_values'];
    const defaultDv = type !== 'text' && !(type === 'string' && raw['index'] !== 'not_analyzed');
    const f: SearchField = {
      path,
      type,
      indexed,
      docValues: dv === undefined ? defaultDv : dv === true || dv === 'true',
      stored: raw['store'] === true || raw['store'] === 'true' || raw['store'] === 'yes',
      ...(typeof raw['analyzer'] === 'string' ? { analyzer: raw['analyzer'] } : {}),
      ...(typeof raw['search_analyzer'] === 'string' ? { searchAnalyzer: raw['search_analyzer'] } : {}),
      ...(typeof raw['search_quote_analyzer'] === 'string' ? { searchQuoteAnalyzer: raw['search_quote_analyzer'] } : {}),
      ...(typeof raw['normalizer'] === 'string' ? { normalizer: raw['normalizer'] } : {}),
      ...(typeof raw['format'] === 'string' ? { format: raw['format'] } : {}),
      ...(raw['scaling_factor'] !== undefined ? { scalingFactor: Number(raw['scaling_factor']) } : {}),
      raw,
    };
    fields.set(path, f);
  }
  const sortedPaths = [...fields.keys()].sort();
  return {
    get: (p) => fields.get(p),
    match: (pattern) => (pattern.includes('*') ? sortedPaths.filter((p) => simpleMatch(pattern, p)) : fields.has(pattern) ? [pattern] : []),
    isObject: (p) => objects.has(p),
    nestedPathOf: (p) => nested.get(p),
    allEnabled,
    fieldNamesEnabled,
    types: Object.keys(mappings).filter((t) => t !== '_default_'),
    parentTypeOf: (t) => parents.get(t),
  };
}
