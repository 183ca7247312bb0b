/**
 * Span queries over HTTP (Lucene 6.6 span semantics, BM25 over the sloppy frequency). Where a
 * span query is equivalent to another query (span_term = term, an exact in-order span_near =
 * match_phrase), the scores must be the other query's; the matching docs follow from the
 * positions by hand (each test's comment).
 */
import test from 'ava';
import { startTestNode, ndjson, type TestNode } from '../helpers/node.js';

let node: TestNode;

test.before(async () => {
  node = await startTestNode();
  const r = await node.request('PUT', '/sp', { settings: { number_of_shards: 1 }, mappings: { doc: { properties: { t: { type: 'text' }, t2: { type: 'text' }, k: { type: 'keyword' } } } } });
  if (r.status !== 200) throw new Error(r.text);
  const docs = ['the quick brown fox', 'quick the fox brown', 'brown fox quick', 'fox', 'quick brown dog fox'];
  const lines: unknown[] = [];
  docs.forEach((t, i) => lines.push({ index: { _index: 'sp', _type: 'doc', _id: String(i + 1) } }, { t, k: 'kw', ...(i === 0 ? { t2: 'brown' } : {}) }));
  const bulk = await node.request('POST', '/_bulk?refresh=true', ndjson(lines));
  if (bulk.body.errors) throw new Error(bulk.text);
});

test.after.always(async () => {
  await node?.close();
});

const hits = async (query: unknown): Promise<Array<[string, number]>> => {
  const r = await node.request('POST', '/sp/_search', { query, size: 20 });
  if (r.status !== 200) throw new Error(r.text);
  return r.body.hits.hits.map((h: any) => [h._id, h._score]);
};
const ids = async (query: unknown): Promise<string[]> => (await hits(query)).map(([id]) => id).sort();
const term = (v: string, field = 't'): unknown => ({ span_term: { [field]: v } });

test('span_term scores as term; an exact in-order span_near as match_phrase', async (t) => {
  t.deepEqual(await hits(term('quick')), await hits({ term: { t: 'quick' } }));
  t.deepEqual(await hits({ span_term: { t: { value: 'quick', boost: 2 } } }), await hits({ term: { t: { value: 'quick', boost: 2 } } }));
  const near = { span_near: { clauses: [term('quick'), term('brown')], slop: 0, in_order: true } };
  t.deepEqual(await hits(near), await hits({ match_phrase: { t: 'quick brown' } }));
});

test('span_near: ordered and unordered slop', async (t) => {
  // quick … fox: "quick brown fox" (1 between), "quick the fox" (1); "quick brown dog fox" has 2
  t.deepEqual(await ids({ span_near: { clauses: [term('quick'), term('fox')], slop: 1, in_order: true } }), ['1', '2']);
  // unordered, "fox quick" (doc 3) is adjacent too
  t.deepEqual(await ids({ span_near: { clauses: [term('quick'), term('fox')], slop: 1, in_order: false } }), ['1', '2', '3']);
  t.deepEqual(await ids({ span_near: { clauses: [term('quick'), term('fox')], slop: 2, in_order: true } }), ['1', '2', '5']);
  // a wider match scores lower: 1/(width + 1)
  const scored = await hits({ span_near: { clauses: [term('quick'), term('fox')], slop: 2, in_order: true } });
  const by = new Map(scored);
  t.true((by.get('5') as number) < (by.get('1') as number));
});

