import test from 'ava';
import { parseTimeValue, TimeValue } from '../../lib/units/time-value.js';
import { ByteSizeValue, SizeValue, parseBytesSizeValue } from '../../lib/units/byte-size-value.js';
import { parseBooleanLenient } from '../../lib/units/booleans.js';
import { parseDistanceMeters, distanceUnitFromString } from '../../lib/units/distance-unit.js';
import { format1Decimals, javaDoubleToString, javaFloatToString, shortestFloatDigits } from '../../lib/units/java-number.js';
import { EsError } from '../../lib/errors/errors.js';

test('parseTimeValue units and special values', (t) => {
  t.is(parseTimeValue('30s', 'timeout').millis(), 30_000);
  t.is(parseTimeValue('1m', 'timeout').millis(), 60_000);
  t.is(parseTimeValue('100ms', 'timeout').millis(), 100);
  t.is(parseTimeValue('2h', 'timeout').millis(), 7_200_000);
  t.is(parseTimeValue('1d', 'timeout').millis(), 86_400_000);
  t.is(parseTimeValue('1500micros', 'timeout').millis(), 1);
  t.is(parseTimeValue('5000000nanos', 'timeout').millis(), 5);
  t.is(parseTimeValue('10S', 'timeout').millis(), 10_000);
  t.is(parseTimeValue('-1', 'timeout').millis(), -1);
  t.is(parseTimeValue('0', 'timeout').millis(), 0);
  t.is(parseTimeValue('1.5s', 'timeout').millis(), 1500);
});

test('parseTimeValue errors as ES 5.6', (t) => {
  const e = t.throws(() => parseTimeValue('10', 'timeout'), { instanceOf: EsError }) as EsError;
  t.is(e.type, 'parse_exception');
  t.is(e.status, 400);
  t.is(e.reason, 'failed to parse setting [timeout] with value [10] as a time value: unit is missing or unrecognized');
  // Upper-case M is months elsewhere, never minutes.
  t.is((t.throws(() => parseTimeValue('10M', 'x')) as EsError).reason, 'failed to parse setting [x] with value [10M] as a time value: unit is missing or unrecognized');
  const bad = t.throws(() => parseTimeValue('abcs', 'timeout')) as EsError;
  t.is(bad.reason, 'failed to parse [abcs]');
  t.is(bad.causedBy?.type, 'number_format_exception');
  t.is(bad.causedBy?.reason, 'For input string: "abc"');
});

test('TimeValue toString', (t) => {
  t.is(new TimeValue(1500, 'ms').toString(), '1.5s');
  t.is(new TimeValue(10, 'ms').toString(), '10ms');
  t.is(new TimeValue(126_000, 'ms').toString(), '2.1m');
  t.is(new TimeValue(0, 'ms').toString(), '0s');
  t.is(new TimeValue(-1, 'ms').toString(), '-1');
  t.is(new TimeValue(90, 'm').toString(), '1.5h');
  t.is(new TimeValue(36, 'h').toString(), '1.5d');
  t.is(new TimeValue(1999, 'ms').toString(), '1.9s');
  t.is(new TimeValue(1500, 'nanos').toString(), '1.5micros');
  t.is(new TimeValue(12, 'nanos').toString(), '12nanos');
});

test('ByteSizeValue parse and toString', (t) => {
  t.is(parseBytesSizeValue('1kb', 's').bytes, 1024);
  t.is(parseBytesSizeValue('1.5mb', 's').bytes, 1572864);
  t.is(parseBytesSizeValue('10B', 's').bytes, 10);
  t.is(parseBytesSizeValue('2g', 's').bytes, 2 * 1024 ** 3);
  t.is(parseBytesSizeValue('-1', 's').bytes, -1);
  t.is((t.throws(() => parseBytesSizeValue('12', 'indices.memory')) as EsError).reason, 'failed to parse setting [indices.memory] with value [12] as a size in bytes: unit is missing or unrecognized');
  t.is(new ByteSizeValue(1234).toString(), '1.2kb');
  t.is(new ByteSizeValue(10 * 1024 * 1024).toString(), '10mb');
  t.is(new ByteSizeValue(512).toString(), '512b');
  t.is(new ByteSizeValue(0).toString(), '0b');
  t.is(new ByteSizeValue(1024 ** 4 * 3).toString(), '3tb');
  t.is(new SizeValue(1500).toString(), '1.5k');
  t.is(new SizeValue(12).toString(), '12');
});

