import test from 'ava';
import { parseSuiteFile, SuiteFormatError } from './runner/yaml-suite.js';
import { parseTestId, testId } from './runner/suite-model.js';
import { checkWarnings, warningMessage } from './runner/warnings.js';

const TEXT = `---
setup:
  - do:
      indices.create:
        index: test
---
teardown:
  - do:
      indices.delete:
        index: test
---
"First test":
  - skip:
      version: " - 5.0.99"
      reason: old
      features: warnings
  - do:
      catch: missing
      headers:
        Content-Type: application/json
      warnings:
        - "[fields] is deprecated"
      get:
        index: test
        type: t
        id: 1
        body: { date: 2016-01-01 }
  - set: { _id: id, _version: v }
  - match: { _source.foo\\.bar: /x/ }
  - is_true: found
  - is_false: ''
  - length: { hits: 2 }
  - gte: { took: 0 }
---
"Empty test":
`;

test('a multi-document file parses into setup, teardown and tests', (t) => {
  const suite = parseSuiteFile('get/10_basic.yaml', TEXT);
  t.is(suite.relPath, 'get/10_basic.yaml');
  t.is(suite.setup.length, 1);
  t.deepEqual(suite.teardown[0], { kind: 'do', api: 'indices.delete', params: { index: 'test' }, headers: {}, warnings: [] });
  t.deepEqual(suite.tests.map((x) => x.name), ['First test', 'Empty test']);
  const steps = suite.tests[0]?.steps ?? [];
  t.deepEqual(steps[0], { kind: 'skip', version: ' - 5.0.99', features: ['warnings'], reason: 'old' });
  t.deepEqual(steps[1], {
    kind: 'do',
    api: 'get',
    params: { index: 'test', type: 't', id: 1 },
    body: { date: '2016-01-01' },
    catch: 'missing',
    headers: { 'Content-Type': 'application/json' },
    warnings: ['[fields] is deprecated'],
  });
  t.deepEqual(steps[2], { kind: 'set', field: '_id', name: 'id' });
  t.deepEqual(steps[3], { kind: 'set', field: '_version', name: 'v' });
  t.deepEqual(steps[4], { kind: 'assert', operator: 'match', field: '_source.foo\\.bar', expected: '/x/' });
  t.deepEqual(steps[5], { kind: 'assert', operator: 'is_true', field: 'found' });
  t.deepEqual(steps[6], { kind: 'assert', operator: 'is_false', field: '' });
  t.deepEqual(steps[7], { kind: 'assert', operator: 'length', field: 'hits', expected: 2 });
  t.deepEqual(steps[8], { kind: 'assert', operator: 'gte', field: 'took', expected: 0 });
  t.deepEqual(suite.tests[1]?.steps, []);
});

test('malformed steps are rejected', (t) => {
  t.throws(() => parseSuiteFile('x.yaml', '"t":\n  - frobnicate: {}\n'), { instanceOf: SuiteFormatError });
  t.throws(() => parseSuiteFile('x.yaml', '"t":\n  - do: { get: {}, index: {} }\n'), { instanceOf: SuiteFormatError });
  t.throws(() => parseSuiteFile('x.yaml', '"t":\n  - skip: { reason: nothing }\n'), { instanceOf: SuiteFormatError });
});

test('test ids join the file and the test name', (t) => {
  t.is(testId('bulk/10_basic.yaml', 'Array of objects'), 'bulk/10_basic.yaml :: Array of objects');
  t.deepEqual(parseTestId('a/b.yaml :: x :: y'), { relPath: 'a/b.yaml', name: 'x :: y' });
});

test('warning headers: messages are unescaped and compared both ways', (t) => {
  const header = '299 Elasticsearch-5.6.16-3a740d1 "[fields] is \\"deprecated\\"" "Mon, 01 Jan 2018 00:00:00 GMT"';
  t.is(warningMessage(header), '[fields] is "deprecated"');
  t.is(warningMessage('199 agent "x"'), undefined);
  t.is(checkWarnings([header], ['[fields] is "deprecated"']), undefined);
  t.regex(checkWarnings([], ['x']) ?? '', /did not get expected warning header\(s\) \[x\]/);
  t.regex(checkWarnings([header], []) ?? '', /got unexpected warning header/);
  t.is(checkWarnings(['bare message'], ['bare message']), undefined);
  t.regex(checkWarnings(['bare message'], []) ?? '', /unexpected warning header\(s\) \[bare message\]/);
});

test('a step whose arguments sit at its own indentation is read as ES reads it', (t) => {
  const suite = parseSuiteFile('x.yaml', '"t":\n  - skip:\n    features: "warnings"\n  - do:\n    indices.rollover:\n      alias: a\n');
  t.deepEqual(suite.tests[0]?.steps, [
    { kind: 'skip', features: ['warnings'] },
    { kind: 'do', api: 'indices.rollover', params: { alias: 'a' }, headers: {}, warnings: [] },
  ]);
});
