/**
 * One HTTP exchange with a deadline, over a keep-alive agent. Never throws: transport
 * failures and timeouts come back as `{error}` so the runner can tell a hang or a crash from
 * an answer.
 */
import http from 'node:http';

/** A request as sent on the wire. */
export interface WireRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

/** An answer, or why there was none. */
export type Answer = { status: number; contentType: string | undefined; body: Buffer; ms: number } | { error: string; timedOut: boolean; ms: number };

const agents = new Map<number, http.Agent>();

function agentFor(port: number): http.Agent {
  let a = agents.get(port);
  if (!a) {
    a = new http.Agent({ keepAlive: true, maxSockets: 16 });
    agents.set(port, a);
  }
  return a;
}

/**
 * Close the pooled connections to the given ports (the servers of one run). Only those: two runs
 * in one process (the tests of one file run concurrently) must not reset each other's requests.
 */
export function closeAgents(ports: Iterable<number>): void {
  for (const port of ports) {
    agents.get(port)?.destroy();
    agents.delete(port);
  }
}

/** Percent-encode what Node's client refuses to put on a request line (controls, non-ASCII). */
export function wirePath(path: string): string {
  return path.replace(/[^\u0021-\u007e]/gu, (c) => [...Buffer.from(c, 'utf8')].map((b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`).join(''));
}

/** Send one request and wait at most `timeoutMs` for the whole answer. */
export function send(base: { host: string; port: number }, r: WireRequest, timeoutMs: number): Promise<Answer> {
  const started = Date.now();
  return new Promise((resolve) => {
    let settled = false;
    const finish = (a: Answer): void => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(a);
    };
    const headers: Record<string, string> = { ...r.headers };
    if (r.body) headers['content-length'] = String(r.body.length);
    let req: http.ClientRequest;
    try {
      req = http.request({ host: base.host, port: base.port, method: r.method, path: wirePath(r.path), headers, agent: agentFor(base.port) });
    } catch (err) {
      resolve({ error: `client refused the request: ${(err as Error).message}`, timedOut: false, ms: 0 });
      return;
    }
    const timer = setTimeout(() => {
      finish({ error: `no answer within ${timeoutMs} ms`, timedOut: true, ms: Date.now() - started });
      req.destroy();
    }, timeoutMs);
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => finish({ status: res.statusCode ?? 0, contentType: res.headers['content-type'], body: Buffer.concat(chunks), ms: Date.now() - started }));
      res.on('error', (err) => finish({ error: err.message, timedOut: false, ms: Date.now() - started }));
    });
    req.on('error', (err) => finish({ error: (err as NodeJS.ErrnoException).code ?? err.message, timedOut: false, ms: Date.now() - started }));
    req.end(r.body);
  });
}
