/**
 * The request generator: endpoint families of the ES 5.6 REST API with mutated paths,
 * parameters and bodies. Destructive requests are kept to a small pool of scratch index names
 * (never the fixture, never a wildcard) so a long run keeps testing the same fixture data.
 */
import type { Rng } from './rng.js';
import { FIXTURE_INDICES, FIELDS, anyValue, encodeBody, mutate, name, scalar } from './values.js';
import { aggs, query, searchBody } from './queries.js';

/** One generated HTTP request. */
export interface FuzzRequest {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: Buffer;
}

const SCRATCH = ['s1', 's2', 's3'];
const READ_INDICES = [...FIXTURE_INDICES, 'fxa', '_all', 'fx*', 'fx,fx2', 'missing', ...SCRATCH];
const TYPES = ['t', 'c', 'p', '_doc', 'x'];
const IDS = ['1', '2', '3', 'p1', 'c1', 'new'];

const PARAMS: Record<string, readonly unknown[]> = {
  pretty: ['', 'true', 'false', 'x'],
  human: ['true', 'x'],
  error_trace: ['true', 'x'],
  filter_path: ['took', '-took', 'hits.hits._id', '**', '*.*', '', ',', 'a..b'],
  format: ['json', 'yaml', 'smile', 'cbor', 'txt', 'x'],
  refresh: ['', 'true', 'false', 'wait_for', 'x'],
  routing: ['1', '', 'a,b', '_all'],
  timeout: ['1s', '0', '-1', 'x', '1ms', '99999999999999d', '1e400s'],
  master_timeout: ['30s', 'x', '-1'],
  version: ['1', '-1', '0', 'x', '9223372036854775807', '9223372036854775808', '1e400', '1.5'],
  version_type: ['internal', 'external', 'external_gte', 'force', 'zzz', ''],
  wait_for_active_shards: ['1', 'all', 'abc', '-1', '0', '9999', ''],
  size: ['0', '10', '-1', 'x', '10001', '2147483648', '1e400'],
  from: ['0', '-1', 'x', '10000'],
  q: ['foo', 'title:foo', 'count:[1 TO x]', '((', '*', 'a:', '_exists_:x'],
  df: ['title', 'x'],
  analyzer: ['standard', 'nope'],
  default_operator: ['AND', 'OR', 'x'],
  sort: ['count:asc', 'title', 'count:x', ':', '_score'],
  _source: ['false', 'true', 'title', 'x,y'],
  _source_include: ['ti*'],
  _source_exclude: ['*'],
  stored_fields: ['_none_', 'title', '*'],
  scroll: ['1m', 'x', '-1', '0'],
  search_type: ['query_then_fetch', 'dfs_query_then_fetch', 'scan', 'count', 'x'],
  request_cache: ['true', 'x'],
  preference: ['_local', '_shards:0', '_shards:x', '_only_nodes:x', 'abc'],
  explain: ['true', 'x'],
  terminate_after: ['1', '-1', 'x'],
  allow_no_indices: ['true', 'false', 'x'],
  expand_wildcards: ['open', 'closed', 'none', 'all', 'x'],
  ignore_unavailable: ['true', 'x'],
  level: ['cluster', 'indices', 'shards', 'x'],
  wait_for_status: ['green', 'yellow', 'red', 'x'],
  wait_for_nodes: ['1', '>=1', '<x'],
  wait_for_events: ['urgent', 'x'],
  local: ['true', 'x'],
  include_defaults: ['true'],
  flat_settings: ['true', 'x'],
  op_type: ['create', 'index', 'x'],
  pipeline: ['p1', 'missing', ''],
  parent: ['p1', ''],
  retry_on_conflict: ['3', '-1', 'x'],
  fields: ['title', '_source', 'x'],
  conflicts: ['proceed', 'abort', 'x'],
  slices: ['1', '5', '0', 'x', 'auto'],
  requests_per_second: ['-1', '0', '1.5', 'x', 'unlimited'],
  scroll_size: ['1', '0', 'x'],
  wait_for_completion: ['true', 'false', 'x'],
  v: ['', 'true'],
  h: ['index,health', 'x', '*'],
  s: ['index:desc', 'x'],
  bytes: ['b', 'kb', 'x'],
  typed_keys: ['true'],
  batched_reduce_size: ['2', '1', 'x'],
  max_concurrent_searches: ['1', '0', 'x'],
  update_all_types: ['true'],
  ignore_conflicts: ['true'],
  include_type_name: ['true'],
  active_only: ['true'],
  detailed: ['true'],
  metric: ['docs', 'x'],
  lenient: ['true', 'x'],
  analyze_wildcard: ['true'],
  track_scores: ['true'],
  max_num_segments: ['1', '-1', 'x'],
  only_expunge_deletes: ['true'],
  create: ['true', 'x'],
  order: ['1', 'x'],
  dry_run: ['true'],
  _source_includes: ['x'],
  zzz_unknown: ['1'],
  'a b': ['1'],
  __proto__: ['1'],
};
const PARAM_NAMES = Object.keys(PARAMS);

