/**
 * A reader context compiles a `percolate` query once: its document is parsed into the memory
 * segment by the query phase, and the highlighter of the fetch phase (which compiles the search
 * query again, and the percolate query on its own to highlight the document) reuses it.
 */
import test from 'ava';
import type { IndexMetadata } from '../../lib/cluster/state.js';
import type { HighlightSpec } from '../../lib/dsl/highlight.js';
import { parseQuery } from '../../lib/dsl/parse-query.js';
import { buildIndexMapper } from '../../lib/indices/mapper-impl.js';
import type { CompileContext } from '../../lib/search/compile-context.js';
import { compileQuery } from '../../lib/search/compile-query.js';
import { buildIndexFields } from '../../lib/search/field-types.js';
import { prepareHighlight } from '../../lib/search/highlight/prepare.js';
import { SegmentsStats } from '../../lib/search/weight.js';

test('the highlighter reuses the search\'s compiled percolate query', async (t) => {
  const meta = {
    name: 'p',
    uuid: 'u',
    state: 'open',
    settings: { 'index.number_of_shards': '1' },
    mappings: { doc: { properties: { body: { type: 'text' } } }, q: { properties: { query: { type: 'percolator' } } } },
    aliases: {},
    mappingVersion: 1,
  } as unknown as IndexMetadata;
  const mapper = buildIndexMapper(meta);
  let parses = 0;
  const ctx: CompileContext = {
    index: 'p',
    indexUuid: 'u',
    fields: buildIndexFields(meta.mappings),
    analysis: mapper.analysis,
    settings: {},
    stats: new SegmentsStats([]),
    nowMs: 0,
    parseDocument: (type, source) => {
      parses++;
      return mapper.parse(type, '_temp_id', source, {}).doc;
    },
    percolateWeights: new Map(),
  };
  const query = parseQuery({ bool: { must: [{ percolate: { field: 'query', document_type: 'doc', document: { body: 'quick fox' } } }] } });
  await compileQuery(ctx, query, { boost: 1, filter: false, segments: [] });
  const hl = await prepareHighlight(ctx, [], { global: {}, fields: [] } as unknown as HighlightSpec, query);
  t.deepEqual(hl.percolate?.source, { body: 'quick fox' });
  t.is(parses, 1);
});
