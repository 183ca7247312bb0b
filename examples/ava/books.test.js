// An application's test suite against Strata, with ava: one in-memory node per test file, loaded
// from ../fixtures, put back to the fixture state after every test. Tests that share a node
// and reset it run serially (`test.serial`); ava runs test files in parallel, each with its own
// node. Run by `npm test` (the package imports itself by name, as your project would).
import test from 'ava';
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

test.before(async () => {
  node = await startNode({ memory: true, logger: false, fixtures });
});
test.afterEach.always(async () => {
  await node.reset();
});
test.after.always(async () => {
  await node?.close();
});

test.serial('finds books by author', async (t) => {
  const res = await es('POST', '/library/_search', { query: { term: { author: 'Ursula K. Le Guin' } }, sort: ['year'] });
  t.is(res.status, 200);
  t.deepEqual(res.body.hits.hits.map((h) => h._source.title), ['A Wizard of Earthsea', 'The Left Hand of Darkness']);
});

test.serial('deletes a book (and the next test still sees it)', async (t) => {
  const del = await es('DELETE', '/books/book/4?refresh=true');
  t.is(del.body.result, 'deleted');
  t.is((await es('GET', '/books/_count')).body.count, 3);
});

test.serial('the deleted book is back after the reset', async (t) => {
  const hobbit = await es('GET', '/books/book/4');
  t.true(hobbit.body.found);
  t.is(hobbit.body._source.shelf, 'fantasy-shelf');
});

test.serial('counts books per genre', async (t) => {
  const res = await es('POST', '/books/_search', { size: 0, aggs: { genres: { terms: { field: 'genre' } } } });
  t.deepEqual(res.body.aggregations.genres.buckets, [
    { key: 'fantasy', doc_count: 2 },
    { key: 'scifi', doc_count: 2 },
  ]);
});
