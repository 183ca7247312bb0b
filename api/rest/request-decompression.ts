/**
 * Compressed request bodies, as ES 5.6 reads them: Netty's `HttpContentDecompressor` sits in
 * front of the request aggregator, so a body sent with `Content-Encoding: gzip` / `x-gzip`
 * (gzip) or `deflate` / `x-deflate` (zlib, or raw deflate: Netty's `ZLIB_OR_NONE`) is inflated
 * before anything reads it, and `http.max_content_length` applies to the inflated size. Other
 * encodings (`identity`, a list such as `gzip, br`) pass through unchanged, as with Netty.
 * Logstash (`http_compression`) and Beats (`compression_level`) send such bodies.
 * Inflation runs on libuv's thread pool and stops at the size limit, so a small "zip bomb"
 * neither stalls the event loop nor fills the heap.
 */
import { gunzip, inflate, inflateRaw, type ZlibOptions } from 'node:zlib';
import { promisify } from 'node:util';

const gunzipAsync = promisify<Buffer, ZlibOptions, Buffer>(gunzip);
const inflateAsync = promisify<Buffer, ZlibOptions, Buffer>(inflate);
const inflateRawAsync = promisify<Buffer, ZlibOptions, Buffer>(inflateRaw);

/** The body to dispatch, or why there is none. */
export type InflatedBody = { kind: 'body'; body: Buffer } | { kind: 'too-large' } | { kind: 'corrupt' };

/** The decoder Netty picks for a `Content-Encoding` value; undefined: read the body as it is. */
export function requestDecoding(header: string | undefined): 'gzip' | 'deflate' | undefined {
  const v = header?.trim().toLowerCase();
  if (v === 'gzip' || v === 'x-gzip') return 'gzip';
  if (v === 'deflate' || v === 'x-deflate') return 'deflate';
  return undefined;
}

/** A zlib stream header (RFC 1950): deflate method and a check value divisible by 31. */
function hasZlibHeader(b: Buffer): boolean {
  return b.length >= 2 && (b[0]! & 0x0f) === 8 && ((b[0]! << 8) | b[1]!) % 31 === 0;
}

/** Inflate `body`; at most `maxLength` bytes of output. */
export async function inflateBody(body: Buffer, decoding: 'gzip' | 'deflate', maxLength: number): Promise<InflatedBody> {
  // one byte more than allowed tells "exactly at the limit" from "over it"
  const opts: ZlibOptions = { maxOutputLength: maxLength + 1 };
  try {
    let out: Buffer;
    if (decoding === 'gzip') out = await gunzipAsync(body, opts);
    else out = await (hasZlibHeader(body) ? inflateAsync : inflateRawAsync)(body, opts);
    return out.length > maxLength ? { kind: 'too-large' } : { kind: 'body', body: out };
  } catch (e) {
    if ((e as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return { kind: 'too-large' };
    return { kind: 'corrupt' };
  }
}
