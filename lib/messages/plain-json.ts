/**
 * A message through JSON and back, checked to be lossless: the one JSON checker of the shard
 * boundary, used by the `json` client mode of both clients (client-modes.ts; the schema-driven
 * protobuf codec is wire.ts). What survives `JSON.stringify` → `JSON.parse` unchanged is plain
 * data. Bytes (`Uint8Array`, `Buffer`) are the one non-JSON leaf a message
 * may hold, as a protobuf `bytes` field would; they travel as base64 and come back as Buffers.
 * Anything else that JSON would change — a class instance, a Map, a function, `NaN`, an
 * `undefined` array element, a symbol key — fails the check with the path to it.
 */

const BYTES = '\u0000bytes';

/** Encode a message as JSON text. */
export function encodeMessage(value: unknown): string {
  return JSON.stringify(value, function (this: Record<string, unknown>, key: string, v: unknown) {
    const orig = this[key]; // before Buffer#toJSON ran
    if (orig instanceof Uint8Array) return { [BYTES]: Buffer.from(orig.buffer, orig.byteOffset, orig.byteLength).toString('base64') };
    return v;
  });
}

/** Decode JSON text made by {@link encodeMessage}. */
export function decodeMessage(text: string): unknown {
  return JSON.parse(text, (_key, v: unknown) => {
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
      const keys = Object.keys(v);
      if (keys.length === 1 && keys[0] === BYTES) return Buffer.from((v as Record<string, string>)[BYTES]!, 'base64');
    }
    return v;
  });
}

/** Thrown when a message does not survive the round trip. */
export class NotPlainError extends Error {}

/**
 * Compare a message with its decoded copy; throws {@link NotPlainError} naming the first
 * difference. A property whose value is `undefined` counts as absent (JSON drops it, and the
 * readers treat both alike); `-0` and `0` are equal.
 */
export function checkRoundTrip(original: unknown, decoded: unknown, path = '$'): void {
  const fail = (why: string): never => {
    throw new NotPlainError(`message not plain at ${path}: ${why}`);
  };
  if (original === null || typeof original === 'string' || typeof original === 'boolean') {
    if (original !== decoded) fail(`${JSON.stringify(original)} came back as ${JSON.stringify(decoded)}`);
    return;
  }
  if (typeof original === 'number') {
    if (!Number.isFinite(original)) fail(`non-finite number ${original}`);
    if (original !== decoded) fail(`${original} came back as ${String(decoded)}`);
    return;
  }
  if (typeof original !== 'object') fail(`a ${typeof original}`);
  if (original instanceof Uint8Array) {
    if (!(decoded instanceof Uint8Array) || Buffer.compare(Buffer.from(original), Buffer.from(decoded)) !== 0) fail('bytes changed');
    return;
  }
  if (Array.isArray(original)) {
    if (!Array.isArray(decoded) || decoded.length !== original.length) fail('array length changed');
    original.forEach((v, i) => {
      if (v === undefined) fail(`undefined element ${i}`);
      checkRoundTrip(v, (decoded as unknown[])[i], `${path}[${i}]`);
    });
    return;
  }
  const proto = Object.getPrototypeOf(original) as unknown;
  if (proto !== Object.prototype && proto !== null) fail(`an instance of ${(original as object).constructor?.name ?? 'a class'}`);
  if (Object.getOwnPropertySymbols(original).length > 0) fail('symbol keys');
  if (decoded === null || typeof decoded !== 'object' || Array.isArray(decoded)) fail('object changed kind');
  const o = original as Record<string, unknown>;
  const d = decoded as Record<string, unknown>;
  const keys = Object.keys(o).filter((k) => o[k] !== undefined);
  for (const k of keys) {
    checkRoundTrip(o[k], Object.hasOwn(d, k) ? d[k] : undefined, `${path}.${k}`);
  }
  if (keys.length !== Object.keys(d).length) fail('keys changed');
}

/** Encode, decode and check a message; returns the decoded copy. */
export function roundTrip<T>(value: T): T {
  const decoded = decodeMessage(encodeMessage(value));
  checkRoundTrip(value, decoded);
  return decoded as T;
}
