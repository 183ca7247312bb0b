import test from 'ava';
import { PathTrie } from '../../api/rest/path-trie.js';
import { decodeComponent, decodeQueryString } from '../../api/rest/url-decode.js';

function trie(): PathTrie<string> {
  const t = new PathTrie<string>();
  t.insert('/', 'root');
  t.insert('/{index}', 'index');
  t.insert('/{index}/{type}', 'type');
  t.insert('/{index}/{type}/{id}', 'doc');
  t.insert('/{index}/_search', 'search');
  t.insert('/_search', 'search-all');
  t.insert('/{index}/_mapping/{type}', 'mapping');
  t.insert('/_cat/health', 'cat-health');
  t.insert('/{index}/{type}/_search', 'type-search');
  return t;
}

test('static segments win over parameters at the same level', (t) => {
  const tr = trie();
  t.is(tr.retrieve('/_search')?.value, 'search-all');
  t.is(tr.retrieve('/twitter/_search')?.value, 'search');
  t.is(tr.retrieve('/twitter/tweet/_search')?.value, 'type-search');
  t.is(tr.retrieve('/_cat/health')?.value, 'cat-health');
  t.deepEqual(tr.retrieve('/twitter/tweet/1'), { value: 'doc', params: { index: 'twitter', type: 'tweet', id: '1' } });
});

test('backtracks to the wildcard when the static branch fails', (t) => {
  const tr = trie();
  // "_search" is static at level 2 but /x/_search/1 only exists as {index}/{type}/{id}.
  t.deepEqual(tr.retrieve('/x/_search/1'), { value: 'doc', params: { index: 'x', type: '_search', id: '1' } });
  // Last segment: static node without handler, wildcard sibling used.
  t.deepEqual(tr.retrieve('/_cat'), { value: 'index', params: { index: '_cat' } });
  t.deepEqual(tr.retrieve('/twitter/_mapping/tweet'), { value: 'mapping', params: { index: 'twitter', type: 'tweet' } });
});

test('root, trailing slashes and decoding', (t) => {
  const tr = trie();
  t.is(tr.retrieve('/')?.value, 'root');
  t.is(tr.retrieve('/twitter/')?.value, 'index');
  t.is(tr.retrieve('/twitter/_search/')?.value, 'search');
  t.deepEqual(tr.retrieve('/%3Clogs-%7Bnow%2Fd%7D-1%3E/_search')?.params, { index: '<logs-{now/d}-1>' });
  t.deepEqual(tr.retrieve('/a+b/t/http%3A%2F%2Fwww.google.com')?.params, { index: 'a b', type: 't', id: 'http://www.google.com' });
  t.is(tr.retrieve('/a/b/c/d'), undefined);
});

test('RestUtils decoding rules', (t) => {
  t.is(decodeComponent('a%%b'), 'a%b');
  t.is(decodeComponent('caf%C3%A9'), 'café');
  t.throws(() => decodeComponent('abc%'), { message: 'unterminated escape sequence at end of string: abc%' });
  t.throws(() => decodeComponent('abc%4'), { message: 'partial escape sequence at end of string: abc%4' });
  t.throws(() => decodeComponent('%zz'), { message: "invalid escape sequence `%zz' at index 0 of: %zz" });
  const params = new Map<string, string>();
  decodeQueryString('/x?a=1&b&c=&a=2;d=x+y#frag', 3, params);
  t.deepEqual(Object.fromEntries(params), { a: '2', b: '', c: '', d: 'x y' });
});
