/**
 * Percolator candidate selection over HTTP (ES 5.6 `PercolatorFieldMapper.processQuery`,
 * `QueryAnalyzer` and `PercolateQuery`): each stored query's terms are extracted when it is
 * indexed into `<field>.extracted_terms` (`field\0term`) and `<field>.extraction_result`
 * (`complete` / `partial` / `failed`), searchable as keyword fields as in ES; a percolate
 * request verifies only the candidates whose terms the document holds, and in filter context
 * takes `complete` candidates unverified. Stored queries naming unmapped fields are refused.
 */
import test from 'ava';
import { startTestNode, ndjson, type TestNode } from '../helpers/node.js';

let node: TestNode;

// a script that fails whenever it runs: a stored query using it is verified only if selected
const BOOM = { script: { script: { inline: "doc['nope'].value > 0", lang: 'painless' } } };

const QUERIES: Record<string, unknown> = {
  quick: { match: { body: 'quick' } },
  quickfox: { match: { body: 'quick fox' } },
  quickandfox: { match: { body: { query: 'quick fox', operator: 'and' } } },
  phrase: { match_phrase: { body: 'brown fox' } },
  red: { bool: { filter: [{ term: { color: 'red' } }, { range: { n: { gte: 5 } } }] } },
  colors: { terms: { color: ['red', 'blue'] } },
  notblue: { bool: { should: [{ term: { color: 'red' } }], must_not: [{ term: { color: 'blue' } }] } },
  span: { span_near: { clauses: [{ span_term: { body: 'quick' } }, { span_term: { body: 'fox' } }], slop: 1, in_order: true } },
  minscore: { function_score: { query: { term: { color: 'red' } }, min_score: 1 } },
  range: { range: { n: { gte: 5 } } },
  all: { match_all: {} },
  zebraboom: { bool: { must: [{ match: { body: 'zebra' } }, BOOM] } },
  redboom: { function_score: { query: { term: { color: 'green' } }, functions: [{ script_score: { script: { inline: "doc['nope'].value", lang: 'painless' } } }] } },
};

test.before(async () => {
  node = await startTestNode();
  const r = await node.request('PUT', '/pc', {
    mappings: {
      queries: { properties: { query: { type: 'percolator' } } },
      doc: { properties: { body: { type: 'text' }, color: { type: 'keyword' }, n: { type: 'long' } } },
    },
  });
  if (r.status !== 200) throw new Error(r.text);
  const lines: unknown[] = [];
  for (const [id, query] of Object.entries(QUERIES)) lines.push({ index: { _index: 'pc', _type: 'queries', _id: id } }, { query });
  const bulk = await node.request('POST', '/_bulk?refresh=true', ndjson(lines));
  if (bulk.body.errors) throw new Error(bulk.text);
});

test.after.always(async () => {
  await node?.close();
});

const idsOf = (r: { body: any }): string[] => r.body.hits.hits.map((h: any) => h._id).sort();

async function ids(query: unknown): Promise<string[]> {
  const r = await node.request('POST', '/pc/queries/_search', { query, size: 50 });
  if (r.status !== 200) throw new Error(r.text);
  return idsOf(r);
}

test('each stored query is indexed with its extraction result, as 5.6 QueryAnalyzer decides it', async (t) => {
  const result = (v: string) => ids({ term: { 'query.extraction_result': v } });
  t.deepEqual(await result('complete'), ['colors', 'quick', 'quickfox', 'redboom']);
  t.deepEqual(await result('partial'), ['minscore', 'notblue', 'phrase', 'quickandfox', 'red', 'span', 'zebraboom']);
  t.deepEqual(await result('failed'), ['all', 'range']);
});

test('the extracted terms are field\\0term, the longest of a conjunction or phrase', async (t) => {
  const term = (field: string, v: string) => ids({ term: { 'query.extracted_terms': `${field}\u0000${v}` } });
  t.deepEqual(await term('body', 'quick'), ['quick', 'quickandfox', 'quickfox', 'span']);
  // `fox` is shorter than `quick` (conjunction) and `brown` (phrase): extracted only from the disjunction
  t.deepEqual(await term('body', 'fox'), ['quickfox']);
  t.deepEqual(await term('body', 'brown'), ['phrase']);
  t.deepEqual(await term('color', 'red'), ['colors', 'minscore', 'notblue', 'red']);
  t.deepEqual(await term('color', 'blue'), ['colors']);
  t.deepEqual(await term('body', 'zebra'), ['zebraboom']);
});

