import test from 'ava';
import { API_TABLE } from './runner/api-table.js';
import { ApiCallError, buildApiRequest, encodePathPart, selectPath, serializeBody } from './runner/api-request.js';

test('the path with exactly the given parts is chosen', (t) => {
  const spec = API_TABLE['indices.get_mapping'];
  if (!spec) return t.fail('indices.get_mapping missing');
  t.is(selectPath('indices.get_mapping', spec, new Set()), '/_mapping');
  t.is(selectPath('indices.get_mapping', spec, new Set(['index'])), '/{index}/_mapping');
  t.is(selectPath('indices.get_mapping', spec, new Set(['index', 'type'])), '/{index}/_mapping/{type}');
  t.is(selectPath('indices.get_mapping', spec, new Set(['type'])), '/_mapping/{type}');
  t.throws(() => selectPath('indices.get_mapping', spec, new Set(['id'])), { instanceOf: ApiCallError });
});

test('index uses PUT with an id and POST without, like the Java runner', (t) => {
  const withId = buildApiRequest('index', { index: 'test_1', type: 'test', id: 1, refresh: true }, { foo: 'bar' });
  t.is(withId.method, 'PUT');
  t.is(withId.path, '/test_1/test/1?refresh=true');
  t.is(withId.body, '{"foo":"bar"}');
  t.is(withId.contentType, 'application/json');
  const without = buildApiRequest('index', { index: 'test_1', type: 'test' }, { foo: 'bar' });
  t.is(without.method, 'POST');
  t.is(without.path, '/test_1/test');
  t.is(buildApiRequest('create', { index: 'i', type: 't', id: '1' }, {}).method, 'PUT');
});

test('other APIs take their method from the table', (t) => {
  t.is(buildApiRequest('exists', { index: 'i', type: 't', id: '1' }, undefined).method, 'HEAD');
  t.is(buildApiRequest('indices.create', { index: 'i' }, undefined).method, 'PUT');
  t.is(buildApiRequest('cluster.health', {}, undefined).path, '/_cluster/health');
  t.is(buildApiRequest('ping', {}, undefined).path, '/');
  t.is(buildApiRequest('cat.health', { v: true }, undefined).path, '/_cat/health?v=true');
});

test('unknown parameters and missing bodies are client-side errors', (t) => {
  t.throws(() => buildApiRequest('get', { index: 'i', type: 't', id: '1', fields: 'a' }, undefined), {
    instanceOf: ApiCallError,
    message: 'param [fields] not supported in [get] api',
  });
  t.throws(() => buildApiRequest('index', { index: 'i', type: 't' }, undefined), { message: 'body is required by [index] api' });
  t.throws(() => buildApiRequest('no.such_api', {}, undefined), { message: 'unknown api [no.such_api]' });
});

test('lists are joined with commas, ignore is not sent, global params are accepted', (t) => {
  const req = buildApiRequest('mget', { index: ['a', 'b'], stored_fields: ['x', 'y'], ignore: 404, filter_path: 'docs' }, { ids: ['1'] });
  t.is(req.path, '/a,b/_mget?stored_fields=x%2Cy&filter_path=docs');
  t.deepEqual(req.ignore, [404]);
  t.deepEqual(buildApiRequest('indices.delete', { index: 'x', ignore: [404, 400] }, undefined).ignore, [404, 400]);
});

test('path parts are encoded like java.net.URI does in a path', (t) => {
  t.is(encodePathPart('a b'), 'a%20b');
  t.is(encodePathPart('a/b'), 'a%2Fb');
  t.is(encodePathPart('idx-*,other:x@y'), 'idx-*,other:x@y');
  t.is(encodePathPart('é#?%'), '%C3%A9%23%3F%25');
});

test('bodies: objects as JSON, strings as they are, lists as NDJSON', (t) => {
  const bulk = API_TABLE['bulk'];
  const search = API_TABLE['search'];
  if (!bulk || !search) return t.fail('spec missing');
  t.deepEqual(serializeBody(bulk, [{ index: { _index: 'i' } }, '{"f": 1}']), {
    text: '{"index":{"_index":"i"}}\n{"f": 1}\n',
    contentType: 'application/x-ndjson',
  });
  t.deepEqual(serializeBody(bulk, '{"index": {}}\n{"f": 1}'), { text: '{"index": {}}\n{"f": 1}\n', contentType: 'application/x-ndjson' });
  t.deepEqual(serializeBody(search, '{"query": {}}'), { text: '{"query": {}}', contentType: 'application/json' });
  t.deepEqual(serializeBody(search, { size: 1 }), { text: '{"size":1}', contentType: 'application/json' });
});
