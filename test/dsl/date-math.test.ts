import test from 'ava';
import { parseDateMath, parseIsoDate } from '../../lib/dsl/date-math.js';
import { parseTimeZone, UTC } from '../../lib/dsl/time-zone.js';
import { throwsEs } from './helpers.js';

const NOW = Date.UTC(2014, 10, 18, 14, 27, 32);
const ms = (iso: string): number => /^\d+$/.test(iso) ? Number(iso) : Date.parse(iso.endsWith('Z') || /[+-]\d\d:\d\d$/.test(iso) ? iso : iso + 'Z');

function check(t: import('ava').ExecutionContext, text: string, expected: string, roundUp = false, tz?: string): void {
  t.is(parseDateMath(text, { now: NOW, roundUp, ...(tz ? { timeZone: tz } : {}) }), ms(expected), `${text} roundUp=${roundUp} tz=${tz ?? 'UTC'}`);
}

test('basic dates and the round-up fill of missing time fields', (t) => {
  check(t, '2014-11-18', '2014-11-18T00:00:00.000');
  check(t, '2014-11-18', '2014-11-18T23:59:59.999', true);
  check(t, '2014-11-18T09:20', '2014-11-18T09:20:00.000');
  check(t, '2014-11-18T09:20', '2014-11-18T09:20:59.999', true);
  check(t, '2014-11-18T09:20:00.5Z', '2014-11-18T09:20:00.500Z');
  check(t, '2014-11-18T09:20+01:00', '2014-11-18T08:20:00.000Z');
  check(t, '1416320000000', '2014-11-18T14:13:20.000Z');
});

test('math operations', (t) => {
  check(t, '2014-11-18||+y', '2015-11-18');
  check(t, '2014-11-18||-2y', '2012-11-18');
  check(t, '2014-11-18||+3M', '2015-02-18');
  check(t, '2014-11-18||-1M', '2014-10-18');
  check(t, '2014-11-18||+1w', '2014-11-25');
  check(t, '2014-11-18T14||+13h', '2014-11-19T03:00');
  check(t, '2014-11-18T14||-1H', '2014-11-18T13:00');
  check(t, '2014-11-18T14:27||+1m', '2014-11-18T14:28');
  check(t, '2014-11-18T14:27:32||-3s', '2014-11-18T14:27:29');
  check(t, '2014-11-18||+1M-1M', '2014-11-18');
  check(t, '2014-11-18||+1M-1m', '2014-12-17T23:59');
  check(t, '2014-11-18||+1M/M', '2014-12-01');
  check(t, '2014-11-18||+1M/M+1h', '2014-12-01T01:00');
  check(t, '2014-01-31||+1M', '2014-02-28');
});

test('now', (t) => {
  check(t, 'now', '2014-11-18T14:27:32');
  check(t, 'now+M', '2014-12-18T14:27:32');
  check(t, 'now-2d', '2014-11-16T14:27:32');
  check(t, 'now/m', '2014-11-18T14:27');
  check(t, 'now-1d/d', '2014-11-17');
  check(t, 'now-1d/d', '2014-11-17T23:59:59.999', true);
});

test('rounding down and up', (t) => {
  check(t, '2014-11-18||/y', '2014-01-01');
  check(t, '2014-11-18||/y', '2014-12-31T23:59:59.999', true);
  check(t, '2014||/y', '2014-01-01');
  check(t, '2014-01-01T00:00:00.001||/y', '2014-12-31T23:59:59.999', true);
  check(t, '2014-11-18||/M', '2014-11-01');
  check(t, '2014-11-18||/M', '2014-11-30T23:59:59.999', true);
  check(t, '2014-11||/M', '2014-11-01');
  check(t, '2014-11||/M', '2014-11-30T23:59:59.999', true);
  check(t, '2014-11-18T14||/w', '2014-11-17');
  check(t, '2014-11-18T14||/w', '2014-11-23T23:59:59.999', true);
  check(t, '2014-11-18T14:27||/d', '2014-11-18');
  check(t, '2014-11-18T14:27||/d', '2014-11-18T23:59:59.999', true);
  check(t, '2014-11-18T14:27:32||/h', '2014-11-18T14:00');
  check(t, '2014-11-18T14:27:32||/h', '2014-11-18T14:59:59.999', true);
  check(t, '2014-11-18T14:27:32||/m', '2014-11-18T14:27');
  check(t, '2014-11-18T14:27:32||/m', '2014-11-18T14:27:59.999', true);
  check(t, '2014-11-18T14:27:32.123||/s', '2014-11-18T14:27:32');
  check(t, '2014-11-18T14:27:32.123||/s', '2014-11-18T14:27:32.999', true);
});

test('rounding honours the time zone', (t) => {
  check(t, '2014-11-18||/y', '2013-12-31T23:00:00.000Z', false, 'CET');
  check(t, '2014-11-18||/y', '2014-12-31T22:59:59.999Z', true, 'CET');
  check(t, '2014-11-18T09:20||/d', '2014-11-17T23:00:00.000Z', false, '+01:00');
  check(t, 'now/d', '2014-11-18T05:00:00.000Z', false, 'America/New_York');
  // across the DST change of 2014-03-30 in Paris (UTC+1 → UTC+2)
  check(t, '2014-03-30T12:00||/d', '2014-03-29T23:00:00.000Z', false, 'Europe/Paris');
  check(t, '2014-03-30T12:00||/d', '2014-03-30T21:59:59.999Z', true, 'Europe/Paris');
});

test('errors', (t) => {
  const p = (s: string) => () => parseDateMath(s, { now: NOW });
  throwsEs(t, p('2014-11-18||*5'), 'parse_exception', 'operator not supported for date math [*5]');
  throwsEs(t, p('2014-11-18||/2m'), 'parse_exception', 'rounding `/` can only be used on single unit types [/2m]');
  throwsEs(t, p('2014-11-18||+2a'), 'parse_exception', 'unit [a] not supported for date math [+2a]');
  throwsEs(t, p('2014-11-18||+12'), 'parse_exception', 'truncated date math [+12]');
  throwsEs(t, p('2014-11-18||-'), 'parse_exception', 'truncated date math [-]');
  throwsEs(t, p('now/'), 'parse_exception', 'truncated date math [/]');
});

test('time zones', (t) => {
  t.deepEqual(parseTimeZone('+05:30'), { kind: 'fixed', id: '+05:30', offsetMs: 19800000 });
  t.deepEqual(parseTimeZone('-08'), { kind: 'fixed', id: '-08', offsetMs: -28800000 });
  t.deepEqual(parseTimeZone('UTC'), UTC);
  t.deepEqual(parseTimeZone('Europe/Paris'), { kind: 'iana', id: 'Europe/Paris' });
  throwsEs(t, () => parseTimeZone('foo'), 'illegal_argument_exception', "The datetime zone id 'foo' is not recognised");
  t.is(parseIsoDate('2014-11-18', parseTimeZone('Europe/Paris'), false), ms('2014-11-17T23:00:00Z'));
});
