/**
 * Search templates over HTTP: searching through inline, stored and file templates, the
 * `_msearch/template` item errors, the deprecated `template` query, and a node's `path.scripts`.
 */
import test from 'ava';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ndjson, startTestNode, type TestNode } from '../helpers/node.js';

const DEPRECATION = '[template] query is deprecated, use search template api instead';

async function withDocs(scripts: string): Promise<TestNode> {
  const n = await startTestNode({ settings: { 'path.scripts': scripts } });
  await n.request('POST', '/_bulk?refresh=true', ndjson([
    { index: { _index: 'books', _type: 'b', _id: '1' } }, { title: 'red fox', pages: 10 },
    { index: { _index: 'books', _type: 'b', _id: '2' } }, { title: 'blue fox', pages: 20 },
    { index: { _index: 'books', _type: 'b', _id: '3' } }, { title: 'red bird', pages: 30 },
  ]));
  return n;
}

/** Run `fn` against a node with three books and two file templates in its `path.scripts`. */
async function withTemplates(fn: (n: TestNode) => Promise<void>): Promise<void> {
  const dir = await mkdtemp(join(tmpdir(), 'strata-scripts-'));
  await writeFile(join(dir, 'by_title.mustache'), '{"query": {"match": {"title": "{{q}}"}}, "size": {{size}}{{^size}}10{{/size}}}');
  await writeFile(join(dir, 'title_query.mustache'), '{"match": {"title": "{{q}}"}}');
  const n = await withDocs(dir);
  try {
    await fn(n);
  } finally {
    await n.close();
    await rm(dir, { recursive: true, force: true });
  }
}

test('_search/template runs inline, stored and file templates; the rendered source replaces URI source params', async (t) => {
  await withTemplates(async (n) => {
    const inline = await n.request('POST', '/books/_search/template', { inline: { query: { match: { title: '{{q}}' } } }, params: { q: 'red' } });
    t.is(inline.status, 200);
    t.is(inline.body.hits.total, 2);
    t.deepEqual((await n.request('PUT', '/_scripts/mustache/st', { template: { query: { term: { title: '{{q}}' } } } })).body, { acknowledged: true });
    const stored = await n.request('POST', '/books/_search/template', { id: 'st', params: { q: 'fox' } });
    t.is(stored.body.hits.total, 2);
    // `size` in the URI is part of the search source, which the template replaces (ES 5.6).
    const file = await n.request('POST', '/books/_search/template?size=1', { file: 'by_title', params: { q: 'fox' } });
    t.is(file.body.hits.total, 2);
    t.is(file.body.hits.hits.length, 2);
    const sized = await n.request('POST', '/books/_search/template', { file: 'by_title', params: { q: 'fox', size: 1 } });
    t.is(sized.body.hits.hits.length, 1);
    const missing = await n.request('POST', '/books/_search/template', { file: 'nope', params: {} });
    t.is(missing.status, 400);
    t.is(missing.body.error.reason, 'Unable to find on disk file script [nope] using lang [mustache]');
    const empty = await n.request('POST', '/books/_search/template', { inline: '' });
    t.is(empty.status, 400);
    t.is(empty.body.error.type, 'action_request_validation_exception');
    t.is(empty.body.error.reason, 'Validation Failed: 1: template is missing;');
  });
});

test('_msearch/template: per-item render and parse errors, whole-request validation', async (t) => {
  await withTemplates(async (n) => {
    const res = await n.request('POST', '/_msearch/template', ndjson([
      { index: 'books' }, { inline: '{"query": {"match": {"title": "{{q}}"}}}', params: { q: 'bird' } },
      { index: 'books' }, { inline: '{"query": {"match": {', params: {} },
      { index: 'books' }, { inline: '{"query": {"nope": {}}', params: {} },
      { index: 'books' }, { file: 'by_title', params: { q: 'fox' } },
    ]));
    t.is(res.status, 200);
    const [ok, eof, unknown, file] = res.body.responses;
    t.is(ok.hits.total, 1);
    t.false('status' in ok);
    t.is(eof.error.type, 'json_e_o_f_exception');
    t.regex(eof.error.reason, /^Unexpected end-of-input/);
    // The streaming parser meets the unknown query before the missing closer.
    t.is(unknown.error.type, 'parsing_exception');
    t.is(unknown.error.reason, 'no [query] registered for [nope]');
    t.is(file.hits.total, 2);
    const invalid = await n.request('POST', '/_msearch/template', ndjson([{ index: 'books' }, { inline: '' }]));
    t.is(invalid.status, 400);
    t.is(invalid.body.error.type, 'action_request_validation_exception');
  });
});

test('the template query renders inline, stored and file templates and warns as deprecated', async (t) => {
  await withTemplates(async (n) => {
    await n.request('POST', '/_search/template/tq', { template: { term: { title: '{{q}}' } } });
    for (const template of [
      { inline: { match: { title: '{{q}}' } }, params: { q: 'red' } },
      { inline: '{"match": {"title": "{{q}}"}}', params: { q: 'red' } },
      { file: 'title_query', params: { q: 'red' } },
      { id: 'tq', params: { q: 'red' } },
      { id: '/mustache/tq', params: { q: 'red' } },
    ]) {
      const res = await n.request('POST', '/books/_search', { query: { template } });
      t.is(res.status, 200, JSON.stringify(template));
      t.is(res.body.hits.total, 2, JSON.stringify(template));
      t.true((res.headers.get('warning') ?? '').includes(`"${DEPRECATION}"`));
    }
    const ms = await n.request('POST', '/_msearch', ndjson([{ index: 'books' }, { query: { template: { id: 'tq', params: { q: 'bird' } } } }]));
    t.is(ms.body.responses[0].hits.total, 1);
    t.true((ms.headers.get('warning') ?? '').includes(`"${DEPRECATION}"`));
    const missing = await n.request('POST', '/books/_search', { query: { template: { id: 'nope' } } });
    t.is(missing.status, 404);
    t.is(missing.body.error.reason, 'unable to find script [nope] in cluster state');
  });
});

test('script settings can disable template types', async (t) => {
  const n = await startTestNode({ settings: { 'script.inline': 'false' } });
  try {
    const res = await n.request('POST', '/_render/template', { inline: '{"size": 1}' });
    t.is(res.status, 500);
    t.is(res.body.error.reason, 'scripts of type [inline], operation [search] and lang [mustache] are disabled');
    const query = await n.request('POST', '/_search', { query: { template: { inline: { match_all: {} } } } });
    t.is(query.status, 500);
  } finally {
    await n.close();
  }
});
