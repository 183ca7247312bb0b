import test from 'ava';
import { calculateMinShouldMatch, minimumShouldMatchFor } from '../../lib/dsl/minimum-should-match.js';
import { throwsEs } from './helpers.js';

// The table of Solr's/ES's calculateMinShouldMatch tests (ES 5.6 does not clamp to the clause count).
const cases: [number, string, number][] = [
  [5, '2', 2],
  [5, '0', 0],
  [5, '0%', 0],
  [5, ' -5 ', 0],
  [5, '\n -100% \n', 0],
  [5, ' \n3\n ', 3],
  [5, '-3', 2],
  [3, '3', 3],
  [3, '-3', 0],
  [3, '5', 5],
  [3, '-5', 0],
  [3, ' \n25% \n', 0],
  [4, '25%', 1],
  [5, ' 25% ', 1],
  [10, '25%', 2],
  [3, ' \n-25%\n ', 3],
  [4, '-25%', 3],
  [5, '-25%', 4],
  [10, '-25%', 8],
  [1, '3<0', 1],
  [2, '3<0', 2],
  [3, '3<0', 3],
  [4, '3<0', 0],
  [5, '3<0', 0],
  [1, '3<25%', 1],
  [2, ' 3\n<\n25% ', 2],
  [3, '3<25%', 3],
  [4, '\n 3 < \n25%', 1],
  [5, '3<25%', 1],
  [3, '33%', 0],
  [100, '33%', 33],
];

for (const [n, spec, expected] of cases) {
  test(`calculateMinShouldMatch(${n}, ${JSON.stringify(spec)}) = ${expected}`, (t) => {
    t.is(calculateMinShouldMatch(n, spec), expected);
  });
}

test('multiple conditionals "2<-25% 9<-3"', (t) => {
  const s = '\n2<-25% 9<-3\n';
  const expected: [number, number][] = [
    [1, 1],
    [2, 2],
    [3, 3],
    [4, 3],
    [5, 4],
    [6, 5],
    [7, 6],
    [8, 6],
    [9, 7],
    [10, 7],
    [11, 8],
    [12, 9],
    [100, 97],
  ];
  for (const [n, e] of expected) t.is(calculateMinShouldMatch(n, s), e, `n=${n}`);
});

test('malformed specs fail like Integer.parseInt', (t) => {
  throwsEs(t, () => calculateMinShouldMatch(3, 'abc'), 'number_format_exception', 'For input string: "abc"');
  throwsEs(t, () => calculateMinShouldMatch(3, '50%%'), 'number_format_exception', 'For input string: "50%"');
});

test('minimumShouldMatchFor leaves unset specs and non-positive results alone', (t) => {
  t.is(minimumShouldMatchFor(3, undefined), 0);
  t.is(minimumShouldMatchFor(3, '-100%'), 0);
  t.is(minimumShouldMatchFor(4, '75%'), 3);
});
