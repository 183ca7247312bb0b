/**
 * `dynamic_templates`: parsing, matching and instantiation as ES 5.6's DynamicTemplate does.
 * A template matches on the field name (`match`/`unmatch`), full path (`path_match`/
 * `path_unmatch`), and the JSON kind of the value (`match_mapping_type`); its `mapping` is copied
 * with `{name}` and `{dynamic_type}` replaced.
 */
import { compileJavaRegex, deriveRegex } from '../analysis/java-regex.js';
import { simpleMatch } from '../units/simple-match.js';
import type { DynamicTemplate } from './mapper-types.js';
import { illegalArgument, javaToString, mapperParsing } from './mapping-errors.js';
import { dict } from '../dict.js';

/** JSON value kinds as ES names them (`XContentFieldType`). */
export type XContentFieldType = 'object' | 'string' | 'long' | 'double' | 'boolean' | 'date' | 'binary';
const KINDS: XContentFieldType[] = ['object', 'string', 'long', 'double', 'boolean', 'date', 'binary'];

/** The mapping type a JSON kind maps to by default (`{dynamic_type}`). */
export function defaultMappingType(kind: XContentFieldType): string {
  switch (kind) {
    case 'string':
      return 'text';
    case 'double':
      return 'float';
    default:
      return kind;
  }
}

/** Parse the `dynamic_templates` array. */
export function parseDynamicTemplates(v: unknown): DynamicTemplate[] {
  if (!Array.isArray(v)) throw mapperParsing(`Dynamic template syntax error. An array of named objects is expected.`);
  const out: DynamicTemplate[] = [];
  for (const entry of v) {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry) || Object.keys(entry).length !== 1) {
      throw mapperParsing('A dynamic template must be defined with a name');
    }
    const [name, body] = Object.entries(entry as Record<string, unknown>)[0] as [string, unknown];
    if (typeof body !== 'object' || body === null) throw mapperParsing('A dynamic template must be defined with a name');
    const b = body as Record<string, unknown>;
    const mapping = b['mapping'];
    if (typeof mapping !== 'object' || mapping === null || Array.isArray(mapping)) {
      throw illegalArgument(`template [${name}] must have either mapping set`);
    }
    const mmt = b['match_mapping_type'] === undefined ? undefined : javaToString(b['match_mapping_type']);
    if (mmt !== undefined && mmt !== '*' && !KINDS.includes(mmt as XContentFieldType)) {
      throw illegalArgument(`No field type matched on [${mmt}], possible values are [${KINDS.join(', ')}]`);
    }
    const pattern = b['match_pattern'] === undefined ? 'simple' : javaToString(b['match_pattern']);
    if (pattern !== 'simple' && pattern !== 'regex') throw illegalArgument(`No matching pattern matched on [${pattern}]`);
    const str = (k: string): string | undefined => (b[k] === undefined ? undefined : javaToString(b[k]));
    const t: DynamicTemplate = {
      name,
      mapping: mapping as Record<string, unknown>,
      raw: entry as Record<string, unknown>,
      matchPattern: pattern,
      ...(str('match') !== undefined ? { match: str('match') } : {}),
      ...(str('unmatch') !== undefined ? { unmatch: str('unmatch') } : {}),
      ...(str('path_match') !== undefined ? { pathMatch: str('path_match') } : {}),
      ...(str('path_unmatch') !== undefined ? { pathUnmatch: str('path_unmatch') } : {}),
      ...(mmt !== undefined && mmt !== '*' ? { matchMappingType: mmt } : {}),
    };
    out.push(Object.freeze(t));
  }
  return out;
}

function patternMatch(t: DynamicTemplate, pattern: string, value: string): boolean {
  // Java `Pattern.matches` on RE2: linear in the field name whatever the pattern
  if (t.matchPattern === 'regex') return deriveRegex(compileJavaRegex(pattern), '', true).test(value);
  return simpleMatch(pattern, value);
}

/** Whether `t` applies to the field `name` at `path` whose value is of kind `kind`. */
export function templateMatches(t: DynamicTemplate, path: string, name: string, kind: XContentFieldType): boolean {
  if (t.pathMatch !== undefined && !patternMatch(t, t.pathMatch, path)) return false;
  if (t.match !== undefined && !patternMatch(t, t.match, name)) return false;
  if (t.pathUnmatch !== undefined && patternMatch(t, t.pathUnmatch, path)) return false;
  if (t.unmatch !== undefined && patternMatch(t, t.unmatch, name)) return false;
  if (t.matchMappingType !== undefined && t.matchMappingType !== kind) return false;
  return true;
}

/** The first matching template, if any. */
export function findTemplate(templates: readonly DynamicTemplate[] | undefined, path: string, name: string, kind: XContentFieldType): DynamicTemplate | undefined {
  return templates?.find((t) => templateMatches(t, path, name, kind));
}

function substitute(v: unknown, name: string, dynamicType: string): unknown {
  if (typeof v === 'string') return v.replaceAll('{name}', name).replaceAll('{dynamic_type}', dynamicType).replaceAll('{dynamicType}', dynamicType);
  if (Array.isArray(v)) return v.map((x) => substitute(x, name, dynamicType));
  if (typeof v === 'object' && v !== null) {
    const out: Record<string, unknown> = dict();
    for (const [k, x] of Object.entries(v)) out[substitute(k, name, dynamicType) as string] = substitute(x, name, dynamicType);
    return out;
  }
  return v;
}

/** The template's mapping for a field: placeholders replaced, `type` defaulted to the dynamic type. */
export function templateMapping(t: DynamicTemplate, name: string, dynamicType: string): Record<string, unknown> {
  const m = substitute(t.mapping, name, dynamicType) as Record<string, unknown>;
  if (m['type'] === undefined) m['type'] = dynamicType;
  return m;
}
