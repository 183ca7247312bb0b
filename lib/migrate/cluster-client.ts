/**
 * The HTTP client `strata migrate` talks to both clusters with: a base URL whose user info
 * (`http://user:pass@host:9200`) becomes basic auth on every request (and is never printed), JSON
 * in and out, and an Elasticsearch error body turned into a {@link ClusterError} with its type
 * and reason.
 */

/** An answer of either cluster that was not 2xx (or not reachable). */
export class ClusterError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly reason: string,
  ) {
    super(`${type}: ${reason}`);
  }
}

export interface ClusterAnswer {
  status: number;
  body: any;
}

export class ClusterClient {
  /** The URL without credentials: what is printed and what the target's reindex connects to. */
  readonly url: string;
  readonly username: string | undefined;
  readonly password: string | undefined;

  constructor(url: string) {
    let parsed: URL;
    try {
      parsed = new URL(url);
    } catch {
      throw new ClusterError(0, 'illegal_argument', `[${url}] is not a URL (expected http://host:port)`);
    }
    if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new ClusterError(0, 'illegal_argument', `[${url}] must be an http:// or https:// URL`);
    this.username = parsed.username !== '' ? decodeURIComponent(parsed.username) : undefined;
    this.password = parsed.password !== '' ? decodeURIComponent(parsed.password) : undefined;
    parsed.username = '';
    parsed.password = '';
    // reindex's remote host needs the port even when it is the scheme's default
    const port = parsed.port !== '' ? parsed.port : parsed.protocol === 'https:' ? '443' : '80';
    this.url = `${parsed.protocol}//${parsed.hostname}:${port}${parsed.pathname.replace(/\/+$/, '')}`;
  }

  /** `host:port` as `reindex.remote.whitelist` names it. */
  get hostPort(): string {
    return new URL(this.url).host;
  }

  /** Send a request; any status is returned (the caller decides what a 404 means). */
  async send(method: string, path: string, body?: unknown): Promise<ClusterAnswer> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (this.username !== undefined) headers.authorization = `Basic ${Buffer.from(`${this.username}:${this.password ?? ''}`).toString('base64')}`;
    let res: Response;
    try {
      res = await fetch(this.url + path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
    } catch (e) {
      throw new ClusterError(0, 'connect_exception', `cannot reach ${this.url}: ${e instanceof Error ? (e.cause instanceof Error ? e.cause.message : e.message) : String(e)}`);
    }
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text.length > 0 ? JSON.parse(text) : undefined;
    } catch {
      /* a non-JSON answer stays text */
    }
    return { status: res.status, body: parsed };
  }

  /** Send a request and return its body; a non-2xx answer throws its error. */
  async call(method: string, path: string, body?: unknown): Promise<any> {
    const res = await this.send(method, path, body);
    if (res.status >= 200 && res.status < 300) return res.body;
    throw errorOf(this.url, res);
  }
}

/** The ES error of an answer (`{error: {type, reason}}`), or a description of what came back. */
export function errorOf(url: string, res: ClusterAnswer): ClusterError {
  const err = (res.body as { error?: unknown } | undefined)?.error;
  if (err !== null && typeof err === 'object') {
    const e = err as { type?: string; reason?: string };
    return new ClusterError(res.status, e.type ?? 'exception', e.reason ?? JSON.stringify(err));
  }
  if (res.status === 401) return new ClusterError(401, 'security_exception', `${url} refused the credentials (401)`);
  return new ClusterError(res.status, 'status_exception', `${url} answered ${res.status}: ${typeof res.body === 'string' ? res.body.slice(0, 200) : JSON.stringify(res.body)?.slice(0, 200)}`);
}