test('span_first, span_or, span_not, span_containing, span_within, span_multi, field_masking_span', async (t) => {
  // quick at position 0
  t.deepEqual(await ids({ span_first: { match: term('quick'), end: 1 } }), ['2', '5']);
  t.deepEqual(await ids({ span_or: { clauses: [term('dog'), term('the')] } }), ['1', '2', '5']);
  // quick not inside "quick brown"
  t.deepEqual(await ids({ span_not: { include: term('quick'), exclude: { span_near: { clauses: [term('quick'), term('brown')], slop: 0, in_order: true } } } }), ['2', '3']);
  // "the" within one position before quick excludes doc 1 ("the quick") and doc 2 ("quick the")
  t.deepEqual(await ids({ span_not: { include: term('quick'), exclude: term('the'), pre: 1, post: 1 } }), ['3', '5']);
  t.deepEqual(await ids({ span_not: { include: term('quick'), exclude: term('the'), dist: 1 } }), ['3', '5']);
  const big = { span_near: { clauses: [term('quick'), term('fox')], slop: 5, in_order: true } };
  // a quick … fox span holding brown: docs 1 and 5 (in doc 2 brown comes after fox)
  t.deepEqual(await ids({ span_containing: { big, little: term('brown') } }), ['1', '5']);
  t.deepEqual(await ids({ span_within: { big, little: term('brown') } }), ['1', '5']);
  // both weigh quick, fox and brown; within scores the little span (width 0: freq 1), containing
  // the big one (one position between quick and fox: freq 1/2)
  const within = new Map(await hits({ span_within: { big, little: term('brown') } }));
  const containing = new Map(await hits({ span_containing: { big, little: term('brown') } }));
  t.true((within.get('1') as number) > (containing.get('1') as number));
  t.deepEqual(await ids({ span_multi: { match: { prefix: { t: 'qu' } } } }), ['1', '2', '3', '5']);
  t.deepEqual(await ids({ span_multi: { match: { wildcard: { t: 'd?g' } } } }), ['5']);
  t.deepEqual(await ids({ span_multi: { match: { fuzzy: { t: 'fux' } } } }), ['1', '2', '3', '4', '5']);
  // t2:brown (position 0) masked as t, next to t:quick (position 1) in doc 1
  t.deepEqual(await ids({ span_near: { clauses: [term('quick'), { field_masking_span: { query: term('brown', 't2'), field: 't' } }], slop: 0, in_order: false } }), ['1']);
});

test('explain and errors', async (t) => {
  const r = await node.request('POST', '/sp/_search', { explain: true, query: { span_near: { clauses: [term('quick'), term('brown')], slop: 0, in_order: true } } });
  const e = r.body.hits.hits[0]._explanation;
  t.regex(e.description, /^weight\(spanNear\(\[t:quick, t:brown\], 0, true\) in \d+\) \[PerFieldSimilarity\], result of:$/);
  t.regex(e.details[0].details.at(-1).details[0].description, /^phraseFreq=1\.0$/);
  t.is(e.value, r.body.hits.hits[0]._score);
  const mixed = await node.request('POST', '/sp/_search', { query: { span_near: { clauses: [term('quick'), term('brown', 't2')], slop: 0 } } });
  t.is(mixed.status, 400);
  t.is(mixed.body.error.root_cause[0].type, 'query_shard_exception');
  t.like(mixed.body.error.failed_shards[0].reason.caused_by, { type: 'illegal_argument_exception', reason: 'Clauses must have same field.' }, JSON.stringify(mixed.body));
  const noPositions = await node.request('POST', '/sp/_search', { query: term('kw', 'k') });
  t.is(noPositions.status, 500);
  t.regex(JSON.stringify(noPositions.body), /field \\"k\\" was indexed without position data; cannot run SpanTermQuery \(term=kw\)/);
});

test('span terms are highlighted', async (t) => {
  const r = await node.request('POST', '/sp/_search', { query: { span_first: { match: term('quick'), end: 1 } }, highlight: { fields: { t: {} } }, sort: ['_doc'] });
  t.deepEqual(r.body.hits.hits.map((h: any) => h.highlight.t[0]), ['<em>quick</em> the fox brown', '<em>quick</em> brown dog fox']);
});

