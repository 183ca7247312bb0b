/**
 * `source.remote` of a reindex (ES 5.6 `RestReindexAction#buildRemoteInfo` and
 * `TransportReindexAction#checkRemoteWhitelist`): the remote cluster's address, credentials
 * (basic auth only when both username and password are given) and timeouts, and the node
 * setting `reindex.remote.whitelist` that must name the `host:port`.
 */
import { illegalArgument } from '../../errors/errors.js';
import { simpleMatch } from '../../units/simple-match.js';
import { isObject, textValue, tokenOf } from '../../dsl/xcontent.js';

export interface RemoteInfo {
  scheme: string;
  host: string;
  port: number;
  pathPrefix?: string;
  /** The source query, sent to the remote cluster unchanged (JSON text). */
  query: string;
  username?: string;
  password?: string;
  headers: Record<string, string>;
  socketTimeoutMs: number;
  connectTimeoutMs: number;
}

/** ES `RemoteInfo.DEFAULT_SOCKET_TIMEOUT` / `DEFAULT_CONNECT_TIMEOUT`. */
const DEFAULT_SOCKET_TIMEOUT_MS = 30_000;
const DEFAULT_CONNECT_TIMEOUT_MS = 1_000;

const HOST_PATTERN = /^([^:]+):\/\/([^:]+):(\d+)(\/.*)?$/;

/** Parse `source.remote`; `query` is the source query's JSON text; `parseTime` reads time values. */
export function parseRemoteInfo(remote: unknown, query: string, parseTime: (name: string, v: unknown) => number): RemoteInfo {
  if (!isObject(remote)) throw illegalArgument('[remote] must be an object');
  const r = { ...(remote as Record<string, unknown>) };
  const take = (k: string): unknown => {
    const v = r[k];
    delete r[k];
    return v;
  };
  const hostText = take('host');
  const username = take('username');
  const password = take('password');
  const headers = take('headers');
  const socketTimeout = take('socket_timeout');
  const connectTimeout = take('connect_timeout');
  const unknown = Object.keys(r);
  if (unknown.length > 0) throw illegalArgument(`Unsupported fields in [remote]: [${unknown.join(', ')}]`);
  if (hostText !== null && typeof hostText === 'object') throw illegalArgument(`[host] doesn't support values of type: ${tokenOf(hostText)}`);
  const host = hostText === undefined || hostText === null ? '' : textValue(hostText);
  const m = HOST_PATTERN.exec(host);
  if (!m) throw illegalArgument(`[host] must be of the form [scheme]://[host]:[port](/[pathPrefix])? but was [${host}]`);
  const hdrs: Record<string, string> = Object.create(null);
  if (isObject(headers)) for (const [k, v] of Object.entries(headers as Record<string, unknown>)) if (v === null || typeof v !== 'object') hdrs[k] = textValue(v);
  return {
    scheme: m[1]!,
    host: m[2]!,
    port: Number(m[3]),
    ...(m[4] !== undefined ? { pathPrefix: m[4] } : {}),
    query,
    ...(typeof username === 'string' ? { username } : {}),
    ...(typeof password === 'string' ? { password } : {}),
    headers: hdrs,
    socketTimeoutMs: socketTimeout === undefined ? DEFAULT_SOCKET_TIMEOUT_MS : parseTime('socket_timeout', socketTimeout),
    connectTimeoutMs: connectTimeout === undefined ? DEFAULT_CONNECT_TIMEOUT_MS : parseTime('connect_timeout', connectTimeout),
  };
}

/** Refuse a remote whose `host:port` no `reindex.remote.whitelist` pattern matches (the default list is empty). */
export function checkRemoteWhitelist(settings: Record<string, string>, remote: RemoteInfo): void {
  const check = `${remote.host}:${remote.port}`;
  const raw = settings['reindex.remote.whitelist'] ?? '';
  const patterns = raw
    .replace(/^\[|\]$/g, '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p.length > 0);
  if (!patterns.some((p) => simpleMatch(p, check))) throw illegalArgument(`[${check}] not whitelisted in reindex.remote.whitelist`);
}
