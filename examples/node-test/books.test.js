// The same kind of suite with Node's built-in runner (`node --test`): no test dependency at all.
// One in-memory node for the file, loaded from ../fixtures, reset after every test. Run by
// `npm test`.
import { before, after, afterEach, test } from 'node:test';
import assert from 'node:assert/strict';
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

before(async () => {
  node = await startNode({ memory: true, logger: false, fixtures });
});
afterEach(async () => {
  await node.reset();
});
after(async () => {
  await node?.close();
});

test('an index created by a test is gone after the reset', async () => {
  assert.equal((await es('PUT', '/scratch', {})).status, 200);
  assert.equal((await es('GET', '/scratch/_count')).body.count, 0);
});

test('the scratch index of the previous test does not exist', async () => {
  const res = await es('GET', '/scratch');
  assert.equal(res.status, 404);
  assert.equal(res.body.error.type, 'index_not_found_exception');
});

test('the ingest pipeline from the fixtures runs on new documents', async () => {
  await es('PUT', '/books/book/9?pipeline=shelve&refresh=true', { title: 'Solaris', genre: 'scifi', likes: 5 });
  const doc = await es('GET', '/books/book/9');
  assert.equal(doc.body._source.shelf, 'scifi-shelf');
});

test('authors loaded from elasticdump output are searchable', async () => {
  const res = await es('POST', '/authors/_search', { query: { range: { born: { lt: 1925 } } }, sort: [{ born: 'asc' }] });
  assert.deepEqual(res.body.hits.hits.map((h) => h._id), ['tolkien', 'herbert']);
});
