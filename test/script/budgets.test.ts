/**
 * Per-execution budgets of Painless (lib/script/painless/budget.ts): calls, allocation, CPU time;
 * each a `script_exception` "runtime error" carrying the Java-style cause (no HTTP).
 */
import test from 'ava';
import { compilePainless } from '../../lib/script/painless/engine.js';
import { toHost, toScript } from '../../lib/script/runtime/values.js';
import { EsError } from '../../lib/errors/errors.js';
import { compileExpression } from '../../lib/script/expression/expression.js';
import { MAX_ALLOCATION, MAX_CALLS, MAX_EXECUTION_MS, MAX_ISOLATED_EXECUTION_MS } from '../../lib/script/painless/budget.js';

/** Runs with the watchdog of a script worker unless `maxExecutionMs` says otherwise (the event loop's is tested below). */
function run(src: string, params: Record<string, unknown> = {}, maxExecutionMs = MAX_ISOLATED_EXECUTION_MS): unknown {
  return toHost(compilePainless(src, { regexEnabled: false, maxExecutionMs }).execute({ params: toScript(params) }));
}

function fail(src: string, maxExecutionMs = MAX_ISOLATED_EXECUTION_MS): EsError {
  try {
    run(src, {}, maxExecutionMs);
  } catch (e) {
    if (e instanceof EsError) return e;
    throw e;
  }
  throw new Error(`expected ${src} to fail`);
}

const FIB = 'int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); } ';

test('recursion past the call budget fails like the loop counter, with a script_stack', (t) => {
  t.is(run(FIB + 'return fib(20);'), 6765); // 21,891 calls
  const e = fail(FIB + 'return fib(40);');
  t.is(e.type, 'script_exception');
  t.is(e.reason, 'runtime error');
  t.is(e.status, 500);
  t.deepEqual({ type: e.causedBy?.type, reason: e.causedBy?.reason }, {
    type: 'painless_error',
    reason: `The maximum number of function calls [${MAX_CALLS}] that a script can make has been reached.`,
  });
  t.is(e.metadata.lang, 'painless');
  t.true(Array.isArray(e.metadata.script_stack) && (e.metadata.script_stack as string[])[1]!.includes('^---- HERE'));
});

test('the budget is per execution: a script that fits runs again and again', (t) => {
  const s = compilePainless(FIB + 'return fib(params.n);', { regexEnabled: false });
  for (let i = 0; i < 20; i++) t.is(toHost(s.execute({ params: toScript({ n: 20 }) })), 6765);
});

test('deep recursion is a stack_overflow_error script_exception, never a RangeError', (t) => {
  const e = fail('int down(int n) { return n == 0 ? 0 : 1 + down(n - 1); } return down(100000);');
  t.is(e.type, 'script_exception');
  t.is(e.causedBy?.type, 'stack_overflow_error');
  t.is(run('int down(int n) { return n == 0 ? 0 : 1 + down(n - 1); } return down(150);'), 150);
});

test('allocations count against one budget per execution', (t) => {
  // each array fits the per-array limit; together they exceed the execution's budget
  const big = fail('for (int i = 0; i < 200; i++) { long[] a = new long[1500000]; } return 1;');
  // one array past the per-array limit (ES would try: Java's heap decides there)
  t.is(fail(`long[] a = new long[${MAX_ALLOCATION + 1}]; return 1;`).causedBy?.type, 'out_of_memory_error');
  t.is(big.type, 'script_exception');
  t.deepEqual({ type: big.causedBy?.type, reason: big.causedBy?.reason }, { type: 'out_of_memory_error', reason: 'Java heap space' });
  const keep = fail('def l = []; for (int i = 0; i < 200; i++) { l.add(new long[1000000]); } return l.size();');
  t.is(keep.causedBy?.type, 'out_of_memory_error');
  t.is(run(`long[] a = new long[${MAX_ALLOCATION / 2}]; long[] b = new long[${MAX_ALLOCATION / 4}]; return a.length + b.length;`), (MAX_ALLOCATION * 3) / 4);
  // multi-dimensional arrays count every level
  t.is(fail('int[][] m = new int[5000][5000]; return 1;').causedBy?.type, 'out_of_memory_error');
  t.is(run('int[][] m = new int[1000][1000]; return m.length;'), 1000);
});

test('a loop whose steps are each costly stops at the watchdog', (t) => {
  // 500,000 iterations (under the loop counter) of a scan over 20,000 elements
  const scan = 'def l = new ArrayList(); for (int i = 0; i < 20000; i++) { l.add(i); } int n = 0; for (int j = 0; j < 490000; j++) { if (l.contains(-1)) { n++; } } return n;';
  for (const limit of [MAX_EXECUTION_MS, MAX_ISOLATED_EXECUTION_MS]) {
    const e = fail(scan, limit);
    t.is(e.type, 'script_exception');
    t.deepEqual({ type: e.causedBy?.type, reason: e.causedBy?.reason }, {
      type: 'painless_error',
      reason: `The maximum time of [${limit}ms] that a script can run has been reached.`,
    });
  }
});

test('on the event loop, the watchdog stops a runaway loop (MAX_EXECUTION_MS) by default', (t) => {
  const e = t.throws(() => compilePainless('long s = 0; while (true) { s++; }', { regexEnabled: false }).execute({ params: null })) as EsError;
  t.is(e.causedBy?.type, 'painless_error');
  // the loop counter (1M statements) or the watchdog, whichever comes first on this machine
  t.regex(e.causedBy!.reason, /maximum number of statements|maximum time of \[50ms\]/);
});

test('expressions: a long operator chain is a compile error, never a stack overflow per document', (t) => {
  const e = t.throws(() => compileExpression(Array(20000).fill('1').join('+'))) as EsError;
  t.is(e.type, 'script_exception');
  t.is(e.reason, 'compile error');
  t.deepEqual({ type: e.causedBy?.type, reason: e.causedBy?.reason }, { type: 'parse_exception', reason: 'expression too deeply nested' });
  t.is(compileExpression(Array(1000).fill('1').join('+')).evaluate({ params: null }), 1000);
});
