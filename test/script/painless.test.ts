/**
 * The Painless subset: parsing, Java semantics, limits and ES's error shapes (no HTTP).
 */
import test from 'ava';
import { compilePainless } from '../../lib/script/painless/engine.js';
import { toHost, toScript } from '../../lib/script/runtime/values.js';
import { EsError } from '../../lib/errors/errors.js';
import { MAX_ISOLATED_EXECUTION_MS } from '../../lib/script/painless/budget.js';

// Language semantics and ES's own limits (the loop counter): with the watchdog of a script
// worker, so a cold interpreter on a busy machine reaches them (budgets.test.ts tests the watchdog).
function run(src: string, params: Record<string, unknown> = {}, regexEnabled = false): unknown {
  return toHost(compilePainless(src, { regexEnabled, maxExecutionMs: MAX_ISOLATED_EXECUTION_MS }).execute({ params: toScript(params) }));
}

function fail(src: string, params: Record<string, unknown> = {}, regexEnabled = false): EsError {
  try {
    run(src, params, regexEnabled);
  } catch (e) {
    if (e instanceof EsError) return e;
    throw e;
  }
  throw new Error(`expected ${src} to fail`);
}

test('integer and floating point arithmetic follow Java', (t) => {
  t.is(run('7 / 2'), 3);
  t.is(run('-7 / 2'), -3);
  t.is(run('-7 % 3'), -1);
  t.is(run('7.0 / 2'), 3.5);
  t.is(run('int x = 2147483647; x + 1'), -2147483648);
  t.is(run('int x = 65536; x * x'), 0);
  t.is(run('long x = 65536; x * x'), 4294967296);
  t.is(run('def x = 4.0; x / 3'), 4 / 3);
  t.is(run('def x = 4; x / 3'), 1);
  t.is(run('(int) 3.99'), 3);
  t.is(run('(int) -3.99'), -3);
  t.is(run('(long) 1e300'), 9223372036854775807);
  t.is(run('1 << 33'), 2);
  t.is(run('1L << 33'), 8589934592);
  t.is(run('-1 >>> 28'), 15);
  t.is(run('0x10 + 010'), 24);
  t.is(run('2147483647 + 1'), -2147483648);
});

test('strings concatenate and print numbers as Java does', (t) => {
  t.is(run("'a' + 1 + 2"), 'a12');
  t.is(run("1 + 2 + 'a'"), '3a');
  t.is(run("'x' + 1.0"), 'x1.0');
  t.is(run("'x' + 1e10"), 'x1.0E10');
  t.is(run("'x' + null"), 'xnull');
  t.is(run("String s = 'x'; s += 2; s"), 'x2');
  t.is(run("'Hello World'.toLowerCase().substring(6)"), 'world');
  t.true(run("'abc'.startsWith('ab') && 'abc'.contains('b') && 'abc'.endsWith('c')") as boolean);
  t.is(run("'abc'.length()"), 3);
  t.deepEqual(run("'a,b,,'.split(',')"), ['a', 'b']);
  t.is(run("'  x '.trim()"), 'x');
  t.is(run("'abc'.indexOf('c')"), 2);
  t.is(run("'a-b'.replace('-', '+')"), 'a+b');
});

test('control flow: if/else, loops, break/continue, return, ternary, elvis', (t) => {
  t.is(run('int s = 0; for (int i = 0; i < 10; i++) { if (i % 2 == 0) { continue; } s += i; } return s;'), 25);
  t.is(run('int i = 0; while (true) { if (++i >= 7) break; } return i;'), 7);
  t.is(run('int i = 0; do { i += 3; } while (i < 10); return i;'), 12);
  t.is(run('def t = 0; for (def x : [1, 2, 3]) { t += x; } t'), 6);
  t.is(run('def t = 0; for (x in [1, 2, 3]) { t += x; } t'), 6);
  t.is(run('if (params.a > 1) { return "big"; } else { return "small"; }', { a: 2 }), 'big');
  t.is(run('params.a > 1 ? "big" : "small"', { a: 0 }), 'small');
  t.is(run('params.missing ?: "dflt"'), 'dflt');
  t.is(run('params.m?.x?.y'), null);
  t.is(run('int f(int n) { return n < 2 ? n : f(n - 1) + f(n - 2); } return f(20);'), 6765);
});

