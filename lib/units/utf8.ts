/**
 * Strict UTF-8 decoding of request bodies. Jackson (ES 5.6) refuses a body whose bytes are not
 * UTF-8 (`Invalid UTF-8 start byte 0xff`); Node's `toString('utf8')` would silently turn them
 * into U+FFFD and index a document ES never would.
 */
import { EsError } from '../errors/errors.js';

const STRICT = new TextDecoder('utf-8', { fatal: true });

/** Where the first malformed sequence starts and which of Jackson's two messages it gets. */
function firstInvalid(buf: Uint8Array): { offset: number; byte: number; start: boolean } {
  let i = 0;
  while (i < buf.length) {
    const b = buf[i]!;
    let need = 0;
    let min = 0;
    if (b < 0x80) {
      i++;
      continue;
    } else if (b >= 0xc2 && b <= 0xdf) {
      need = 1;
      min = 0x80;
    } else if (b >= 0xe0 && b <= 0xef) {
      need = 2;
      min = 0x800;
    } else if (b >= 0xf0 && b <= 0xf4) {
      need = 3;
      min = 0x10000;
    } else {
      return { offset: i, byte: b, start: true };
    }
    let cp = b & (0xff >> (need + 2));
    for (let k = 1; k <= need; k++) {
      const c = buf[i + k];
      if (c === undefined || (c & 0xc0) !== 0x80) return { offset: i + k, byte: c ?? 0, start: false };
      cp = (cp << 6) | (c & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return { offset: i + 1, byte: buf[i + 1]!, start: false };
    i += need + 1;
  }
  return { offset: buf.length, byte: 0, start: false };
}

/**
 * Decode `buf` as UTF-8 or throw Jackson's `json_parse_exception` (a bare Jackson error: status
 * 500 as ES 5.6 answers it; document parsing wraps it into a 400 `mapper_parsing_exception`).
 */
export function decodeUtf8(buf: Uint8Array): string {
  try {
    return STRICT.decode(buf);
  } catch {
    const bad = firstInvalid(buf);
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < bad.offset; i++) {
      if (buf[i] === 0x0a) {
        line++;
        lineStart = i + 1;
      }
    }
    const what = bad.start ? 'start' : 'middle';
    throw new EsError('json_parse_exception', 500, `Invalid UTF-8 ${what} byte 0x${bad.byte.toString(16)}\n at [Source: org.elasticsearch.common.bytes.BytesReference$MarkSupportingStreamInputWrapper; line: ${line}, column: ${bad.offset - lineStart + 1}]`);
  }
}
