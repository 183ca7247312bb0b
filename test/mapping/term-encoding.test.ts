import test from 'ava';
import { decodeDouble, decodeIp, decodeLong, decodeLongBig, encodeBoolean, encodeDouble, encodeIp, encodeLong } from '../../lib/mapping/term-encoding.js';

test('long encoding is sign-flipped two-complement hex and order preserving', (t) => {
  t.is(encodeLong(0), '8000000000000000');
  t.is(encodeLong(-1), '7fffffffffffffff');
  t.is(encodeLong(9223372036854775807n), 'ffffffffffffffff');
  t.is(encodeLong(-9223372036854775808n), '0000000000000000');
  const values = [-9007199254740991, -1e12, -256, -1, 0, 1, 2, 255, 1e12, 9007199254740991];
  const enc = values.map((v) => encodeLong(v));
  t.deepEqual([...enc].sort(), enc);
  for (const v of values) t.is(decodeLong(encodeLong(v)), v);
  t.is(decodeLongBig(encodeLong(-9223372036854775808n)), -9223372036854775808n);
});

test('double encoding sorts like numbers and round-trips', (t) => {
  const values = [-Infinity, -1e300, -2.5, -1, -Number.MIN_VALUE, -0, 0, Number.MIN_VALUE, 0.1, 1, 1.5, 2, 1e300, Infinity];
  const enc = values.map(encodeDouble);
  t.deepEqual([...enc].sort(), enc);
  for (const v of values) t.is(decodeDouble(encodeDouble(v)), v);
  t.is(encodeDouble(1.5), 'bff8000000000000');
});

test('random pairs keep order for longs and doubles', (t) => {
  let seed = 42;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648) * 2 - 1;
  for (let i = 0; i < 500; i++) {
    const a = rnd() * 1e15;
    const b = rnd() * 1e15;
    if (a !== b) t.is(a < b, encodeDouble(a) < encodeDouble(b));
    const la = Math.trunc(a);
    const lb = Math.trunc(b);
    if (la !== lb) t.is(la < lb, encodeLong(la) < encodeLong(lb));
  }
});

test('booleans are T and F, ips 16-byte hex in address order', (t) => {
  t.is(encodeBoolean(true), 'T');
  t.is(encodeBoolean(false), 'F');
  t.is(encodeIp('192.168.1.1'), '00000000000000000000ffffc0a80101');
  t.is(encodeIp('::1'), '00000000000000000000000000000001');
  t.is(encodeIp('2001:db8::ff00:42:8329'), '20010db8000000000000ff0000428329');
  t.is(encodeIp('::ffff:10.0.0.1'), encodeIp('10.0.0.1'));
  t.is(encodeIp('300.1.1.1'), undefined);
  t.is(encodeIp('foo'), undefined);
  t.true((encodeIp('10.0.0.2') as string) < (encodeIp('10.0.0.10') as string));
  t.is(decodeIp(encodeIp('10.0.0.1') as string), '10.0.0.1');
  t.is(decodeIp(encodeIp('2001:0db8:0000:0000:0000:ff00:0042:8329') as string), '2001:db8::ff00:42:8329');
});