test('lenient booleans', (t) => {
  for (const f of ['false', '0', 'no', 'off']) t.false(parseBooleanLenient(f, true));
  for (const v of ['true', '', 'yes', '1', 'anything']) t.true(parseBooleanLenient(v, false));
  t.true(parseBooleanLenient(undefined, true));
});

test('distance units', (t) => {
  t.is(parseDistanceMeters('10km'), 10_000);
  t.is(parseDistanceMeters('5mm'), 0.005);
  t.is(parseDistanceMeters('12'), 12);
  t.is(parseDistanceMeters('1mi'), 1609.344);
  t.is(parseDistanceMeters('2NM'), 3704);
  t.is(distanceUnitFromString('miles').name, 'mi');
  t.is((t.throws(() => distanceUnitFromString('parsec')) as EsError).reason, 'No distance unit match [parsec]');
});

test('Java number text', (t) => {
  t.is(javaDoubleToString(1), '1.0');
  t.is(javaDoubleToString(0.5), '0.5');
  t.is(javaDoubleToString(1e7), '1.0E7');
  t.is(javaDoubleToString(12345678.9), '1.23456789E7');
  t.is(javaDoubleToString(0.0001), '1.0E-4');
  t.is(javaDoubleToString(50), '50.0');
  t.is(javaFloatToString(0.2876821), '0.2876821');
  t.is(javaFloatToString(1), '1.0');
  t.is(javaFloatToString(0.1), '0.1');
  t.is(javaFloatToString(1e-5), '1.0E-5');
  t.is(javaFloatToString(16777216), '1.6777216E7');
  t.is(format1Decimals(1.25, 'kb'), '1.2kb');
  t.is(format1Decimals(3, 'mb'), '3mb');
});

/** The fewest digits that read back, counted up from 1 (the definition the descending search must match). */
function shortestByScan(v: number): number {
  for (let p = 1; p <= 9; p++) {
    const c = Number(v.toPrecision(p));
    if (Math.fround(c) === v) return c;
  }
  return v;
}

test('shortestFloatDigits matches the scan from 1 digit: random floats, score-like ranges, powers of two and their neighbours, short decimals', (t) => {
  const f = new Float32Array(1);
  const bits = new Uint32Array(f.buffer);
  let seed = 12345;
  const next = (): number => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
  const values: number[] = [];
  for (let i = 0; i < 200_000; i++) {
    bits[0] = next();
    values.push(f[0]!);
  }
  for (let b = 0x3c000000; b < 0x41a00000; b += 1009) {
    bits[0] = b;
    values.push(f[0]!);
  }
  for (let e = -149; e <= 127; e++) {
    for (const d of [-2, -1, 0, 1, 2]) {
      f[0] = 2 ** e;
      bits[0] = bits[0]! + d;
      values.push(f[0]!);
    }
  }
  for (let i = 1; i < 20_000; i++) values.push(Math.fround(i / 1000), Math.fround(i / 7), Math.fround(i * 1.5e-5), -Math.fround(i / 3));
  let checked = 0;
  for (const v of values) {
    if (!Number.isFinite(v) || v === 0) continue;
    checked++;
    const got = shortestFloatDigits(v);
    if (!Object.is(got, shortestByScan(v))) t.fail(`${v}: ${got} against ${shortestByScan(v)}`);
  }
  t.true(checked > 250_000);
});
