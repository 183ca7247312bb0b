/**
 * Turns a handler's `RestResponse` (or a thrown error) into status, headers and bytes, in one
 * place, as ES 5.6's `AbstractRestChannel#newBuilder` / `BytesRestResponse` do:
 * - format: `format` parameter, else `Accept` header, else the request body's own type (a YAML
 *   request gets a YAML answer), else JSON. SMILE and CBOR are not produced (JSON instead);
 * - `pretty` (JSON only), `filter_path` (not on error bodies: ES builds those unfiltered);
 * - preformatted text (cat) passes through with its content type.
 */
import type { RestResponse } from '../types.js';
import { applyFilterPath, parseFilterPath } from './filter-path.js';
import { fromMediaTypeOrFormat, MEDIA_TYPE, type XContentType } from './content-type.js';
import { writeJson } from './json-writer.js';
import { writeYaml } from './yaml-writer.js';
import { buildErrorBody } from './error-body.js';
import { parseBooleanLenient } from '../../lib/units/booleans.js';

/** What rendering needs to know about the request. */
export interface RenderContext {
  param(name: string): string | undefined;
  header(name: string): string | undefined;
  /** The request body's format when it had one. */
  requestContentType(): XContentType | undefined;
}

/** Bytes ready to send. */
export interface Rendered {
  status: number;
  contentType: string;
  body: string | Buffer;
  headers?: Record<string, string | string[]>;
}

/** The response format ES picks for this request. */
export function responseFormat(ctx: RenderContext): 'json' | 'yaml' {
  const asked = fromMediaTypeOrFormat(ctx.param('format') ?? ctx.header('accept')) ?? ctx.requestContentType();
  return asked === 'yaml' ? 'yaml' : 'json';
}

/** Serialize a JSON-like value for this request (format, pretty, optional filter_path). */
export function renderValue(ctx: RenderContext, value: unknown, useFiltering: boolean): { contentType: string; body: string } {
  let v = value;
  if (useFiltering) {
    const paths = parseFilterPath(ctx.param('filter_path'));
    if (paths) v = applyFilterPath(v, paths);
  }
  if (responseFormat(ctx) === 'yaml') {
    return { contentType: MEDIA_TYPE.yaml, body: v === undefined ? '' : writeYaml(v) };
  }
  const pretty = parseBooleanLenient(ctx.param('pretty'), false);
  return { contentType: MEDIA_TYPE.json, body: v === undefined ? '' : writeJson(v, pretty) };
}

/** Render a handler's response. */
export function renderResponse(ctx: RenderContext, res: RestResponse): Rendered {
  const { status, body } = res;
  let rendered: Rendered;
  if (body === undefined || body === null) {
    rendered = { status, contentType: res.contentType ?? MEDIA_TYPE.text, body: '' };
  } else if (res.contentType !== undefined || typeof body === 'string' || Buffer.isBuffer(body)) {
    const text = Buffer.isBuffer(body) || typeof body === 'string' ? body : String(body);
    rendered = { status, contentType: res.contentType ?? MEDIA_TYPE.text, body: text };
  } else {
    const out = renderValue(ctx, body, true);
    rendered = { status, contentType: out.contentType, body: out.body };
  }
  // (assigned, not spread: every answer passes here)
  if (res.headers) rendered.headers = res.headers;
  return rendered;
}

/** Render a thrown error as ES's error body (`error_trace=true` adds stack traces). */
export function renderError(ctx: RenderContext, err: unknown): Rendered {
  const errorTrace = parseBooleanLenient(ctx.param('error_trace'), false);
  const { status, body } = buildErrorBody(err, errorTrace);
  const out = renderValue(ctx, body, false);
  return { status, contentType: out.contentType, body: out.body };
}

/** ES `BytesRestResponse(status, text)`: a plain-text answer. */
export function renderText(status: number, text: string): Rendered {
  return { status, contentType: MEDIA_TYPE.text, body: text };
}

/** ES `BytesRestResponse.createSimpleErrorResponse`: `{"error":"...","status":N}` compact JSON. */
export function renderSimpleError(status: number, message: string): Rendered {
  return { status, contentType: MEDIA_TYPE.json, body: writeJson({ error: message, status }, false) };
}
