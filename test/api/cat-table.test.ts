import test from 'ava';
import { catResponse, renderCatHelp, renderCatText, type CatTable } from '../../api/rest/cat-table.js';
import { EsRestRequest } from '../../api/rest/rest-request.js';
import { ByteSizeValue } from '../../lib/units/byte-size-value.js';
import { EsError } from '../../lib/errors/errors.js';

function req(query: Record<string, string>, headers: Record<string, string> = {}): EsRestRequest {
  return new EsRestRequest({
    method: 'GET',
    uri: '/_cat/indices',
    rawPath: '/_cat/indices',
    path: '/_cat/indices',
    pathParams: {},
    query: new Map(Object.entries(query)),
    headers,
    body: undefined,
  });
}

const TABLE: CatTable = {
  columns: [
    { name: 'health', aliases: ['h'], desc: 'current health status' },
    { name: 'index', aliases: ['i', 'idx'], desc: 'index name' },
    { name: 'docs.count', aliases: ['dc', 'docsCount'], desc: 'available docs', align: 'right' },
    { name: 'store.size', aliases: ['ss', 'storeSize'], desc: 'store size of primaries & replicas', align: 'right', sibling: 'pri' },
    { name: 'pri.store.size', desc: 'store size of primaries', align: 'right', default: false },
  ],
  rows: [
    ['yellow', 'twitter', 1200, new ByteSizeValue(5 * 1024), new ByteSizeValue(2 * 1024)],
    ['green', 'a', 3, new ByteSizeValue(260), new ByteSizeValue(260)],
  ],
};

test('plain table: padding, right alignment, last column unpadded', (t) => {
  t.is(renderCatText(req({}), TABLE), 'yellow twitter 1200  5kb\ngreen  a          3 260b\n');
});

test('v adds a header row aligned like its column', (t) => {
  t.is(
    renderCatText(req({ v: '' }), TABLE),
    'health index   docs.count store.size\n' + 'yellow twitter       1200        5kb\n' + 'green  a                3       260b\n',
  );
});

test('h selects by name, alias and wildcard; s sorts; bytes sets the unit', (t) => {
  t.is(renderCatText(req({ h: 'i,dc' }), TABLE), 'twitter 1200\na          3\n');
  t.is(renderCatText(req({ h: 'docs.*,nope', v: 'true' }), TABLE), 'docs.count\n      1200\n         3\n');
  t.is(renderCatText(req({ h: 'index', s: 'index' }), TABLE), 'a\ntwitter\n');
  t.is(renderCatText(req({ h: 'index', s: 'dc:desc' }), TABLE), 'twitter\na\n');
  t.is(renderCatText(req({ h: 'index,dc', s: 'dc' }), TABLE), 'a          3\ntwitter 1200\n');
  t.is(renderCatText(req({ h: 'i,ss', bytes: 'b' }), TABLE), 'twitter 5120\na        260\n');
  t.is(renderCatText(req({ h: 'i,ss', pri: '' }), TABLE), 'twitter  5kb  2kb\na       260b 260b\n');
  const e = t.throws(() => renderCatText(req({ s: 'nope' }), TABLE)) as EsError;
  t.is(e.type, 'unsupported_operation_exception');
  t.is(e.reason, 'Unable to sort by unknown sort key `nope`');
});

test('help lists name | aliases | description, all padded', (t) => {
  t.is(
    renderCatHelp(TABLE),
    [
      'health         | h            | current health status             \n',
      'index          | i,idx        | index name                        \n',
      'docs.count     | dc,docsCount | available docs                    \n',
      'store.size     | ss,storeSize | store size of primaries & replicas\n',
      'pri.store.size |              | store size of primaries           \n',
    ].join(''),
  );
});

test('format=json gives objects of strings; Accept header works too', (t) => {
  const res = catResponse(req({ format: 'json', h: 'i,dc,ss' }), TABLE);
  t.deepEqual(res.body, [
    { i: 'twitter', dc: '1200', ss: '5kb' },
    { i: 'a', dc: '3', ss: '260b' },
  ]);
  t.is(res.contentType, undefined);
  const viaAccept = catResponse(req({ h: 'index' }, { accept: 'application/yaml' }), TABLE);
  t.deepEqual(viaAccept.body, [{ index: 'twitter' }, { index: 'a' }]);
  const text = catResponse(req({ h: 'index' }, { accept: '*/*' }), TABLE);
  t.is(text.body, 'twitter\na\n');
  t.is(text.contentType, 'text/plain; charset=UTF-8');
});
