/**
 * A tiny fake Elasticsearch for testing the runner without Strata: a handful of endpoints with
 * ES 5.6-shaped answers, and a log of the requests it received.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A running fake server. */
export interface FakeServer {
  readonly url: string;
  readonly requests: string[];
  close(): Promise<void>;
}

const WARNING = '299 Elasticsearch-5.6.16-3a740d1 "[local] is deprecated" "Mon, 01 Jan 2018 00:00:00 GMT"';

/** Starts the fake on a free loopback port. */
export async function startFakeServer(): Promise<FakeServer> {
  const docs = new Map<string, unknown>();
  const indices = new Set<string>();
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const method = req.method ?? 'GET';
      requests.push(`${method} ${req.url}`);
      const json = (status: number, body: unknown, headers: Record<string, string> = {}): void => {
        res.writeHead(status, { 'Content-Type': 'application/json; charset=UTF-8', ...headers });
        res.end(method === 'HEAD' ? undefined : JSON.stringify(body));
      };
      const parts = url.pathname.split('/').filter((p) => p !== '').map(decodeURIComponent);
      const text = Buffer.concat(chunks).toString('utf8');
      if (method === 'DELETE' && url.pathname === '/*') {
        docs.clear();
        indices.clear();
        return json(200, { acknowledged: true });
      }
      if (method === 'DELETE' && url.pathname === '/_template/*') return json(404, { error: 'no templates', status: 404 });
      if (url.pathname === '/_cluster/settings') return json(200, { persistent: {}, transient: {} });
      if (url.pathname === '/_ingest/pipeline') return json(404, {});
      if (url.pathname === '/_tasks/_cancel' || url.pathname === '/_tasks') return json(200, { nodes: {} });
      if (url.pathname === '/_cluster/health') {
        return json(200, { status: 'green', number_of_nodes: 1 }, url.searchParams.get('local') ? { Warning: WARNING } : {});
      }
      if (url.pathname === '/_cat/health') {
        res.writeHead(200, { 'Content-Type': 'text/plain; charset=UTF-8' });
        return res.end('1515000000 00:00:00 rest-tests green 1 1\n');
      }
      if (parts.length === 1 && method === 'PUT') {
        indices.add(parts[0] as string);
        return json(200, { acknowledged: true, shards_acknowledged: true });
      }
      if (parts.length === 3) {
        const [index, type, id] = parts as [string, string, string];
        const key = `${index}/${type}/${id}`;
        if (!indices.has(index) && method !== 'PUT') {
          return json(404, {
            error: { root_cause: [{ type: 'index_not_found_exception', reason: 'no such index', index }], type: 'index_not_found_exception', reason: 'no such index', index },
            status: 404,
          });
        }
        if (method === 'PUT') {
          indices.add(index);
          const created = !docs.has(key);
          docs.set(key, JSON.parse(text));
          return json(created ? 201 : 200, { _index: index, _type: type, _id: id, _version: 1, result: created ? 'created' : 'updated', created });
        }
        const source = docs.get(key);
        if (source === undefined) return json(404, { _index: index, _type: type, _id: id, found: false });
        return json(200, { _index: index, _type: type, _id: id, _version: 1, found: true, _source: source });
      }
      json(400, { error: { type: 'illegal_argument_exception', reason: `no handler for ${method} ${url.pathname}` }, status: 400 });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((e) => (e ? reject(e) : resolve()));
      }),
  };
}

/** A test file exercising the runner's operators against the fake server. */
export const FAKE_SUITE = `---
setup:
  - do:
      indices.create:
        index: test_1
---
"Index then get":
  - do:
      index:
        index: test_1
        type: test
        id: 1
        body: { foo: bar, "a.b": 1 }
  - set: { _id: id }
  - do:
      get:
        index: test_1
        type: test
        id: $id
  - match: { _id: "\${id}" }
  - match: { _source.a\\.b: 1.0 }
  - match: { _source: { a.b: 1, foo: bar } }
  - is_true: found
  - length: { _source: 2 }
---
"Documents do not leak between tests":
  - do:
      exists:
        index: test_1
        type: test
        id: 1
  - is_false: ''
---
"Catch missing and regex":
  - do:
      catch: missing
      get:
        index: nope
        type: test
        id: 1
  - match: { status: 404 }
  - do:
      catch: /index_not_found_exception.+index=nope/
      get:
        index: nope
        type: test
        id: 1
---
"Cat body regex":
  - do:
      cat.health: {}
  - match:
      $body: |
        /^ \\d+ \\s \\d{2}:\\d{2}:\\d{2} \\s rest-tests \\s green \\s+ 1 \\s+ 1 \\s* $/
---
"Wrong value fails":
  - do:
      index:
        index: test_1
        type: test
        id: 1
        body: { foo: bar }
  - match: { _version: 2 }
---
"Unexpected warning fails":
  - do:
      cluster.health:
        local: true
---
"Expected warning passes":
  - skip:
      features: warnings
  - do:
      warnings:
        - "[local] is deprecated"
      cluster.health:
        local: true
  - match: { status: green }
---
"Skipped for 5.x":
  - skip:
      version: " - 5.99.99"
      reason: 6.0 only
  - do:
      cluster.health: {}
---
"Catch param sends nothing":
  - do:
      catch: param
      get:
        index: test_1
        type: test
        id: 1
        no_such_param: 1
---
"Unknown param fails":
  - do:
      get:
        index: test_1
        type: test
        id: 1
        no_such_param: 1
`;