const percolate = (document: unknown, filter = false) =>
  node.request('POST', '/pc/_search', {
    size: 50,
    query: filter
      ? { constant_score: { filter: { percolate: { field: 'query', document_type: 'doc', document } } } }
      : { percolate: { field: 'query', document_type: 'doc', document } },
  });

test('only candidates are verified: a stored query that cannot run is not reached without its terms', async (t) => {
  // zebraboom's script fails when run; the document has no `zebra`, so it is never verified
  const r = await percolate({ body: 'the quick brown fox', color: 'red', n: 7 });
  t.is(r.status, 200, r.text);
  t.is(r.body._shards.failed, 0);
  t.deepEqual(idsOf(r), ['all', 'colors', 'notblue', 'phrase', 'quick', 'quickandfox', 'quickfox', 'range', 'red', 'span']);
  t.is(r.body.hits.hits.find((h: any) => h._id === 'quickfox')._score, 0.5753642);
  // with `zebra` it is a candidate, verified, and its failure reported as the shard's
  const z = await percolate({ body: 'zebra', color: 'blue', n: 1 });
  t.is(z.body._shards.failed, 1, z.text);
});

test('a document with more terms than the extracted dictionary looks the extracted terms up in it instead', async (t) => {
  // 200 more distinct terms than the stored queries extracted: the extracted side is walked
  const filler = Array.from({ length: 200 }, (_, i) => `w${i}`).join(' ');
  const r = await percolate({ body: `the quick brown fox ${filler}`, color: 'red', n: 7 });
  t.is(r.status, 200, r.text);
  t.is(r.body._shards.failed, 0, 'zebraboom is still no candidate');
  t.deepEqual(idsOf(r), ['all', 'colors', 'notblue', 'phrase', 'quick', 'quickandfox', 'quickfox', 'range', 'red', 'span']);
  const filtered = await percolate({ body: `slow ${filler}`, color: 'green', n: 1 }, true);
  t.deepEqual(idsOf(filtered), ['all', 'redboom']);
});

test('in filter context a complete candidate matches unverified; a scored search verifies it', async (t) => {
  // redboom is complete on color:green; its script_score fails only when it is run
  const filtered = await percolate({ body: 'slow', color: 'green', n: 1 }, true);
  t.is(filtered.status, 200, filtered.text);
  t.is(filtered.body._shards.failed, 0);
  t.deepEqual(idsOf(filtered), ['all', 'redboom']);
  const scored = await percolate({ body: 'slow', color: 'green', n: 1 });
  t.is(scored.body._shards.failed, 1, scored.text);
});

test('a stored query naming an unmapped field is refused as ES 5.6 refuses it', async (t) => {
  for (const query of [{ term: { nope: 'x' } }, { bool: { must: [{ match: { body: 'a' } }], filter: [{ range: { missing_n: { gte: 1 } } }] } }]) {
    const r = await node.request('PUT', '/pc/queries/bad', { query });
    t.is(r.status, 400, r.text);
    t.is(r.body.error.type, 'mapper_parsing_exception');
    t.is(r.body.error.reason, 'failed to parse');
    t.is(r.body.error.caused_by.type, 'query_shard_exception');
    t.regex(r.body.error.caused_by.reason, /^No field mapping can be found for the field with name \[(nope|missing_n)\]$/);
    t.is(r.body.error.caused_by.index, 'pc');
  }
  t.is((await node.request('GET', '/pc/queries/bad')).body.found, false);
  // index.percolator.map_unmapped_fields_as_string lifts the rule
  const lax = await node.request('PUT', '/pc-lax', { settings: { 'index.percolator.map_unmapped_fields_as_string': true }, mappings: { q: { properties: { query: { type: 'percolator' } } } } });
  t.is(lax.status, 200, lax.text);
  const ok = await node.request('PUT', '/pc-lax/q/1?refresh=true', { query: { match: { nope: 'x' } } });
  t.is(ok.status, 201, ok.text);
});

test('a percolated document is data: a lookup-shaped object in it fetches nothing', async (t) => {
  await node.request('PUT', '/pc-other/t/1?refresh=true', { x: ['red'] });
  const before = await node.request('GET', '/pc-other/_stats/get');
  const document = { body: 'quick', nested_data: { kind: 'terms', lookup: { index: 'pc-other', type: 't', id: '1', path: 'x' } } };
  const r = await node.request('POST', '/pc/_search', { query: { percolate: { field: 'query', document_type: 'doc', document } } });
  t.is(r.status, 200, r.text);
  const after = await node.request('GET', '/pc-other/_stats/get');
  t.is(after.body._all.total.get.total, before.body._all.total.get.total);
});
