/**
 * CORS as ES 5.6's `Netty4CorsHandler` answers it (a copy of Netty's CorsHandler configured by
 * `Netty4HttpServerTransport#buildCorsConfig`):
 * - `http.cors.enabled` (default false) switches everything below on;
 * - `http.cors.allow-origin`: empty (default) allows no origin, `*` any origin, `/regex/` origins
 *   the whole regex matches, anything else a comma-separated list of exact origins;
 * - a preflight (`OPTIONS` with `Origin` and `Access-Control-Request-Method`) is answered
 *   before routing: 200 with allow-origin (the origin echoed with `Vary: Origin`, or `*`),
 *   allow-methods, allow-headers, allow-credentials, max-age, `date` and `content-length: 0`,
 *   and the connection closed; a disallowed origin gets 403 and the connection closed;
 * - any other request whose `Origin` is neither allowed nor the request's own host is refused
 *   with 403 before routing (ES sets the handler to short-circuit);
 * - answered requests carry `Access-Control-Allow-Origin` (`*`, or the origin when allowed or
 *   same-origin) and, when `http.cors.allow-credentials` is true, `Access-Control-Allow-Credentials`.
 * List-valued headers go out as one header line per value, as Netty writes a list.
 * The `/regex/` form runs on RE2 (linear time: the Origin header is client input).
 */
import { createRequire } from 'node:module';
import type RE2 from 're2';
import type { IncomingHttpHeaders } from 'node:http';
import { isFalseText } from '../../lib/units/booleans.js';

/** The CORS behaviour of a node, built once from its settings. */
export interface CorsConfig {
  anyOrigin: boolean;
  origins: ReadonlySet<string>;
  pattern: RE2 | undefined;
  allowCredentials: boolean;
  allowMethods: string[];
  allowHeaders: string[];
  maxAge: number;
}

/** What to do with a request before routing. */
export type CorsVerdict =
  | { kind: 'pass' }
  | { kind: 'preflight'; headers: Record<string, string | string[]> }
  | { kind: 'forbidden' };

const DEFAULT_METHODS = 'OPTIONS,HEAD,GET,POST,PUT,DELETE';
const DEFAULT_HEADERS = 'X-Requested-With,Content-Type,Content-Length';
const DEFAULT_MAX_AGE = 1728000;
const SCHEME = /^https?:\/\//;

/** ES `Strings.tokenizeToStringArray(value, ",")`: trimmed, empty tokens dropped. */
function tokens(value: string): string[] {
  return value
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

function boolSetting(settings: Readonly<Record<string, string>>, key: string, def: boolean): boolean {
  const v = settings[key];
  return v === undefined ? def : !isFalseText(v);
}

/**
 * The CORS configuration of `settings`, or undefined when `http.cors.enabled` is not true.
 * Throws on a `/regex/` RE2 cannot compile or a `max-age` that is not an integer.
 */
export function corsConfigFrom(settings: Readonly<Record<string, string>>): CorsConfig | undefined {
  if (!boolSetting(settings, 'http.cors.enabled', false)) return undefined;
  const origin = settings['http.cors.allow-origin'] ?? '';
  const anyOrigin = origin === '*';
  let pattern: RE2 | undefined;
  let origins = new Set<string>();
  if (!anyOrigin && origin.length > 1 && origin.startsWith('/') && origin.endsWith('/')) {
    // Java `Matcher#matches` is a whole-string match.
    // re2 (a native addon) loads only for this form, not on every start.
    const RE2Ctor = createRequire(import.meta.url)('re2') as typeof RE2;
    pattern = new RE2Ctor(`^(?:${origin.slice(1, -1)})$`);
  } else if (!anyOrigin && origin !== '') {
    origins = new Set(origin.split(',').map((s) => s.trim()));
  }
  const maxAgeText = settings['http.cors.max-age'];
  const maxAge = maxAgeText === undefined ? DEFAULT_MAX_AGE : Number(maxAgeText);
  if (!Number.isInteger(maxAge)) throw new Error(`Failed to parse value [${maxAgeText}] for setting [http.cors.max-age]`);
  return {
    anyOrigin,
    origins,
    pattern,
    allowCredentials: boolSetting(settings, 'http.cors.allow-credentials', false),
    allowMethods: tokens(settings['http.cors.allow-methods'] ?? DEFAULT_METHODS),
    allowHeaders: tokens(settings['http.cors.allow-headers'] ?? DEFAULT_HEADERS),
    maxAge,
  };
}

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const v = headers[name];
  return Array.isArray(v) ? v[0] : v;
}

function originAllowed(config: CorsConfig, origin: string): boolean {
  if (config.pattern) return config.pattern.test(origin);
  return config.origins.has(origin);
}

/** Netty `isSameOrigin`: the origin without its scheme equals the `Host` header. */
function sameOrigin(origin: string, host: string | undefined): boolean {
  return host !== undefined && host !== '' && origin.replace(SCHEME, '') === host;
}

/** Decide on a request before routing (preflight answer, 403, or carry on). */
export function corsVerdict(config: CorsConfig, method: string, headers: IncomingHttpHeaders): CorsVerdict {
  const origin = header(headers, 'origin');
  if (method === 'OPTIONS' && origin !== undefined && headers['access-control-request-method'] !== undefined) {
    const out: Record<string, string | string[]> = {};
    if (origin === '') return { kind: 'forbidden' };
    if (config.anyOrigin && !config.allowCredentials) {
      out['access-control-allow-origin'] = '*';
    } else if (config.anyOrigin || originAllowed(config, origin)) {
      out['access-control-allow-origin'] = origin;
      out['vary'] = 'origin';
    } else {
      return { kind: 'forbidden' };
    }
    out['access-control-allow-methods'] = config.allowMethods;
    out['access-control-allow-headers'] = config.allowHeaders;
    if (config.allowCredentials && out['access-control-allow-origin'] !== '*') out['access-control-allow-credentials'] = 'true';
    out['access-control-max-age'] = String(config.maxAge);
    out['date'] = new Date().toUTCString();
    out['content-length'] = '0';
    return { kind: 'preflight', headers: out };
  }
  if (config.anyOrigin || origin === undefined || origin === '') return { kind: 'pass' };
  if (sameOrigin(origin, header(headers, 'host')) || originAllowed(config, origin)) return { kind: 'pass' };
  return { kind: 'forbidden' };
}

/** The CORS headers of an ordinary answer (`Netty4CorsHandler.setCorsResponseHeaders`). */
export function corsResponseHeaders(config: CorsConfig, headers: IncomingHttpHeaders): Record<string, string> {
  const out: Record<string, string> = {};
  const origin = header(headers, 'origin');
  if (origin !== undefined && origin !== '') {
    if (config.anyOrigin) out['access-control-allow-origin'] = '*';
    else if (originAllowed(config, origin) || sameOrigin(origin, header(headers, 'host'))) out['access-control-allow-origin'] = origin;
  }
  if (config.allowCredentials) out['access-control-allow-credentials'] = 'true';
  return out;
}
