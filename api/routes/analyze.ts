/**
 * `GET|POST /_analyze` and `/{index}/_analyze` (ES 5.6 RestAnalyzeAction): the request from the
 * query string (deprecated in 5.x, each parameter used adds a Warning header) and the body, which
 * is JSON (its fields win over the query string) or, when it is not JSON, the text itself.
 */
import type { RestRequest, RouteDef } from '../types.js';
import type { NodeContext } from '../../lib/action/context.js';
import { illegalArgument } from '../../lib/errors/errors.js';
import { analyze } from '../../lib/action/indices/analyze-action.js';
import type { AnalyzeRequest, NameOrDefinition } from '../../lib/analysis/analyze-api.js';
import { sniffContentType } from '../rest/content-type.js';
import { deprecationHeaders } from './common.js';

const PARAM_DEPRECATED = ' request parameter is deprecated and will be removed in the next major release. Please use the JSON in the request body instead request param';
const PLAIN_TEXT_DEPRECATED =
  ' plain text bodies is deprecated and this feature will be removed in the next major release. Please use the text param in JSON';

/** Jackson's name for the token a JSON value starts with, as ES's error messages print it. */
function tokenName(v: unknown): string {
  if (v === null) return 'VALUE_NULL';
  if (Array.isArray(v)) return 'START_ARRAY';
  switch (typeof v) {
    case 'string':
      return 'VALUE_STRING';
    case 'number':
      return 'VALUE_NUMBER';
    case 'boolean':
      return 'VALUE_BOOLEAN';
    default:
      return 'START_OBJECT';
  }
}

const BOOLEAN_STRINGS: Record<string, boolean> = { true: true, on: true, yes: true, '1': true, false: false, off: false, no: false, '0': false };

/** `XContentParser.isBooleanValue()` / `booleanValue()`: booleans, integers and boolean-like strings. */
function lenientBoolean(v: unknown): boolean | undefined {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number' && Number.isInteger(v)) return v !== 0;
  if (typeof v === 'string' && Object.hasOwn(BOOLEAN_STRINGS, v)) return BOOLEAN_STRINGS[v];
  return undefined;
}

function isScalar(v: unknown): boolean {
  return v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

/** The `filter` / `char_filter` arrays: names or inline `{type, ...}` definitions. */
function componentList(key: string, values: unknown[], what: string): NameOrDefinition[] {
  return values.map((v) => {
    if (typeof v === 'string') return v;
    if (v !== null && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    throw illegalArgument(`${key} array element should contain ${what}'s name or setting`);
  });
}

/** `RestAnalyzeAction.buildFromContent`: the JSON body's fields, strictly typed. */
function applyBody(body: unknown, r: AnalyzeRequest): void {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw illegalArgument('Malformed content, must start with an object');
  const filters = (r.filter ?? []) as NameOrDefinition[];
  const charFilters = (r.char_filter ?? []) as NameOrDefinition[];
  for (const [key, v] of Object.entries(body as Record<string, unknown>)) {
    if (key === 'text' && typeof v === 'string') r.text = v;
    else if (key === 'text' && Array.isArray(v)) {
      if (!v.every(isScalar)) throw illegalArgument(`${key} array element should only contain text`);
      r.text = v.map((t) => String(t));
    } else if (key === 'analyzer' && typeof v === 'string') r.analyzer = v;
    else if (key === 'field' && typeof v === 'string') r.field = v;
    else if (key === 'tokenizer') {
      if (typeof v === 'string') r.tokenizer = v;
      else if (v !== null && typeof v === 'object' && !Array.isArray(v)) r.tokenizer = v as Record<string, unknown>;
      else throw illegalArgument(`${key} should be tokenizer's name or setting`);
    } else if (key === 'filter' && Array.isArray(v)) filters.push(...componentList(key, v, 'filter'));
    else if (key === 'char_filter' && Array.isArray(v)) charFilters.push(...componentList(key, v, 'char filter'));
    else if (key === 'explain') {
      const b = lenientBoolean(v);
      if (b === undefined) throw illegalArgument(`${key} must be either 'true' or 'false'`);
      r.explain = b;
    } else if (key === 'attributes' && Array.isArray(v)) {
      if (!v.every(isScalar)) throw illegalArgument(`${key} array element should only contain attribute name`);
      r.attributes = v.map((a) => String(a));
    } else {
      throw illegalArgument(`Unknown parameter [${key}] in request body or parameter is of the wrong type[${tokenName(v)}] `);
    }
  }
  if (filters.length > 0) r.filter = filters;
  if (charFilters.length > 0) r.char_filter = charFilters;
}

/** Build the request from the query string and body; returns it with the deprecation messages. */
function analyzeRequestFrom(req: RestRequest): { request: AnalyzeRequest; warnings: string[] } {
  const r: AnalyzeRequest = {};
  const warnings: string[] = [];
  const deprecated = (key: string): void => {
    warnings.push(key + PARAM_DEPRECATED);
  };
  // paramAsStringArrayOrEmptyIfAll: comma-separated, `_all` means none.
  const texts = req.paramAsList('text');
  if (texts !== undefined) {
    deprecated('text');
    if (!(texts.length === 1 && texts[0] === '_all')) r.text = texts;
  }
  const analyzer = req.param('analyzer');
  if (analyzer !== undefined) {
    deprecated('analyzer');
    r.analyzer = analyzer;
  }
  const field = req.param('field');
  if (field !== undefined) {
    deprecated('field');
    r.field = field;
  }
  const tokenizer = req.param('tokenizer');
  if (tokenizer !== undefined) {
    deprecated('tokenizer');
    r.tokenizer = tokenizer;
  }
  const filters = req.paramAsList('filter') ?? [];
  if (filters.length > 0) {
    deprecated('filter');
    r.filter = filters;
  }
  // ES 5.6 adds `char_filter` query values to the token filters (a bug fixed later); we keep
  // them as char filters, which is what the parameter is documented to do.
  const charFilters = req.paramAsList('char_filter') ?? [];
  if (charFilters.length > 0) {
    deprecated('char_filter');
    r.char_filter = charFilters;
  }
  if (req.param('explain') !== undefined) {
    deprecated('explain');
    r.explain = req.paramAsBool('explain', false);
  }
  const attributes = req.paramAsList('attributes');
  if (attributes !== undefined) {
    deprecated('attributes');
    r.attributes = attributes;
  }
  if (req.rawBody !== undefined && req.rawBody.length > 0) {
    if (sniffContentType(req.rawBody) === undefined) {
      // Not JSON: the body is the text, unless the query string already gave some.
      if (r.text === undefined || r.text.length === 0) {
        r.text = [req.rawBody.toString('utf8')];
        warnings.push(PLAIN_TEXT_DEPRECATED);
      }
    } else {
      applyBody(req.json(), r);
    }
  }
  return { request: r, warnings };
}

export function analyzeRoutes(ctx: NodeContext): RouteDef[] {
  return [
    {
      methods: ['GET', 'POST'],
      paths: ['/_analyze', '/{index}/_analyze'],
      params: ['text', 'analyzer', 'field', 'tokenizer', 'filter', 'char_filter', 'explain', 'attributes'],
      plainText: true,
      handler: (req) => {
        const { request, warnings } = analyzeRequestFrom(req);
        const body = analyze(ctx, req.pathParams.index, request);
        return { status: 200, body, headers: deprecationHeaders(warnings) };
      },
    },
  ];
}