test('lists, maps, lambdas and indexing', (t) => {
  t.deepEqual(run('def l = [3, 1, 2]; l.sort((a, b) -> a - b); l'), [1, 2, 3]);
  t.deepEqual(run('def l = [1, 2, 3, 4]; l.removeIf(x -> x % 2 == 0); l'), [1, 3]);
  t.is(run('def t = 0; [1, 2, 3].forEach(x -> t += x); t'), 6);
  t.deepEqual(run("def m = ['a': 1, 'b': 2]; m.c = m.a + m['b']; m"), { a: 1, b: 2, c: 3 });
  t.deepEqual(run('def m = [:]; m.put("k", [1]); m.k.add(2); m'), { k: [1, 2] });
  t.is(run("def m = ['a': 1]; m.containsKey('a') && !m.containsKey('b')"), true);
  t.deepEqual(run("def m = ['a': 1, 'b': 2]; def ks = []; for (def k : m.keySet()) { ks.add(k); } ks"), ['a', 'b']);
  t.deepEqual(run('List l = new ArrayList(); l.add(1); l.add(0, 2); l'), [2, 1]);
  t.deepEqual(run('Map m = new HashMap(); m.x = 1; m.remove("x"); m'), {});
  t.deepEqual(run('int[] a = new int[3]; a[1] = 5; a'), [0, 5, 0]);
  t.is(run('def a = [1, 2]; a.length'), 2);
  t.is(run('[1, 2, 3].size() + [:].size()'), 3);
  t.is(run('params.list[1]', { list: ['a', 'b'] }), 'b');
});

test('Math, Integer, Long, Double and instanceof', (t) => {
  t.is(run('Math.max(3, 7) + Math.min(3, 7)'), 10);
  t.is(run('Math.abs(-2.5)'), 2.5);
  t.is(run('Math.sqrt(16) + Math.pow(2, 3)'), 12);
  t.is(run('Math.floor(2.7) + Math.ceil(2.1)'), 5);
  t.is(run('Math.log(Math.E)'), 1);
  t.is(run('Integer.parseInt("42") + 1'), 43);
  t.is(run('Long.parseLong("9000000000") * 2'), 18000000000);
  t.is(run('Double.parseDouble("2.5") * 2'), 5);
  t.is(run('Integer.MAX_VALUE'), 2147483647);
  t.true(run('def x = 1; x instanceof Integer && !(x instanceof String)') as boolean);
  t.true(run("def x = 'a'; x instanceof String") as boolean);
  t.true(run('def x = [1]; x instanceof List') as boolean);
  t.true(run('def x = 1.0; x instanceof Double') as boolean);
});

test('regexes need script.painless.regex.enabled', (t) => {
  const e = fail("'abc' =~ /b/");
  t.is(e.type, 'script_exception');
  t.is(e.reason, 'compile error');
  t.is(e.causedBy?.type, 'illegal_state_exception');
  t.regex(e.causedBy?.reason ?? '', /^Regexes are disabled. Set \[script.painless.regex.enabled\] to \[true\]/);
  t.is(run("'abc' =~ /b/", {}, true), true);
  // String#split takes literal separators only, unless regexes are enabled
  t.is(fail("'a b'.split('\\\\s+')").causedBy?.type, 'illegal_state_exception');
  t.deepEqual(run("'a  b'.split('\\\\s+')", {}, true), ['a', 'b']);
  t.deepEqual(run("'a-b'.split('-')"), ['a', 'b']);
  t.is(fail("'a.b'.split('.')").causedBy?.type, 'illegal_state_exception');
  t.is(run("'abc' ==~ /b/", {}, true), false);
  t.is(run("'abc' ==~ /a.c/", {}, true), true);
  t.is(run("def m = /(\\d+)-(\\d+)/.matcher('10-20'); m.find() ? m.group(2) : null", {}, true), '20');
});

test('compile errors: script_exception with a script_stack pointer', (t) => {
  const e = fail('x + 1');
  t.is(e.type, 'script_exception');
  t.is(e.status, 400);
  t.is(e.reason, 'compile error');
  t.deepEqual(e.metadata, { script_stack: ['x + 1', '^---- HERE'], script: 'x + 1', lang: 'painless' });
  t.is(e.causedBy?.type, 'illegal_argument_exception');
  t.is(e.causedBy?.reason, 'Variable [x] is not defined.');
  t.is(fail('1 +').causedBy?.reason, 'unexpected end of script.');
  t.is(fail('1; 2').causedBy?.reason, 'Not a statement.');
  t.is(fail('int x = 1 int y = 2').causedBy?.reason, "unexpected token ['int'] was expecting one of [';'].");
  t.is(run('int s = 0; for (int i = 0; i < 3; i++) { s += i } s'), 3);
  t.is(fail('int x = 1.5;').causedBy?.reason, 'Cannot cast from [double] to [int].');
  t.is(fail('break;').causedBy?.reason, 'Break statement outside of a loop.');
  t.is(fail("'abc").causedBy?.reason, "unexpected character ['abc].");
  t.is(fail('params = 1').causedBy?.reason, 'Variable [params] is read-only.');
  const long = fail('def aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa = 1; bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb');
  t.deepEqual(long.metadata.script_stack, ['... aaaaaaaaaaaaaaaaaaa = 1; bbbbbbbbbbbbbbbbbbbbbbbbb ...', '    ' + ' '.repeat(25) + '^---- HERE']);
});

