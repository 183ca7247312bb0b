/**
 * Lucene expressions and the script service (settings, cache, compilation limit), no HTTP.
 */
import test from 'ava';
import { compileExpression } from '../../lib/script/expression/expression.js';
import { DocLookup, type DocValuesColumns } from '../../lib/script/doc-lookup.js';
import { scriptEnabled, ScriptService } from '../../lib/script/script-service.js';
import { toScript } from '../../lib/script/runtime/values.js';
import { EsError } from '../../lib/errors/errors.js';
import type { ScriptRef } from '../../lib/dsl/script-ref.js';

const column = (vals: number[][]): { kind: 'numeric'; start: Int32Array; values: Float64Array } => {
  const start = new Int32Array(vals.length + 1);
  const flat: number[] = [];
  vals.forEach((v, i) => {
    flat.push(...v);
    start[i + 1] = flat.length;
  });
  return { kind: 'numeric', start, values: Float64Array.from(flat) };
};

function evalExpr(src: string, params: Record<string, unknown> = {}, doc = 0, score = 0): number {
  const cols: DocValuesColumns = { docValuesColumn: (f) => (f === 'n' ? column([[3], [], [1, 2, 6]]) : undefined) };
  const lookup = new DocLookup(cols, (f) => (f === 'n' ? 'long' : undefined));
  lookup.doc = doc;
  return compileExpression(src).evaluate({ params: toScript(params), doc: lookup, _score: score });
}

test('expressions: arithmetic, precedence, comparisons, ternary, functions', (t) => {
  t.is(evalExpr('1 + 2 * 3'), 7);
  t.is(evalExpr('(1 + 2) * 3'), 9);
  t.is(evalExpr('7 / 2'), 3.5);
  t.is(evalExpr('7 % 4'), 3);
  t.is(evalExpr('-2 + 5'), 3);
  t.is(evalExpr('2 > 1 && 1 > 2'), 0);
  t.is(evalExpr('2 > 1 || 1 > 2'), 1);
  t.is(evalExpr('!0'), 1);
  t.is(evalExpr('1 == 1 ? 10 : 20'), 10);
  t.is(evalExpr('5 & 3 | 8'), 9);
  t.is(evalExpr('1 << 4 >> 2'), 4);
  t.is(evalExpr('0x10 + 010'), 24);
  t.is(evalExpr('ln(exp(2))'), 2);
  t.is(evalExpr('log10(1000) + sqrt(16) + abs(-1) + pow(2, 3) + max(1, 2) + min(1, 2) + floor(1.5) + ceil(1.5)'), 3 + 4 + 1 + 8 + 2 + 1 + 1 + 2);
  t.is(evalExpr('logn(2, 8)'), 3);
  t.true(Math.abs(evalExpr('haversin(0, 0, 0, 1)') - 111.19) < 0.1);
});

test('expressions: variables (_score, params by name, doc values)', (t) => {
  t.is(evalExpr("doc['n'].value * f + _score", { f: 2 }, 0, 0.5), 6.5);
  t.is(evalExpr("doc['n'].value", {}, 1), 0);
  t.is(evalExpr("doc['n'].empty", {}, 1), 1);
  t.is(evalExpr("doc['n'].length", {}, 2), 3);
  t.is(evalExpr("doc['n'].min() + doc['n'].max()", {}, 2), 7);
  t.is(evalExpr("doc['n'].sum() + doc['n'].avg() + doc['n'].median() + doc['n'].count()", {}, 2), 9 + 3 + 2 + 3);
  t.is(evalExpr('doc["n"].value', {}, 0), 3);
});

function expectScriptError(fn: () => unknown): EsError {
  try {
    fn();
  } catch (e) {
    if (e instanceof EsError) return e;
    throw e;
  }
  throw new Error('expected an error');
}

test('expressions: compile and link errors', (t) => {
  const e = expectScriptError(() => compileExpression('1 +'));
  t.is(e.type, 'script_exception');
  t.is(e.reason, 'compile error');
  t.deepEqual(e.metadata, { script_stack: ['1 +', '^---- HERE'], script: '1 +', lang: 'expression' });
  t.is(e.causedBy?.type, 'parse_exception');
  t.regex(expectScriptError(() => compileExpression('foo(1)')).causedBy?.reason ?? '', /Unrecognized function call \(foo\)/);
  t.regex(expectScriptError(() => compileExpression('pow(1)')).causedBy?.reason ?? '', /Expected \(2\) arguments for function call \(pow\), but found \(1\)/);
  t.regex(expectScriptError(() => compileExpression('constructor(1)')).causedBy?.reason ?? '', /Unrecognized function call/);
  t.regex(expectScriptError(() => compileExpression('1 # 2')).causedBy?.reason ?? '', /unexpected character '#'/);
  const link = expectScriptError(() => evalExpr('missing + 1'));
  t.is(link.reason, 'link error');
  t.is(link.causedBy?.reason, 'Unknown variable [missing] in expression');
  t.is(expectScriptError(() => evalExpr("doc['nope'].value")).causedBy?.reason, 'Field [nope] does not exist in mappings');
});

test('script settings: engine-specific switches win, then type and operation', (t) => {
  t.true(scriptEnabled({}, 'painless', 'inline', 'update'));
  t.false(scriptEnabled({ 'script.inline': 'false' }, 'painless', 'inline', 'update'));
  t.false(scriptEnabled({ 'script.update': 'false' }, 'painless', 'inline', 'update'));
  t.true(scriptEnabled({ 'script.update': 'false' }, 'painless', 'inline', 'search'));
  t.true(scriptEnabled({ 'script.inline': 'false', 'script.engine.painless.inline': 'true' }, 'painless', 'inline', 'update'));
  t.false(scriptEnabled({ 'script.engine.painless.inline.search': 'false' }, 'painless', 'inline', 'search'));
  t.true(scriptEnabled({ 'script.engine.painless.inline.search': 'false' }, 'expression', 'inline', 'search'));
  t.true(scriptEnabled({ 'script.stored': 'false' }, 'painless', 'file', 'search'));
});

const inline = (code: string, lang = 'painless'): ScriptRef => ({ type: 'inline', idOrCode: code, lang, params: {} });

test('script service: cache, LRU size, compilation rate refilled over time', async (t) => {
  let now = 0;
  const svc = new ScriptService({ settings: { 'script.max_compilations_per_minute': '2', 'script.cache.max_size': '2' }, stored: () => undefined, now: () => now });
  await svc.ready(); // the compilers load on first need (issue 14)
  const a = svc.compile(inline('1'), 'search').script;
  t.is(svc.compile(inline('1'), 'search').script, a, 'cached');
  svc.compile(inline('2'), 'search');
  const limited = expectScriptError(() => svc.compile(inline('3'), 'search'));
  t.is(limited.type, 'general_script_exception');
  t.is(limited.causedBy?.type, 'circuit_breaking_exception');
  now += 30_000; // half a minute refills one compilation
  svc.compile(inline('3'), 'search');
  // the cache holds 2: '1' was evicted as least recently used
  now += 60_000;
  t.not(svc.compile(inline('1'), 'search').script, a);
  t.is(expectScriptError(() => svc.compile(inline('1', 'groovy'), 'search')).reason, 'script_lang not supported [groovy]');
  t.is(expectScriptError(() => svc.compile({ type: 'stored', idOrCode: 'x', lang: 'painless', params: {} }, 'search')).type, 'resource_not_found_exception');
});
