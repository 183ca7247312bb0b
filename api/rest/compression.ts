/**
 * Response compression as ES 5.6 does it with Netty's `HttpContentCompressor`
 * (`http.compression`, default true; `http.compression_level`, default 3): when the request's
 * `Accept-Encoding` asks for gzip or deflate the body is compressed and `Content-Encoding` set;
 * HEAD answers and empty bodies pass through. The encoding is chosen as Netty's
 * `determineWrapper` chooses it (q-values; gzip wins ties; `*` means gzip unless gzip was
 * refused). `deflate` is the zlib format, as HTTP means it.
 *
 * One divergence: answers under {@link MIN_COMPRESSED_BYTES} go out uncompressed. Compressing them
 * saves no packet (they fit one TCP segment either way) and costs the client a decompressor per
 * answer: Node's `fetch` (undici) sets up a gunzip stream for each, ~1.2 ms of client CPU on a
 * 2-core machine, which made a `GET /` round trip 2.8× as slow (1,840 against 650 µs) and a small
 * search 2–3× as slow (docs/benchmarks.md, "The client's floor"). The body is byte for byte what
 * ES sends; only the transfer encoding of small answers differs (ES 5.6 set no size threshold
 * on Netty's compressor, so it compressed every answer).
 *
 * Small answers (below `SYNC_LIMIT`) are compressed on the event loop: a 1 KB search answer takes
 * ~25 µs that way, while the round trip through libuv's thread pool costs ~150–300 µs of
 * scheduling and halved the query rate of clients that accept gzip (docs/benchmarks.md, session
 * 5). Larger answers go to the thread pool so that one big answer does not stall the loop.
 */
import { gzip, deflate, gzipSync, deflateSync } from 'node:zlib';
import { promisify } from 'node:util';
import { isFalseText } from '../../lib/units/booleans.js';

const gzipAsync = promisify(gzip);
const deflateAsync = promisify(deflate);

export type ContentEncoding = 'gzip' | 'deflate';

/** Compression settings of a node; undefined level means compression is off. */
export interface CompressionConfig {
  level: number;
}

/** From node settings; undefined when `http.compression` is false. Throws on a bad level. */
export function compressionConfigFrom(settings: Readonly<Record<string, string>>): CompressionConfig | undefined {
  const enabled = settings['http.compression'];
  if (enabled !== undefined && isFalseText(enabled)) return undefined;
  const text = settings['http.compression_level'];
  const level = text === undefined ? 3 : Number(text);
  // ES 5.6: Setting.intSetting("http.compression_level", 3) handed to zlib (0-9).
  if (!Number.isInteger(level) || level < 0 || level > 9) {
    throw new Error(`Failed to parse value [${text}] for setting [http.compression_level]: compression level must be between 0 and 9`);
  }
  return { level };
}

/** Netty 4.1 `HttpContentCompressor#determineWrapper`. */
export function chooseEncoding(acceptEncoding: string | undefined): ContentEncoding | undefined {
  if (acceptEncoding === undefined || acceptEncoding === '') return undefined;
  let starQ = -1;
  let gzipQ = -1;
  let deflateQ = -1;
  for (const part of acceptEncoding.split(',')) {
    let q = 1;
    const eq = part.indexOf('=');
    if (eq !== -1) {
      const parsed = Number.parseFloat(part.slice(eq + 1));
      q = Number.isNaN(parsed) ? 0 : parsed;
    }
    if (part.includes('*')) starQ = q;
    else if (part.includes('gzip') && q > gzipQ) gzipQ = q;
    else if (part.includes('deflate') && q > deflateQ) deflateQ = q;
  }
  if (gzipQ > 0 || deflateQ > 0) return gzipQ >= deflateQ ? 'gzip' : 'deflate';
  if (starQ > 0) {
    if (gzipQ === -1) return 'gzip';
    if (deflateQ === -1) return 'deflate';
  }
  return undefined;
}

/** Bodies up to this many bytes are compressed synchronously (well under a millisecond at level 3). */
export const SYNC_LIMIT = 32 * 1024;

/** Answers shorter than this are sent uncompressed whatever the client accepts (see the header). */
export const MIN_COMPRESSED_BYTES = 1024;

/** Compress `body` with `encoding` at `level`: synchronously when small, on the thread pool when large. */
export function compressBody(body: Buffer, encoding: ContentEncoding, level: number): Buffer | Promise<Buffer> {
  if (body.length <= SYNC_LIMIT) return encoding === 'gzip' ? gzipSync(body, { level }) : deflateSync(body, { level });
  return encoding === 'gzip' ? gzipAsync(body, { level }) : deflateAsync(body, { level });
}
