/**
 * The body shapes that describe one alias: the `add` action of `POST /_aliases`, the body of
 * `PUT /{index}/_alias/{name}`, and the values of `aliases` in create-index, templates and
 * rollover (ES 5.6 `Alias#fromXContent` / `AliasActions` ADD parser). `routing` sets both
 * routings unless `index_routing` / `search_routing` override it; numbers are taken as text.
 */
import type { AliasMetadata } from '../../cluster/state.js';
import { illegalArgument } from '../../errors/errors.js';
import { dict } from '../../dict.js';

/** The routing / filter part of an alias definition, as given by a client. */
export interface AliasDefinitionInput {
  filter?: unknown;
  routing?: unknown;
  index_routing?: unknown;
  search_routing?: unknown;
}

function routingText(v: unknown, field: string, alias: string): string | undefined {
  if (v === undefined || v === null) return undefined;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  throw illegalArgument(`Unsupported field [${field}] for alias [${alias}]`);
}

/**
 * Build stored alias metadata (`filter`, `index_routing`, `search_routing`, in ES's render order)
 * from a definition object. Unknown keys fail as ES's `Alias` parser does.
 */
export function aliasMetadataFrom(alias: string, def: unknown): AliasMetadata {
  if (def === null || def === undefined) return {};
  if (typeof def !== 'object' || Array.isArray(def)) {
    throw illegalArgument(`Unsupported field [${alias}]`);
  }
  let filter: Record<string, unknown> | undefined;
  let routing: string | undefined;
  let indexRouting: string | undefined;
  let searchRouting: string | undefined;
  for (const [k, v] of Object.entries(def as Record<string, unknown>)) {
    if (k === 'filter') {
      if (v !== null && (typeof v !== 'object' || Array.isArray(v))) throw illegalArgument(`Unsupported field [${k}]`);
      // An empty filter object means "no filter" (AliasActions#filter(Map)).
      if (v && Object.keys(v as object).length > 0) filter = v as Record<string, unknown>;
    } else if (k === 'routing') routing = routingText(v, k, alias);
    else if (k === 'index_routing' || k === 'indexRouting' || k === 'index-routing') indexRouting = routingText(v, k, alias);
    else if (k === 'search_routing' || k === 'searchRouting' || k === 'search-routing') searchRouting = routingText(v, k, alias);
    else throw illegalArgument(`Unknown field [${k}] in alias [${alias}]`);
  }
  return buildAliasMetadata(filter, indexRouting ?? routing, searchRouting ?? routing);
}

/** Assemble alias metadata in ES's field order, leaving out absent parts. */
export function buildAliasMetadata(
  filter: Record<string, unknown> | undefined,
  indexRouting: string | undefined,
  searchRouting: string | undefined,
): AliasMetadata {
  const out: AliasMetadata = {};
  if (filter !== undefined) out.filter = filter;
  if (indexRouting !== undefined) out.index_routing = indexRouting;
  if (searchRouting !== undefined) out.search_routing = searchRouting;
  return out;
}

/** Every definition of an `aliases` object (create index, template, rollover). */
export function aliasesFrom(aliases: unknown): Record<string, AliasMetadata> {
  if (aliases === undefined || aliases === null) return {};
  if (typeof aliases !== 'object' || Array.isArray(aliases)) throw illegalArgument('aliases must be an object');
  const out = dict<AliasMetadata>();
  for (const [name, def] of Object.entries(aliases as Record<string, unknown>)) out[name] = aliasMetadataFrom(name, def);
  return out;
}

/** The search routing values of an alias (`search_routing` split on commas), or undefined. */
export function searchRoutingValues(meta: AliasMetadata): string[] | undefined {
  if (meta.search_routing === undefined) return undefined;
  return meta.search_routing.split(',').map((s) => s.trim()).filter((s) => s.length > 0);
}
