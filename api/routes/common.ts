/**
 * Parameter parsing shared by route modules: refresh policies, version types, write responses.
 */
import type { RestRequest, RestResponse } from '../types.js';
import type { RefreshPolicy, BulkItemResult } from '../../lib/action/bulk/types.js';
import type { VersionType } from '../../lib/messages/shard-write.js';
import { illegalArgument } from '../../lib/errors/errors.js';
import { parseVersionType } from '../../lib/action/bulk/parse-bulk.js';

export function refreshPolicy(req: RestRequest): RefreshPolicy {
  const v = req.param('refresh');
  if (v === undefined || v === 'false') return 'false';
  if (v === '' || v === 'true') return 'true';
  if (v === 'wait_for') return 'wait_for';
  throw illegalArgument(`Unknown value for refresh: [${v}].`);
}

export function versionType(v: string | undefined): VersionType | undefined {
  return v === undefined ? undefined : parseVersionType(v);
}

export function optionalInt(req: RestRequest, name: string): number | undefined {
  return req.param(name) === undefined ? undefined : req.paramAsInt(name, 0);
}

/** Body of a single-document write response (`DocWriteResponse` + index/delete/update extras). */
export function writeResponseBody(r: BulkItemResult): Record<string, unknown> {
  if (r.error || !r.ok) throw r.error;
  const body: Record<string, unknown> = {
    _index: r.index,
    _type: r.type,
    _id: r.id,
    _version: r.ok.version,
    result: r.ok.result,
  };
  if (r.ok.forcedRefresh) body.forced_refresh = true;
  body._shards = r.ok.shards;
  if (r.opType === 'index' || r.opType === 'create') body.created = r.ok.result === 'created';
  else if (r.opType === 'delete') body.found = r.ok.result === 'deleted';
  if (r.ok.get) body.get = r.ok.get;
  return body;
}

export function writeResponse(r: BulkItemResult): RestResponse {
  const body = writeResponseBody(r);
  return { status: r.status, body };
}

/** A JSON object body, or an error when the body is something else. */
export function objectBody(req: RestRequest): Record<string, unknown> {
  if (!req.hasBody()) return {};
  const b = req.json();
  if (b === null || typeof b !== 'object' || Array.isArray(b)) throw illegalArgument('request body must be a JSON object');
  return b as Record<string, unknown>;
}

/**
 * The `Warning` header ES 5.6 sends for deprecated usage (RFC 7234 warn-code 299, agent
 * `Elasticsearch-<version>-<build>`), one quoted message per warning.
 */
export function deprecationHeaders(messages: string[]): Record<string, string[]> {
  if (messages.length === 0) return {};
  const date = new Date().toUTCString();
  // One header line per warning, as ES adds them: the date holds a comma, so a joined value
  // could not be split back into warnings.
  return { Warning: messages.map((m) => `299 Elasticsearch-5.6.16-3a740d1 "${m.replace(/["\\]/g, '\\$&')}" "${date}"`) };
}

/** Deprecation messages triggered by a request's version type. */
export function versionTypeWarnings(req: RestRequest): string[] {
  return req.param('version_type') === 'force' ? ['version type FORCE is deprecated and will be removed in the next major version'] : [];
}
