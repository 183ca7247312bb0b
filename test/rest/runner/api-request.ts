/**
 * Turns a `do` call (API name, parameters, body) into an HTTP request, choosing the path and
 * method as ES 5.6's Java YAML runner does (`ClientYamlTestClient`, `ClientYamlSuiteRestApi`):
 * - a parameter named like a path part of the API fills that part; any other parameter must be
 *   an API or global parameter, else the call is a client-side error (`catch: param`);
 * - the path used is the one whose placeholders are exactly the given path parts;
 * - `index` and `create` use PUT when an id is given and POST otherwise;
 * - list values are joined with commas; the client-only `ignore` parameter lists statuses that
 *   are not errors and is not sent.
 */
import { API_TABLE, GLOBAL_PARAMS, type ApiSpec } from './api-table.js';
import { javaToString } from './java-format.js';

/** A client-side error: unknown API, unknown parameter, no matching path, missing body. */
export class ApiCallError extends Error {}

/** What to send. `body` is undefined for calls without a body. */
export interface HttpRequestSpec {
  readonly method: string;
  /** Path plus query string, e.g. `/test/_doc/1?refresh=true`. */
  readonly path: string;
  readonly body?: string;
  readonly contentType?: string;
  /** Statuses the caller asked to `ignore` (treated as success). */
  readonly ignore: readonly number[];
}

/** Placeholder names of a path template, in order: `/{index}/{type}` → `['index', 'type']`. */
export function pathParts(template: string): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((m) => m[1] as string);
}

/**
 * Encodes one path part as Java's `URI` would inside a path: reserved sub-delimiters and `:`/`@`
 * stay as they are (so `index1,index2` and `*` reach the server unchanged), `/` becomes `%2F`.
 */
export function encodePathPart(value: string): string {
  return encodeURIComponent(value).replace(/%(24|26|2B|2C|3B|3D|3A|40)/gi, (m) => decodeURIComponent(m));
}

/** Renders a parameter value as the Java runner's string form (lists joined by `,`). */
export function paramToString(value: unknown): string {
  if (Array.isArray(value)) return value.map(paramToString).join(',');
  return javaToString(value);
}

/**
 * Picks the path template whose placeholders are exactly `given` (ES: "the best path is the one
 * that has exactly the same number of placeholders to replace").
 * @throws ApiCallError when none fits.
 */
export function selectPath(apiName: string, spec: ApiSpec, given: ReadonlySet<string>): string {
  for (const template of spec.paths) {
    const parts = pathParts(template);
    if (parts.length === given.size && parts.every((p) => given.has(p))) return template;
  }
  throw new ApiCallError(`unable to find matching rest path for api [${apiName}] and path params [${[...given].join(', ')}]`);
}

function isNdjsonBody(spec: ApiSpec, body: unknown): boolean {
  return spec.ndjson === true || Array.isArray(body);
}

/** Serialises a body: objects as JSON, strings as they are, lists as NDJSON lines. */
export function serializeBody(spec: ApiSpec, body: unknown): { text: string; contentType: string } {
  if (Array.isArray(body)) {
    const lines = body.map((item) => (typeof item === 'string' ? item.replace(/\n+$/, '') : JSON.stringify(item)));
    return { text: `${lines.join('\n')}\n`, contentType: 'application/x-ndjson' };
  }
  if (typeof body === 'string') {
    if (isNdjsonBody(spec, body)) return { text: body.endsWith('\n') ? body : `${body}\n`, contentType: 'application/x-ndjson' };
    return { text: body, contentType: 'application/json' };
  }
  return { text: JSON.stringify(body), contentType: 'application/json' };
}

function parseIgnore(value: unknown): number[] {
  const list = Array.isArray(value) ? value : String(value).split(',');
  return list.map((v) => Number(v)).filter((n) => Number.isInteger(n));
}

/**
 * Builds the HTTP request for API `apiName`. `params` and `body` must already have stashed
 * values substituted.
 * @throws ApiCallError for client-side errors (the `catch: param` family).
 */
export function buildApiRequest(apiName: string, params: Readonly<Record<string, unknown>>, body: unknown): HttpRequestSpec {
  const spec = API_TABLE[apiName];
  if (!spec) throw new ApiCallError(`unknown api [${apiName}]`);
  const templateParts = new Set(spec.paths.flatMap(pathParts));
  const partValues = new Map<string, string>();
  const query: string[] = [];
  let ignore: number[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (name === 'ignore') {
      ignore = parseIgnore(value);
    } else if (templateParts.has(name)) {
      partValues.set(name, paramToString(value));
    } else if (spec.params.includes(name) || GLOBAL_PARAMS.includes(name)) {
      query.push(`${encodeURIComponent(name)}=${encodeURIComponent(paramToString(value))}`);
    } else {
      throw new ApiCallError(`param [${name}] not supported in [${apiName}] api`);
    }
  }
  if (spec.body === 'required' && body === undefined) throw new ApiCallError(`body is required by [${apiName}] api`);
  const template = selectPath(apiName, spec, new Set(partValues.keys()));
  const path = template.replace(/\{([^}]+)\}/g, (_m, p: string) => encodePathPart(partValues.get(p) ?? ''));
  let method: string = spec.method;
  if (apiName === 'index' || apiName === 'create') method = partValues.has('id') ? 'PUT' : 'POST';
  const full = query.length > 0 ? `${path}?${query.join('&')}` : path;
  if (body === undefined) return { method, path: full, ignore };
  const serialized = serializeBody(spec, body);
  return { method, path: full, body: serialized.text, contentType: serialized.contentType, ignore };
}