test('runtime errors: Java exception as caused_by, status from the cause', (t) => {
  const npe = fail('params.missing.foo');
  t.is(npe.reason, 'runtime error');
  t.is(npe.status, 500);
  t.is(npe.causedBy?.type, 'null_pointer_exception');
  t.true(npe.causedBy?.nullReason);
  t.deepEqual(npe.metadata.script_stack, ['params.missing.foo', '               ^---- HERE']);
  t.is(fail('1 / 0').causedBy?.reason, '/ by zero');
  t.is(fail('[1][3]').causedBy?.reason, 'Index: 3, Size: 1');
  const nm = fail("'abc'.foo()");
  t.is(nm.status, 400);
  t.is(nm.causedBy?.reason, 'Unable to find dynamic method [foo] with [0] arguments for class [java.lang.String].');
  t.is(fail('Integer.parseInt("x")').causedBy?.type, 'number_format_exception');
  t.is(fail("def x = 'a'; x - 1").causedBy?.type, 'class_cast_exception');
});

test('limits: loop counter, recursion, allocation', (t) => {
  for (const src of ['while (true) {}', 'for (;;) { int y = 5; }', 'def x = 0; do { x++; } while (true);', 'for (def i = 0; i < 2000000; i++) {}']) {
    const e = fail(src);
    t.is(e.reason, 'runtime error', src);
    t.is(e.causedBy?.type, 'painless_error', src);
    t.is(e.causedBy?.reason, 'The maximum number of statements that can be executed in a loop has been reached.', src);
  }
  t.is(run('int s = 0; for (int i = 0; i < 999999; i++) { s++; } return s;'), 999999);
  t.is(fail('def f(def n) { return f(n + 1); } return f(0);').causedBy?.type, 'stack_overflow_error');
  t.is(fail('int[] a = new int[2000000000];').causedBy?.type, 'out_of_memory_error');
  t.deepEqual(run('def l = [1, 2]; l.addAll(l); l'), [1, 2, 1, 2]);
  t.is(fail('def l = [1]; l.forEach(x -> l.add(x)); l').causedBy?.type, 'concurrent_modification_exception');
  t.is(fail('def l = [1]; ' + 'l.addAll(l); '.repeat(30) + 'l.size()').causedBy?.type, 'out_of_memory_error');
  t.is(fail("String s = 'xxxxxxxxxxxxxxxx'; for (int i = 0; i < 40; i++) { s = s + s; } return s.length();").causedBy?.type, 'out_of_memory_error');
  // a deeply nested expression fails cleanly at compile time
  t.is(fail('('.repeat(20000) + '1' + ')'.repeat(20000)).type, 'script_exception');
});

test('the sandbox: no globals, prototypes or host objects are reachable', (t) => {
  for (const src of ['process', 'require', 'globalThis', 'this', 'constructor', 'eval("1")']) {
    const e = fail(src);
    t.is(e.reason, 'compile error', src);
  }
  for (const src of ["''.constructor", '[].constructor', "[:].__proto__", "params.__proto__.polluted = 1; 1", '"a".valueOf()', '[].map(x -> x)']) {
    const e = compileRunError(src);
    t.truthy(e === undefined || e.type === 'script_exception', src);
  }
  t.is(run("params.__proto__"), null);
  t.is(({} as Record<string, unknown>).polluted, undefined);
});

function compileRunError(src: string): EsError | undefined {
  try {
    run(src);
    return undefined;
  } catch (e) {
    return e as EsError;
  }
}

test('def values keep their Java kind through collections', (t) => {
  t.is(run('def l = [4.0]; l[0] / 8 * 8'), 4);
  t.is(run('def l = [4.0]; l[0] / 3 > 1.3'), true);
  t.is(run("def x = 2.0; '' + x"), '2.0');
  t.is(run('double d = 5; String.valueOf(d)'), '5.0');
  t.is(run('def m = ["a": 1.0]; m.a + 1'), 2);
  t.is(run('def m = ["a": 1.0]; "" + (m.a + 1)'), '2.0');
});
