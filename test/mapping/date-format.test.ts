import test from 'ava';
import { dateFormatter } from '../../lib/mapping/date-format.js';

test('default format parses ISO dates and epoch millis and prints date_time', (t) => {
  const f = dateFormatter('strict_date_optional_time||epoch_millis');
  t.is(f.parseMillis('2015-01-01'), 1420070400000);
  t.is(f.parseMillis('2015-01-01T12:10:30Z'), 1420114230000);
  t.is(f.parseMillis('2015-01-01T12:10:30.123+01:00'), 1420110630123);
  t.is(f.parseMillis('1420070400000'), 1420070400000);
  t.is(f.print(1420114230000), '2015-01-01T12:10:30.000Z');
});

test('Joda error messages', (t) => {
  const f = dateFormatter('strict_date_optional_time||epoch_millis');
  t.is(t.throws(() => f.parseMillis('foo'))?.message, 'Invalid format: "foo"');
  t.is(t.throws(() => f.parseMillis('2015-01-01x'))?.message, 'Invalid format: "2015-01-01x" is malformed at "x"');
  t.is(t.throws(() => f.parseMillis('2015-02-30'))?.message, 'Cannot parse "2015-02-30": Value 30 for dayOfMonth must be in the range [1,28]');
  t.is(t.throws(() => dateFormatter('yyyy-qq'))?.message, 'Invalid format: [yyyy-qq]: Illegal pattern component: qq');
});

test('patterns, named formats and epoch_second', (t) => {
  t.is(dateFormatter('yyyy/MM/dd HH:mm:ss||yyyy/MM/dd').parseMillis('2015/01/01 12:00:00'), 1420113600000);
  t.is(dateFormatter('yyyy/MM/dd HH:mm:ss||yyyy/MM/dd').parseMillis('2015/01/02'), 1420156800000);
  t.is(dateFormatter('dd MMM yyyy').print(1420416000000), '05 Jan 2015');
  t.is(dateFormatter('dd MMM yyyy').parseMillis('05 january 2015'), 1420416000000);
  t.is(dateFormatter('yyyy-MM-dd HH:mm:ss Z').parseMillis('2015-01-01 01:00:00 +0100'), 1420070400000);
  t.is(dateFormatter('basic_date').parseMillis('20150101'), 1420070400000);
  t.is(dateFormatter('epoch_second').parseMillis('1420070400'), 1420070400000);
  t.is(dateFormatter('epoch_second').print(1420070400999), '1420070400');
  t.is(dateFormatter('date_time').print(0), '1970-01-01T00:00:00.000Z');
  t.is(dateFormatter('strict_date_optional_time').parseMillis('2015-W01-1'), 1419811200000);
  t.is(dateFormatter('hh:mm a').parseMillis('01:30 PM'), 48600000);
});

test('names of Object.prototype members are patterns, not built-in formats', (t) => {
  // a plain-object lookup once answered `constructor` with `Object` and the compiler spun forever
  for (const [name, letter] of [['constructor', 'c'], ['toString', 't'], ['__proto__', 'p'], ['valueOf', 'v'], ['hasOwnProperty', 'O'], ['strict_constructor', 't']]) {
    t.is(t.throws(() => dateFormatter(name as string))?.message, `Invalid format: [${name}]: Illegal pattern component: ${letter}`, name);
  }
});
