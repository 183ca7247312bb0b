/**
 * Index-level mapping rules of ES 5.6's MapperService: type-name validation, applying the
 * `_default_` mapping to new types (XContentHelper#mergeDefaults), and the limits
 * `index.mapping.total_fields.limit` (1000), `index.mapping.depth.limit` (20) and
 * `index.mapping.nested_fields.limit` (50).
 */
import type { ObjectMapping, TypeMapping } from './mapper-types.js';
import { illegalArgument, invalidTypeName, javaToString } from './mapping-errors.js';
import { own, putOwn } from '../dict.js';

type Json = Record<string, unknown>;

/** The three mapping limits. */
export interface MappingLimits {
  totalFields: number;
  depth: number;
  nestedFields: number;
}

/**
 * Number of metadata field mappers ES 5.6 registers per index (_uid, _id, _routing, _index,
 * _source, _type, _all, _timestamp, _ttl, _version, _parent, _field_names); they count towards
 * the total fields limit.
 */
export const METADATA_MAPPER_COUNT = 12;

function setting(settings: Json, key: string): unknown {
  if (Object.hasOwn(settings, key)) return settings[key];
  const short = key.startsWith('index.') ? key.slice('index.'.length) : key;
  if (Object.hasOwn(settings, short)) return settings[short];
  let cur: unknown = settings;
  for (const part of key.split('.')) {
    if (typeof cur !== 'object' || cur === null) return undefined;
    cur = own(cur as Json, part);
  }
  if (cur === undefined && Object.hasOwn(settings, 'index')) return setting(settings['index'] as Json, short);
  return cur;
}

function longSetting(settings: Json, key: string, def: number): number {
  const v = setting(settings, key);
  if (v === undefined || v === null) return def;
  const n = Number(v);
  if (!Number.isInteger(n)) throw illegalArgument(`Failed to parse value [${javaToString(v)}] for setting [${key}]`);
  return n;
}

/** Read the mapping limits from index settings. */
export function readMappingLimits(settings: Json): MappingLimits {
  return {
    totalFields: longSetting(settings, 'index.mapping.total_fields.limit', 1000),
    depth: longSetting(settings, 'index.mapping.depth.limit', 20),
    nestedFields: longSetting(settings, 'index.mapping.nested_fields.limit', 50),
  };
}

/** MapperService's checks on a type name. */
export function validateTypeName(type: string): void {
  if (type.length === 0) throw invalidTypeName('mapping type name is empty');
  if (type.length > 255) throw invalidTypeName(`mapping type name [${type}] is too long; limit is length 255 but was [${type.length}]`);
  if (type.startsWith('_')) throw invalidTypeName(`mapping type name [${type}] can't start with '_'`);
  if (type.includes('#')) throw invalidTypeName(`mapping type name [${type}] should not include '#' in it`);
  if (type.includes(',')) throw invalidTypeName(`mapping type name [${type}] should not include ',' in it`);
  if (type.startsWith('.') && type !== '.percolator') throw illegalArgument(`mapping type name [${type}] must not start with a '.'`);
}

function isMap(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function singleKeyMaps(list: unknown[]): boolean {
  return list.every((x) => isMap(x) && Object.keys(x).length === 1);
}

/** XContentHelper#mergeDefaults: the type's own mapping wins; `_default_` fills what is missing. */
export function applyDefaultMapping(content: Json, defaults: Json): Json {
  const out: Json = structuredClone(content);
  for (const [k, dv] of Object.entries(defaults)) {
    const cv = out[k];
    if (!Object.hasOwn(out, k)) putOwn(out, k, structuredClone(dv));
    else if (isMap(cv) && isMap(dv)) out[k] = applyDefaultMapping(cv, dv);
    else if (Array.isArray(cv) && Array.isArray(dv)) {
      if (singleKeyMaps(cv) && singleKeyMaps(dv)) {
        const merged = new Map<string, Json>();
        for (const x of cv as Json[]) merged.set(Object.keys(x)[0] as string, x);
        for (const x of dv as Json[]) {
          const key = Object.keys(x)[0] as string;
          const have = merged.get(key);
          merged.set(key, have ? applyDefaultMapping(have, x) : structuredClone(x));
        }
        out[k] = [...merged.values()];
      } else {
        const list = [...dv];
        for (const x of cv) if (!list.some((y) => JSON.stringify(y) === JSON.stringify(x))) list.push(x);
        out[k] = list;
      }
    }
  }
  return out;
}

interface LookupView {
  fields: ReadonlyMap<string, unknown>;
  objects: ReadonlyMap<string, { obj: ObjectMapping }>;
}

/** Check the limits against the whole index (ES 5.6 MapperService#checkTotalFieldsLimit, ...). */
export function validateLimits(index: string, limits: MappingLimits, lookup: LookupView, types: ReadonlyMap<string, TypeMapping>): void {
  void types;
  const total = lookup.fields.size + lookup.objects.size + METADATA_MAPPER_COUNT;
  if (total > limits.totalFields) throw illegalArgument(`Limit of total fields [${limits.totalFields}] in index [${index}] has been exceeded`);
  let nested = 0;
  for (const [path, { obj }] of lookup.objects) {
    const depth = path.split('.').length + 1;
    if (depth > limits.depth) {
      throw illegalArgument(`Limit of mapping depth [${limits.depth}] in index [${index}] has been exceeded due to object field [${path}]`);
    }
    if (obj.nested) nested++;
  }
  if (nested > limits.nestedFields) throw illegalArgument(`Limit of nested fields [${limits.nestedFields}] in index [${index}] has been exceeded`);
}
