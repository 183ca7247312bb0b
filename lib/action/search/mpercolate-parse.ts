/**
 * The `_mpercolate` body (ES 5.6 `MultiPercolateRequest#add`): newline-terminated pairs of a
 * header `{"percolate": {...}}` or `{"count": {...}}` and a percolate body. A header with `id`
 * names a stored document (`index`, `type`, `routing`, `preference` are the get's;
 * `percolate_index`, `percolate_type`, `percolate_routing`, `percolate_preference` where the
 * queries are, defaulting to the get's); otherwise `index`, `type`, `routing`, `preference` are
 * the percolation's. A pair whose body has no newline after it is not read, as ES does.
 */
import { EsError } from '../../errors/errors.js';
import { parseJsonBody } from '../../units/json-body.js';
import { indicesOptionsFrom, splitExpression, type IndicesOptions } from '../resolve-indices.js';
import type { PercolateRequest } from './percolate-action.js';
import type { GetRequest } from '../document/get-document.js';

/** Defaults from the URL (`/{index}/{type}/_mpercolate`) and its indices options. */
export interface MultiPercolateDefaults {
  indices: string[];
  documentType?: string;
  indicesOptions: IndicesOptions;
}

function text(v: unknown): string | undefined {
  return v === null || v === undefined ? undefined : String(v);
}

function stringArray(v: unknown): string[] {
  return Array.isArray(v) ? v.map(String) : splitExpression(String(v));
}

function parseError(reason: string): EsError {
  return new EsError('parse_exception', 400, reason);
}

/** The action of a header line and its map. */
function headerOf(line: string): { onlyCount: boolean; header: Record<string, unknown> } | undefined {
  const json = parseJsonBody(line) as unknown;
  if (json === null || typeof json !== 'object' || Array.isArray(json)) throw parseError('Expected field');
  const [action, header] = Object.entries(json as Record<string, unknown>)[0] ?? [];
  if (action === undefined) throw parseError('Expected field');
  if (header === null || typeof header !== 'object' || Array.isArray(header)) throw parseError('expected start object');
  if (action !== 'percolate' && action !== 'count') throw parseError(`[${action}] isn't a supported percolate operation`);
  return { onlyCount: action === 'count', header: header as Record<string, unknown> };
}

/** `parsePercolateAction`: apply a header to the request. */
function applyHeader(r: PercolateRequest, header: Record<string, unknown>, globalIndex: string | undefined): void {
  if (Object.hasOwn(header, 'id')) {
    const get: Partial<GetRequest> & { id?: string } = {};
    if (globalIndex !== undefined) get.index = globalIndex;
    let percolateIndices: string[] | undefined;
    for (const [k, v] of Object.entries(header)) {
      if (k === 'id') get.id = text(v);
      else if (k === 'index' || k === 'indices') get.index = text(v);
      else if (k === 'type') get.type = text(v);
      else if (k === 'routing') get.routing = text(v);
      else if (k === 'percolate_index' || k === 'percolate_indices' || k === 'percolateIndex' || k === 'percolateIndices') percolateIndices = stringArray(v);
      else if (k === 'percolate_type' || k === 'percolateType') r.documentType = text(v);
      else if (k === 'percolate_preference' || k === 'percolatePreference') r.preference = text(v);
      else if (k === 'percolate_routing' || k === 'percolateRouting') r.routing = text(v);
    }
    if (percolateIndices) r.indices = percolateIndices;
    if (r.indices.length === 0 && get.index !== undefined) r.indices = [get.index];
    if (r.documentType === undefined && get.type !== undefined) r.documentType = get.type;
    if (r.routing === undefined && get.routing !== undefined) r.routing = get.routing;
    r.get = { index: get.index ?? '', type: get.type ?? '', id: get.id ?? '', realtime: true, refresh: false, ...(get.routing !== undefined ? { routing: get.routing } : {}) };
  } else {
    for (const [k, v] of Object.entries(header)) {
      if (k === 'index' || k === 'indices') r.indices = stringArray(v);
      else if (k === 'type') r.documentType = text(v);
      else if (k === 'preference') r.preference = text(v);
      else if (k === 'routing') r.routing = text(v);
    }
  }
  const opts = (name: string): string | undefined => (Object.hasOwn(header, name) ? text(header[name]) : undefined);
  if (['ignore_unavailable', 'allow_no_indices', 'expand_wildcards'].some((n) => Object.hasOwn(header, n))) {
    r.indicesOptions = indicesOptionsFrom(opts, r.indicesOptions as IndicesOptions);
  }
}

/** Parse an `_mpercolate` body into requests. */
export function parseMultiPercolate(body: string, defaults: MultiPercolateDefaults): PercolateRequest[] {
  const out: PercolateRequest[] = [];
  const globalIndex = defaults.indices[0];
  let from = 0;
  for (;;) {
    let next = body.indexOf('\n', from);
    if (next === -1) break;
    // a first line that is only a newline is skipped
    if (next === 0) {
      from = 1;
      continue;
    }
    const r: PercolateRequest = { indices: [...defaults.indices], onlyCount: false, indicesOptions: defaults.indicesOptions };
    if (defaults.documentType !== undefined) r.documentType = defaults.documentType;
    const headerLine = body.slice(from, next);
    if (headerLine.trim() !== '') {
      const h = headerOf(headerLine);
      if (h) {
        r.onlyCount = h.onlyCount;
        applyHeader(r, h.header, globalIndex);
      }
    }
    from = next + 1;
    next = body.indexOf('\n', from);
    if (next === -1) break;
    const bodyLine = body.slice(from, next).trim();
    r.body = bodyLine === '' ? {} : parseJsonBody(bodyLine);
    from = next + 1;
    out.push(r);
  }
  return out;
}
