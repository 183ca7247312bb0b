import test from 'ava';
import { compareVersions, parseVersion, parseVersionRange, skipReason, versionInRange } from './runner/skip.js';

const v5616 = parseVersion('5.6.16');

test('versions parse by their leading numbers', (t) => {
  t.deepEqual(parseVersion('5.6.16'), [5, 6, 16]);
  t.deepEqual(parseVersion('5.0.0-alpha1'), [5, 0, 0]);
  t.deepEqual(parseVersion('1.0.0.Beta1'), [1, 0, 0]);
  t.deepEqual(parseVersion('6'), [6, 0, 0]);
  t.true(compareVersions([5, 6, 16], [5, 6, 9]) > 0);
});

test('open-ended and closed ranges, bounds inclusive', (t) => {
  t.deepEqual(parseVersionRange(' - 5.0.99'), { upper: [5, 0, 99] });
  t.deepEqual(parseVersionRange('1.0.0.Beta1 - '), { lower: [1, 0, 0] });
  t.deepEqual(parseVersionRange('5.0.0 - 5.2.99'), { lower: [5, 0, 0], upper: [5, 2, 99] });
  t.deepEqual(parseVersionRange('all'), {});
  t.true(versionInRange(v5616, parseVersionRange(' - 5.99.99')));
  t.true(versionInRange(v5616, parseVersionRange(' - 5.6.99')));
  t.false(versionInRange(v5616, parseVersionRange(' - 5.6.15')));
  t.true(versionInRange(v5616, parseVersionRange('5.6.16 - 5.6.16')));
  t.true(versionInRange(v5616, parseVersionRange('all')));
});

test('skipReason: version ranges, unsupported features, supported features', (t) => {
  t.regex(skipReason({ kind: 'skip', version: ' - 5.99.99', features: [], reason: '6.0 only' }, v5616) ?? '', /6\.0 only/);
  t.is(skipReason({ kind: 'skip', version: ' - 5.2.99', features: [] }, v5616), undefined);
  t.regex(skipReason({ kind: 'skip', features: ['groovy_scripting'] }, v5616) ?? '', /groovy_scripting/);
  t.is(skipReason({ kind: 'skip', features: ['warnings', 'headers', 'yaml', 'stash_in_path'] }, v5616), undefined);
});