test('span queries highlight only the occurrences inside their spans (plain highlighter)', async (t) => {
  const text = 'quick fox jumps over the quick dog and the lazy fox';
  await node.request('PUT', '/sphl/doc/1?refresh=true', { t: text });
  const hl = async (query: unknown, type = 'plain'): Promise<string> => {
    const r = await node.request('POST', '/sphl/_search', { query, highlight: { fields: { t: { type } } } });
    if (r.status !== 200) throw new Error(r.text);
    return r.body.hits.hits[0].highlight.t[0];
  };
  const near = { span_near: { clauses: [term('quick'), term('fox')], slop: 0, in_order: true } };
  t.is(await hl(near), '<em>quick</em> <em>fox</em> jumps over the quick dog and the lazy fox');
  // span_not: `quick` not followed by `dog`; the excluded clause's terms are not the query's
  const not = { span_not: { include: term('quick'), exclude: { span_near: { clauses: [term('quick'), term('dog')], slop: 0, in_order: true } } } };
  t.is(await hl(not), '<em>quick</em> fox jumps over the quick dog and the lazy fox');
  t.is(await hl({ span_first: { match: term('fox'), end: 3 } }), 'quick <em>fox</em> jumps over the quick dog and the lazy fox');
  t.is(await hl({ span_or: { clauses: [term('quick'), term('lazy')] } }), '<em>quick</em> fox jumps over the <em>quick</em> dog and the <em>lazy</em> fox');
  // next to a plain term query on the same term, every occurrence counts again
  t.is(await hl({ bool: { should: [near, { term: { t: 'fox' } }] } }), '<em>quick</em> <em>fox</em> jumps over the quick dog and the lazy <em>fox</em>');
});

test('fvh and postings highlight span queries as ES 5.6 does: no span positions', async (t) => {
  // Lucene 6.6's FieldQuery (fvh) knows no span query: ES's CustomFieldQuery hands it a bare
  // span_term as a term, any other span query is discarded; the PostingsHighlighter marks every
  // occurrence of the terms the query's weight extracts (span_not: the include's only)
  const r = await node.request('PUT', '/sphl2', {
    settings: { number_of_shards: 1 },
    mappings: { doc: { properties: { v: { type: 'text', term_vector: 'with_positions_offsets' }, p: { type: 'text', index_options: 'offsets' } } } },
  });
  t.is(r.status, 200, r.text);
  const text = 'quick fox jumps over the quick dog and the lazy fox';
  await node.request('PUT', '/sphl2/doc/1?refresh=true', { v: text, p: text });
  const hl = async (field: 'v' | 'p', query: unknown): Promise<string[] | undefined> => {
    const res = await node.request('POST', '/sphl2/_search', { query, highlight: { fields: { [field]: { type: field === 'v' ? 'fvh' : 'postings' } } } });
    if (res.status !== 200) throw new Error(res.text);
    t.is(res.body.hits.total, 1);
    return res.body.hits.hits[0].highlight?.[field];
  };
  const st = (v: string, f: string): unknown => ({ span_term: { [f]: v } });
  const near = (f: string): unknown => ({ span_near: { clauses: [st('quick', f), st('fox', f)], slop: 0, in_order: true } });
  t.deepEqual(await hl('v', st('quick', 'v')), ['<em>quick</em> fox jumps over the <em>quick</em> dog and the lazy fox']);
  // inside a bool the span_term is still flattened as a term
  t.deepEqual(await hl('v', { bool: { should: [st('lazy', 'v')], boost: 3 } }), ['quick fox jumps over the quick dog and the <em>lazy</em> fox']);
  t.is(await hl('v', near('v')), undefined, 'span_near: nothing to highlight');
  t.is(await hl('v', { span_first: { match: st('quick', 'v'), end: 1 } }), undefined);
  t.is(await hl('v', { span_term: { v: { value: 'quick', boost: 2 } } }), undefined, 'a SpanBoostQuery is discarded too');
  t.deepEqual(await hl('v', { bool: { should: [near('v'), { term: { v: 'dog' } }] } }), ['quick fox jumps over the quick <em>dog</em> and the lazy fox']);

  t.deepEqual(await hl('p', near('p')), ['<em>quick</em> <em>fox</em> jumps over the <em>quick</em> dog and the lazy <em>fox</em>']);
  const not = { span_not: { include: st('lazy', 'p'), exclude: st('dog', 'p') } };
  t.deepEqual(await hl('p', not), ['quick fox jumps over the quick dog and the <em>lazy</em> fox']);
  t.deepEqual(await hl('p', { span_first: { match: st('fox', 'p'), end: 2 } }), ['quick <em>fox</em> jumps over the quick dog and the lazy <em>fox</em>']);
});
