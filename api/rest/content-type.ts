/**
 * ES 5.6 `XContentType` resolution: request bodies by `Content-Type` header, else sniffed from
 * the bytes (`XContentFactory.xContentType`: `{` after whitespace is JSON, `---` is YAML);
 * response format by the `format` parameter, else the `Accept` header, else the request body's
 * type, else JSON.
 */

export type XContentType = 'json' | 'yaml' | 'smile' | 'cbor';

const MEDIA: Array<[XContentType, string]> = [
  ['json', 'application/json'],
  ['smile', 'application/smile'],
  ['yaml', 'application/yaml'],
  ['cbor', 'application/cbor'],
];

/** `XContentType.fromMediaTypeOrFormat`: `json`, `application/json; charset=...`, `application/*`... */
export function fromMediaTypeOrFormat(value: string | undefined): XContentType | undefined {
  if (value === undefined) return undefined;
  const lower = value.toLowerCase();
  for (const [type, media] of MEDIA) {
    if (lower === media || lower.startsWith(`${media};`) || lower === type) return type;
  }
  if (lower.startsWith('application/*')) return 'json';
  return undefined;
}

/** The body type named by a `Content-Type` header (`application/x-ndjson` counts as JSON). */
export function fromContentTypeHeader(value: string | undefined): XContentType | undefined {
  if (value === undefined) return undefined;
  const t = fromMediaTypeOrFormat(value.trim());
  if (t !== undefined && t !== undefined) return t;
  const lower = value.toLowerCase().trim();
  if (lower.startsWith('application/x-ndjson')) return 'json';
  return undefined;
}

/** `XContentFactory.xContentType(bytes)`: sniff the format, undefined when unknown. */
export function sniffContentType(body: Buffer): XContentType | undefined {
  if (body.length === 0) return undefined;
  const b0 = body[0];
  if (b0 === 0x3a && body[1] === 0x29 && body[2] === 0x0a) return 'smile';
  if (b0 === 0x2d && body[1] === 0x2d && body[2] === 0x2d) return 'yaml';
  if (b0 !== undefined && (b0 & 0xe0) === 0xa0) return 'cbor';
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as number;
    if (c === 0x7b) return 'json';
    if (!(c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d || c === 0x0b || c === 0x0c)) break;
  }
  return undefined;
}

/** Response media types as ES sends them. */
export const MEDIA_TYPE: Record<'json' | 'yaml' | 'text', string> = {
  json: 'application/json; charset=UTF-8',
  yaml: 'application/yaml',
  text: 'text/plain; charset=UTF-8',
};
