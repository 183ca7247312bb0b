// The same kind of suite with Vitest (`vitest run examples/vitest`), as a Jest-style project has it.
// One in-memory node for the file, loaded from ../fixtures, reset after every test. Run by
// `npm test`.
import { beforeAll, afterAll, afterEach, expect, test } from 'vitest';
import { fileURLToPath } from 'node:url';
import { startNode } from 'strata';

const fixtures = fileURLToPath(new URL('../fixtures', import.meta.url));
let node;

async function es(method, path, body) {
  const res = await fetch(node.url + path, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  node = await startNode({ memory: true, logger: false, fixtures });
});
afterEach(async () => {
  await node.reset();
});
afterAll(async () => {
  await node?.close();
});

test('an index created by a test is gone after the reset', async () => {
  expect((await es('PUT', '/scratch', {})).status).toBe(200);
  expect((await es('GET', '/scratch/_count')).body.count).toBe(0);
});

test('the scratch index of the previous test does not exist', async () => {
  const res = await es('GET', '/scratch');
  expect(res.status).toBe(404);
  expect(res.body.error.type).toBe('index_not_found_exception');
});

test('the ingest pipeline from the fixtures runs on new documents', async () => {
  await es('PUT', '/books/book/9?pipeline=shelve&refresh=true', { title: 'Solaris', genre: 'scifi', likes: 5 });
  const doc = await es('GET', '/books/book/9');
  expect(doc.body._source.shelf).toBe('scifi-shelf');
});

test('authors loaded from elasticdump output are searchable', async () => {
  const res = await es('POST', '/authors/_search', { query: { range: { born: { lt: 1925 } } }, sort: [{ born: 'asc' }] });
  expect(res.body.hits.hits.map((h) => h._id)).toEqual(['tolkien', 'herbert']);
});
