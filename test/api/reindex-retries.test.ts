/**
 * Rejections retried with backoff and counted (ES 5.6 `retries.search`, `retries.bulk`): a
 * remote source that answers 429 `es_rejected_execution_exception` to some searches and scrolls,
 * and shard bulks that reject every item a few times (a fault injected at the shard boundary,
 * the node's `ShardClient`), both ending in a complete copy; plus ES's backoff sequence.
 */
import test from 'ava';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { seedNumbered } from '../helpers/seed.js';
import { startTestNode } from '../helpers/node.js';
import { exponentialBackoff, retryRejectedBulk } from '../../lib/action/reindex/backoff.js';
import { EsError } from '../../lib/errors/errors.js';
import type { BulkItemResult } from '../../lib/action/bulk/types.js';
import type { ShardBulkRequest, ShardBulkResponse } from '../../lib/messages/shard-write.js';

const REJECTED = {
  error: {
    root_cause: [{ type: 'es_rejected_execution_exception', reason: 'rejected execution of org.elasticsearch.transport.TransportService$7@1 on EsThreadPoolExecutor[search, queue capacity = 1000]' }],
    type: 'es_rejected_execution_exception',
    reason: 'rejected execution of org.elasticsearch.transport.TransportService$7@1 on EsThreadPoolExecutor[search, queue capacity = 1000]',
  },
  status: 429,
};

test('ES 5.6 exponential backoff: 500 ms start, 11 delays', (t) => {
  t.deepEqual([...exponentialBackoff(500, 11)], [500, 510, 530, 600, 730, 1030, 1700, 3190, 6500, 13880, 30290]);
});

test('bulk retry: only rejected items again, and not when another failure is among them', async (t) => {
  const rejected = (id: string): BulkItemResult => ({ opType: 'index', index: 'i', type: 't', id, status: 429, error: new EsError('es_rejected_execution_exception', 429, 'rejected') });
  const ok = (id: string): BulkItemResult => ({ opType: 'index', index: 'i', type: 't', id, status: 201, ok: { result: 'created' } as never });
  const sent: string[][] = [];
  let retries = 0;
  const policy = { startMs: 1, maxRetries: 3, onRetry: () => retries++ };
  const res = await retryRejectedBulk(policy, ['a', 'b', 'c'], async (items) => {
    sent.push(items);
    return items.map((id) => (sent.length < 3 && id !== 'a' ? rejected(id) : ok(id)));
  });
  t.deepEqual(sent, [['a', 'b', 'c'], ['b', 'c'], ['b', 'c']]);
  t.deepEqual(res.map((r) => r.status), [201, 201, 201]);
  t.is(retries, 2);
  // the policy runs out: the rejections are the answer
  const exhausted = await retryRejectedBulk({ ...policy, maxRetries: 2 }, ['x'], async (items) => items.map(rejected));
  t.is(exhausted[0]!.error?.type, 'es_rejected_execution_exception');
  // a failure that is not a rejection stops the retries (ES `Retry#canRetry`)
  let calls = 0;
  await retryRejectedBulk(policy, ['y', 'z'], async (items) => {
    calls++;
    return items.map((id) => (id === 'y' ? rejected(id) : { ...rejected(id), error: new EsError('mapper_parsing_exception', 400, 'bad') }));
  });
  t.is(calls, 1);
});

test('remote search and scroll rejections are retried and counted in retries.search', async (t) => {
  const remote = await startTestNode();
  let searches = 0;
  let scrolls = 0;
  // a proxy in front of the remote node that rejects the first two searches and the first scroll
  const proxy = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      const path = req.url ?? '/';
      const isScroll = path.startsWith('/_search/scroll') && req.method === 'POST';
      const isSearch = !isScroll && path.includes('/_search');
      if ((isSearch && ++searches <= 2) || (isScroll && ++scrolls === 1)) {
        res.writeHead(429, { 'content-type': 'application/json' });
        res.end(JSON.stringify(REJECTED));
        return;
      }
      const body = Buffer.concat(chunks);
      const up = await fetch(remote.url + path, { method: req.method ?? 'GET', headers: { 'content-type': 'application/json' }, ...(body.length > 0 ? { body } : {}) });
      res.writeHead(up.status, { 'content-type': 'application/json' });
      res.end(await up.text());
    });
  });
  await new Promise<void>((r) => proxy.listen(0, '127.0.0.1', r));
  const port = (proxy.address() as AddressInfo).port;
  const local = await startTestNode({ settings: { 'reindex.remote.whitelist': `127.0.0.1:${port}` } });
  try {
    await seedNumbered(remote, 'far', 5);
    const started = Date.now();
    const res = await local.request('POST', '/_reindex?refresh=true', { source: { index: 'far', size: 2, remote: { host: `http://127.0.0.1:${port}` } }, dest: { index: 'near' } });
    t.is(res.status, 200, JSON.stringify(res.body));
    t.like(res.body, { total: 5, created: 5, batches: 3, retries: { bulk: 0, search: 3 }, failures: [] });
    // the delays were waited: 500 + 510 ms for the search, 500 ms for the scroll
    t.true(Date.now() - started >= 1500);
    t.is((await local.request('GET', '/near/_count')).body.count, 5);
  } finally {
    await Promise.all([remote.close(), local.close(), new Promise<void>((r) => proxy.close(() => r()))]);
  }
});

test('shard bulk rejections are retried with backoff and counted in retries.bulk', async (t) => {
  const n = await startTestNode();
  try {
    await seedNumbered(n, 'src', 30);
    await n.request('PUT', '/dst', { settings: { number_of_shards: 1 } });
    const client = n.node.context.indices.client;
    const bulk = client.bulk.bind(client);
    let rejectLeft = 2;
    // the shard answers every item of its first two bulks for `dst` as a full bulk queue would
    client.bulk = async (req: ShardBulkRequest): Promise<ShardBulkResponse> => {
      if (req.index !== 'dst' || rejectLeft <= 0) return bulk(req);
      rejectLeft--;
      return { items: req.items.map(() => ({ error: { type: 'es_rejected_execution_exception', status: 429, reason: 'rejected execution of bulk on EsThreadPoolExecutor[bulk, queue capacity = 200]' } })) };
    };
    const res = await n.request('POST', '/_reindex?refresh=true', { source: { index: 'src' }, dest: { index: 'dst' } });
    t.is(res.status, 200, JSON.stringify(res.body));
    t.like(res.body, { total: 30, created: 30, retries: { bulk: 2, search: 0 }, failures: [] });
    t.is((await n.request('GET', '/dst/_count')).body.count, 30);
  } finally {
    await n.close();
  }
});