/** `encodeURIComponent` that survives lone surrogates (sent as the UTF-8 of U+FFFD). */
function enc(s: string): string {
  return [...Buffer.from(s, 'utf8')].map((b) => (/[A-Za-z0-9\-_.!~*'()]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`)).join('');
}

function params(rng: Rng): string {
  if (!rng.chance(0.5)) return '';
  const parts: string[] = [];
  for (let i = rng.int(1, 3); i > 0; i--) {
    const key = rng.pick(PARAM_NAMES);
    const value = rng.chance(0.85) ? String(rng.pick(PARAMS[key]!)) : String(scalar(rng));
    parts.push(rng.chance(0.1) ? key : `${enc(key)}=${enc(value)}`);
  }
  if (rng.chance(0.05)) parts.push(rng.pick(['%ZZ=1', '=', '&&', 'a=%', 'pretty=%FF', 'q=%C3%28']));
  // ES waits out `timeout` (30s by default, or as long as the request says) for a condition one
  // node cannot meet (active shards, `wait_for_nodes=9`, a status, a task's completion): bound
  // every such wait below the hang limit so that waiting as asked is not judged a hang.
  if (parts.some((p) => p.startsWith('wait_for_'))) return `?${[...parts.filter((p) => !p.startsWith('timeout=')), 'timeout=1s'].join('&')}`;
  return `?${parts.join('&')}`;
}

/** A path segment: usually well-formed, sometimes hostile and URL-encoded or not. */
function seg(rng: Rng, known: readonly string[]): string {
  const n = name(rng, known);
  return rng.chance(0.1) ? enc(n) : n.replace(/[/?#\s]/g, (c) => enc(c));
}

function json(rng: Rng, value: unknown, rate = 0.05, breakRate = 0.05): Buffer {
  return encodeBody(rng, mutate(rng, value, rate), breakRate);
}

function ndjson(rng: Rng, lines: unknown[], breakRate: number): Buffer {
  const parts = lines.map((l) => (rng.chance(breakRate) ? encodeBody(rng, l, 1).toString('latin1') : JSON.stringify(l)));
  let text = parts.join('\n');
  if (!rng.chance(breakRate)) text += '\n';
  return Buffer.from(text, rng.chance(breakRate) ? 'latin1' : 'utf8');
}

function doc(rng: Rng): Record<string, unknown> {
  const d: Record<string, unknown> = {};
  if (rng.chance(0.7)) d.title = rng.pick(['foo bar', 'quick brown fox', '', 'x'.repeat(40000)]);
  if (rng.chance(0.5)) d.tag = rng.pick(['a', 'b', ['a', 'b'], 1, { x: 1 }]);
  if (rng.chance(0.5)) d.count = rng.pick([1, 2, -5, 'x', 1e400 as number, '1e400', 9007199254740993, [1, 2], '12', 2.5]);
  if (rng.chance(0.3)) d.price = scalar(rng);
  if (rng.chance(0.3)) d.date = rng.pick(['2017-01-01', '2017-13-45', 'now', 1e20, -1e20, 'x', '+292278994-08-17', '1970']);
  if (rng.chance(0.2)) d.flag = rng.pick([true, 'false', 'x', 1]);
  if (rng.chance(0.2)) d.loc = rng.pick(['1,2', { lat: 91, lon: 0 }, [1, 2, 3], 'x', 'u09tvw']);
  if (rng.chance(0.2)) d.ip = rng.pick(['1.2.3.4', '::1', '300.1.1.1', 'x']);
  if (rng.chance(0.2)) d.nest = [{ k: 'a', v: 1 }, { k: 'b', v: scalar(rng) }];
  if (rng.chance(0.2)) d[rng.pick(['new_f', 'a.b.c', '', '.', 'a..b', '_id', '_source', '__proto__', 'constructor', 'obj.inner.x', 'x'.repeat(300)])] = anyValue(rng);
  return d;
}

function bulkLines(rng: Rng): unknown[] {
  const lines: unknown[] = [];
  for (let i = rng.int(1, 6); i > 0; i--) {
    const action = rng.pick(['index', 'create', 'update', 'delete', 'zzz']);
    const meta: Record<string, unknown> = {};
    if (rng.chance(0.9)) meta._index = rng.pick(['s1', 's2', 'fx', '', '_all', 'UP', 's1,s2']);
    if (rng.chance(0.9)) meta._type = rng.pick(TYPES);
    if (rng.chance(0.8)) meta._id = rng.pick(IDS);
    if (rng.chance(0.1)) meta._version = rng.pick([1, -1, 'x', 1e400 as number]);
    if (rng.chance(0.1)) meta._version_type = rng.pick(['external', 'zzz', 'force']);
    if (rng.chance(0.1)) meta._routing = rng.pick(['r', '']);
    if (rng.chance(0.05)) meta[rng.pick(['_retry_on_conflict', 'pipeline', '_parent', 'zzz'])] = scalar(rng);
    lines.push({ [action]: meta });
    if (action === 'update') lines.push(rng.pick([{ doc: doc(rng) }, { script: { source: 'ctx._source.count += 1' } }, { doc: doc(rng), doc_as_upsert: true }, { upsert: doc(rng), script: 'x' }, {}]));
    else if (action !== 'delete') lines.push(doc(rng));
  }
  return lines.map((l) => mutate(rng, l, 0.03));
}

function mapping(rng: Rng): unknown {
  const props: Record<string, unknown> = {};
  for (let i = rng.int(1, 3); i > 0; i--) {
    props[rng.pick(['m1', 'm2', 'title', 'count', 'a.b', '', 'x'.repeat(300)])] = rng.pick([
      { type: rng.pick(['text', 'keyword', 'long', 'integer', 'date', 'boolean', 'geo_point', 'nested', 'object', 'ip', 'scaled_float', 'string', 'zzz']) },
      { type: 'text', analyzer: rng.pick(['standard', 'nope']), fields: { raw: { type: 'keyword', ignore_above: rng.pick([10, -1, 'x']) } } },
      { type: 'date', format: rng.pick(['yyyy-MM-dd', 'zzz', 'epoch_second||yyyy']) },
      { properties: { deep: { properties: { deeper: { type: 'long' } } } } },
      { type: 'scaled_float', scaling_factor: rng.pick([10, 0, -1, 'x']) },
    ]);
  }
  return { properties: props, ...(rng.chance(0.1) ? { dynamic: rng.pick(['strict', false, 'x']) } : {}), ...(rng.chance(0.1) ? { _source: { enabled: false } } : {}) };
}

function indexSettings(rng: Rng): Record<string, unknown> {
  const s: Record<string, unknown> = {};
  if (rng.chance(0.5)) s.number_of_shards = rng.pick([1, 2, 0, -1, 1025, 100000, 'x']);
  if (rng.chance(0.3)) s.number_of_replicas = rng.pick([0, 1, -1, 'x']);
  if (rng.chance(0.2)) s['index.mapping.total_fields.limit'] = rng.pick([1, 5, -1, 'x']);
  if (rng.chance(0.2)) s['index.mapping.depth.limit'] = rng.pick([1, 2, 0, 'x']);
  if (rng.chance(0.2)) s.refresh_interval = rng.pick(['1s', '-1', 'x']);
  if (rng.chance(0.2)) s.analysis = { analyzer: { my: { type: 'custom', tokenizer: rng.pick(['standard', 'pattern', 'nope']), filter: [rng.pick(['lowercase', 'stop', 'nope'])] } }, tokenizer: { pattern: { type: 'pattern', pattern: rng.pick(['\\W+', '(a+)+$', '[', '(?<=a)b']) } } };
  if (rng.chance(0.1)) s[rng.pick(['index.zzz', 'blocks.read_only', 'max_result_window', 'index.number_of_routing_shards'])] = scalar(rng);
  return s;
}

type Gen = (rng: Rng) => FuzzRequest;
const req = (method: string, path: string, body?: Buffer): FuzzRequest => ({ method, path, headers: body ? { 'content-type': 'application/json' } : {}, ...(body ? { body } : {}) });
const ri = (rng: Rng): string => seg(rng, READ_INDICES);
const si = (rng: Rng): string => (rng.chance(0.9) ? rng.pick(SCRATCH) : seg(rng, SCRATCH));

const FAMILIES: Array<readonly [number, Gen]> = [
  [12, (r) => req(r.pick(['GET', 'POST']), `/${r.chance(0.8) ? `${ri(r)}/` : ''}${r.chance(0.2) ? `${seg(r, TYPES)}/` : ''}_search`, r.chance(0.9) ? json(r, searchBody(r)) : undefined)],
  [3, (r) => req('POST', `/${ri(r)}/_count`, json(r, { query: query(r) }))],
  [2, (r) => req('POST', `/${ri(r)}/_validate/query`, json(r, { query: query(r) }))],
  [2, (r) => req('GET', `/${ri(r)}/${seg(r, TYPES)}/${seg(r, IDS)}/_explain`, json(r, { query: query(r) }))],
  [3, (r) => req('POST', `/${ri(r)}/_msearch`, ndjson(r, [{ index: r.pick(READ_INDICES) }, searchBody(r), {}, { query: query(r) }], 0.1))],
  [4, (r) => req('POST', '/fx/_search', json(r, { size: 0, aggs: aggs(r) }, 0.03, 0.02))],
  [5, (r) => req(r.pick(['PUT', 'POST']), `/${si(r)}/${seg(r, TYPES)}/${seg(r, IDS)}`, json(r, doc(r)))],
  [1, (r) => req('POST', `/${si(r)}/${seg(r, TYPES)}`, json(r, doc(r)))],
  [1, (r) => req('PUT', `/${si(r)}/${seg(r, TYPES)}/${seg(r, IDS)}/_create`, json(r, doc(r)))],
  [2, (r) => req('POST', `/${si(r)}/${seg(r, TYPES)}/${seg(r, IDS)}/_update`, json(r, r.pick([{ doc: doc(r) }, { script: { source: r.pick(['ctx._source.count += 1', 'ctx.op = "delete"', 'ctx._source.remove("x")', 'ctx._source.x = ctx._source']) } }, { doc: doc(r), upsert: doc(r) }, { doc: doc(r), detect_noop: 'x' }])))],
  [4, (r) => req(r.pick(['GET', 'HEAD', 'DELETE']), `/${r.chance(0.5) ? ri(r) : si(r)}/${seg(r, TYPES)}/${seg(r, IDS)}`)],
  [1, (r) => req('GET', `/${ri(r)}/${seg(r, TYPES)}/${seg(r, IDS)}/_source`)],
  [2, (r) => req('POST', `/${r.chance(0.5) ? `${ri(r)}/` : ''}_mget`, json(r, r.pick([{ ids: ['1', '2'] }, { docs: [{ _index: 'fx', _type: 't', _id: '1' }, { _id: 2 }, {}] }, {}])))],
  [6, (r) => req('POST', `/${r.chance(0.3) ? `${si(r)}/` : ''}_bulk`, ndjson(r, bulkLines(r), 0.08))],
  [2, (r) => req('PUT', `/${si(r)}`, json(r, { settings: indexSettings(r), mappings: { [r.pick(TYPES)]: mapping(r) } }))],
  [1, (r) => req('DELETE', `/${si(r)}`)],
  [2, (r) => req(r.pick(['PUT', 'POST']), `/${si(r)}/_mapping/${seg(r, TYPES)}`, json(r, mapping(r)))],
  [2, (r) => req('GET', `/${ri(r)}/${r.pick(['_mapping', '_mappings', '_settings', '_alias', '_aliases', '_stats', '_segments', '_recovery', '_field_caps', ''])}${r.chance(0.2) ? `/${seg(r, TYPES)}` : ''}`)],
  [1, (r) => req('PUT', `/${si(r)}/_settings`, json(r, indexSettings(r)))],
  [2, (r) => req(r.pick(['GET', 'POST', 'PUT']), `/${ri(r)}/${r.pick(['_refresh', '_flush', '_forcemerge', '_cache/clear', '_open', '_close', '_upgrade', '_shrink/x', '_rollover', '_flush/synced'])}`)],
  [2, (r) => req(r.pick(['POST', 'PUT']), '/_aliases', json(r, { actions: [{ [r.pick(['add', 'remove', 'remove_index', 'zzz'])]: { index: r.pick(['s1', 'fx', '*', '']), alias: r.pick(['al', 'fxa', '', '_all']), filter: r.chance(0.3) ? query(r) : undefined, routing: r.chance(0.2) ? '1' : undefined } }] }))],
  [1, (r) => req(r.pick(['PUT', 'GET', 'DELETE', 'HEAD']), `/${si(r)}/_alias/${seg(r, ['al', 'fxa'])}`)],
  [2, (r) => req(r.pick(['GET', 'PUT']), '/_cluster/settings', r.chance(0.7) ? json(r, { [r.pick(['transient', 'persistent', 'zzz'])]: { [r.pick(['indices.query.bool.max_clause_count', 'search.default_search_timeout', 'action.auto_create_index', 'script.max_compilations_per_minute', 'cluster.routing.allocation.enable', 'logger.x', 'zzz', '__proto__.x', 'constructor'])]: scalar(r) } }) : r.chance(0.5) ? Buffer.alloc(0) : undefined)],
  [3, (r) => req('GET', `/${r.pick(['', '_cluster/health', '_cluster/state', '_cluster/stats', '_nodes', '_nodes/stats', '_cat/indices', '_cat/health', '_cat/nodes', '_cat/aliases', '_cat/templates', '_cat/shards', '_cat/count', '_cat', '_stats', '_tasks', '_mapping', '_settings', '_template', '_alias', '_ingest/pipeline', '_cluster/state/metadata', '_cluster/health/fx', '_cluster/state/zzz', '_cat/indices/fx*', '_nodes/_local/stats/indices', '_cluster/allocation/explain'])}`)],
  [2, (r) => req(r.pick(['PUT', 'GET', 'DELETE', 'POST']), `/_scripts/${seg(r, ['s1', 'st'])}`, json(r, { script: r.pick([{ lang: 'painless', source: 'doc["count"].value' }, { lang: 'mustache', source: { query: { match: { title: '{{q}}' } } } }, { lang: 'zzz', source: 'x' }, { lang: 'painless', source: 'while(' }]) }))],
  [2, (r) => req('POST', `/${r.chance(0.5) ? 'fx/' : ''}_search/template`, json(r, r.pick([{ inline: { query: { match: { title: '{{q}}' } }, size: '{{s}}' }, params: { q: 'foo', s: r.pick([1, 'x', -1]) } }, { id: r.pick(['st', 'missing']), params: {} }, { file: r.pick(['x', '../../etc/passwd', '../x', 'a/b', 'con', '']), params: {} }, { inline: '{{#toJson}}q{{/toJson}}', params: { q: anyValue(r) } }, { inline: '{"query":{{{q}}}}', params: { q: r.pick(['"x"', '{', '}}}}']) } }])))],
  [1, (r) => req('POST', '/_render/template', json(r, { inline: r.pick(['{{x}}', '{{#x}}{{.}}{{/x}}', '{{>partial}}', '{{=<% %>=}}<%x%>', '{{', '{"a":"{{x}}"}']), params: { x: anyValue(r) } }))],
  [2, (r) => req(r.pick(['PUT', 'GET', 'DELETE']), `/_ingest/pipeline/${seg(r, ['p1', 'p2'])}`, json(r, { processors: [{ [r.pick(['set', 'remove', 'rename', 'grok', 'date', 'convert', 'script', 'split', 'gsub', 'zzz', 'foreach', 'json', 'kv'])]: { field: r.pick(['title', 'x', '']), value: scalar(r), patterns: ['%{WORD:w}', '%{NOPE}', '(a+)+'], formats: ['yyyy', 'x'], type: r.pick(['integer', 'x']), pattern: r.pick(['a', '[']), replacement: 'b', target_field: 't', processor: { set: { field: 'y', value: 1 } } } }] }))],
  [2, (r) => req('POST', '/_ingest/pipeline/_simulate', json(r, { pipeline: { processors: [{ [r.pick(['set', 'grok', 'date', 'convert', 'script', 'json', 'foreach', 'zzz'])]: { field: 'title', value: scalar(r), patterns: ['%{WORD:w} %{NUMBER:n:int}'], formats: ['ISO8601', 'yyyy'], type: 'integer' } }] }, docs: [{ _source: doc(r) }, {}] }))],
  [2, (r) => req(r.pick(['GET', 'POST']), `/${r.chance(0.5) ? 'fx/' : ''}_analyze`, json(r, { analyzer: r.pick(['standard', 'whitespace', 'keyword', 'pattern', 'nope', undefined]), text: r.pick(['Foo Bar', ['a', 'b'], '', 'x'.repeat(100000), 1]), tokenizer: r.pick([undefined, 'standard', { type: 'pattern', pattern: r.pick(['\\s', '(a|a)*b', '[']) }, { type: 'ngram', min_gram: 1, max_gram: r.pick([2, 1000, 0]) }]), filter: r.pick([undefined, ['lowercase'], [{ type: 'stop', stopwords: '_english_' }], [{ type: 'shingle', max_shingle_size: 100 }], ['nope']]), field: r.pick([undefined, 'title', 'count']), explain: r.chance(0.2) }))],
  [2, (r) => req(r.pick(['PUT', 'GET', 'DELETE', 'HEAD']), `/_template/${seg(r, ['tp1', 'tp2'])}`, json(r, { template: r.pick(['zz*', '*', '', 'x']), order: r.pick([0, 'x']), settings: indexSettings(r), mappings: { t: mapping(r) } }))],
  [2, (r) => req('POST', `/${r.pick(['s1', 's2', 'fx'])}/_delete_by_query`.replace('fx', 's3'), json(r, { query: query(r), size: r.pick([undefined, 1, -1]) }))],
  [2, (r) => req('POST', `/${r.pick(['s1', 's2'])}/_update_by_query`, json(r, { query: query(r), script: r.chance(0.5) ? { source: r.pick(['ctx._source.count = 1', 'ctx.op = "noop"', 'ctx.op = "x"']) } : undefined }))],
  [1, (r) => req('POST', '/_reindex', json(r, { source: { index: r.pick(['fx', 's1', 'missing', '']), query: query(r), size: r.pick([undefined, 1, 0]) }, dest: { index: r.pick(['s2', 's3', 'fx', '']), op_type: r.pick([undefined, 'create', 'x']), version_type: r.pick([undefined, 'external', 'zzz']) }, script: r.chance(0.3) ? { source: 'ctx._source.x = 1' } : undefined, size: r.pick([undefined, 1, -1]) }))],
  [1, (r) => req(r.pick(['GET', 'POST', 'DELETE']), `/_search/scroll${r.chance(0.5) ? `/${seg(r, ['abc', 'DXF1ZXJ5QW5kRmV0Y2gBAAAAAAAAAAEWX0E=', ''])}` : ''}`, r.chance(0.5) ? json(r, { scroll: r.pick(['1m', 'x']), scroll_id: r.pick(['abc', '', 1, ['a']]) }) : undefined)],
  [1, (r) => req(r.pick(['GET', 'POST']), `/${ri(r)}/${seg(r, TYPES)}/${seg(r, IDS)}/_termvectors`, r.chance(0.5) ? json(r, { fields: ['title'], term_statistics: true }) : undefined)],
  [1, (r) => req('POST', `/${si(r)}/_rollover`, json(r, { conditions: { max_docs: r.pick([1, 'x', -1]), max_age: r.pick(['1d', 'x']) } }))],
  [1, (r) => req('POST', `/${ri(r)}/_field_caps?fields=${enc(r.pick(['*', 'title', '', 'x*']))}`, undefined)],
  [3, (r) => {
    // Raw mutation of a whole request line: random method, path segments and encodings.
    const parts = Array.from({ length: r.int(0, 5) }, () => seg(r, [...READ_INDICES, ...TYPES, ...IDS, '_search', '_doc', '_update', '_mapping', '_settings', '_cat', '_cluster', '_nodes', '_bulk', '_all', '_source', '_count', '_stats']));
    const method = r.pick(['GET', 'PUT', 'POST', 'HEAD', 'OPTIONS', 'PATCH', 'TRACE']);
    const path = `/${parts.join(r.chance(0.1) ? '//' : '/')}`;
    const safe = method === 'DELETE' ? path : path; // DELETE is never generated here
    return req(method, safe, r.chance(0.5) ? json(r, anyValue(r), 0.1, 0.2) : undefined);
  }],
];

/** Generate request number `n` of a run. */
export function generate(rng: Rng): FuzzRequest {
  const r = rng.weighted(FAMILIES)(rng);
  r.path += params(rng);
  // Only the fixture's scratch indices may be deleted; a mutated DELETE path could hit `*`.
  if (r.method === 'DELETE' && !/^\/(s[123]|_scripts|_ingest|_template|_search\/scroll)(\/|\?|$)/.test(r.path)) r.method = 'GET';
  if (r.body && rng.chance(0.05)) {
    r.headers['content-type'] = rng.pick(['text/plain', 'application/x-ndjson', 'application/yaml', 'application/smile', 'zzz', 'application/json; charset=latin1']);
  }
  return r;
}

export { FIELDS };
