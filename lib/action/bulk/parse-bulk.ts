/**
 * The `_bulk` NDJSON body as ES 5.6 `BulkRequest#add`: an action/metadata line per item, then a
 * source line for index/create/update. Defaults for index, type, routing and pipeline come from
 * the URL.
 */
import type { BulkItemRequest, BulkOpType } from './types.js';
import { EsError, actionRequestValidation, illegalArgument } from '../../errors/errors.js';
import { javaParseLong } from '../../units/java-parse.js';
import { parseJsonBody } from '../../units/json-body.js';
import { parseUpdateBody } from './parse-update.js';
import type { VersionType } from '../../messages/shard-write.js';

export interface BulkDefaults {
  index?: string;
  type?: string;
  routing?: string;
  pipeline?: string;
  fields?: string[];
  sourceFilter?: unknown;
}

const OPS: BulkOpType[] = ['index', 'create', 'update', 'delete'];

/** ES 5.6 `VersionType#fromString` (`external_gt` is `external`). */
export function parseVersionType(v: string): VersionType {
  if (v === 'internal' || v === 'external' || v === 'external_gte' || v === 'force') return v;
  if (v === 'external_gt') return 'external';
  throw illegalArgument(`No version type match [${v}]`);
}

/**
 * A metadata value read with Jackson's `longValue()`: numbers are truncated, strings parsed as
 * `Long.parseLong`, values beyond a long fail as Jackson fails them.
 */
function longValue(v: unknown): number {
  if (typeof v === 'string') return javaParseLong(v);
  if (typeof v === 'number' && Number.isFinite(v) && Math.abs(v) <= 9223372036854775807) return Math.trunc(v);
  if (typeof v === 'number') {
    throw new EsError('json_parse_exception', 500, `Numeric value (${String(v)}) out of range of long (-9223372036854775808 - 9223372036854775807)`);
  }
  throw illegalArgument(`Current token (${v === null ? 'VALUE_NULL' : typeof v === 'boolean' ? `VALUE_${String(v).toUpperCase()}` : 'START_OBJECT'}) not numeric, can not use numeric value accessors`);
}

const isSpace = (b: number | undefined): boolean => b === 0x20 || b === 0x09 || b === 0x0d || b === 0x0b || b === 0x0c;

/**
 * Non-blank lines; `raw` keeps a line's own bytes so a source line is checked as UTF-8 when
 * parsed, not silently repaired. Lines are decoded to text only where they are read as JSON
 * here (action lines, update bodies): an index source stays bytes.
 */
function lines(body: Buffer): Array<{ line: number; raw: Buffer }> {
  const out: Array<{ line: number; raw: Buffer }> = [];
  let start = 0;
  let n = 0;
  for (let i = 0; i <= body.length; i++) {
    if (i === body.length || body[i] === 0x0a) {
      n++;
      let s = start;
      let e = i;
      while (s < e && isSpace(body[s])) s++;
      while (e > s && isSpace(body[e - 1])) e--;
      if (e > s) out.push({ line: n, raw: body.subarray(s, e) });
      start = i + 1;
    }
  }
  return out;
}

function parseJsonLine(text: string, what: string): unknown {
  try {
    return parseJsonBody(text);
  } catch (e) {
    // Jackson's message (never JSON.parse's); the nesting limit keeps its own error.
    if (e instanceof EsError && e.type.startsWith('json_')) throw illegalArgument(`Failed to parse ${what}: ${e.reason}`);
    throw e;
  }
}

export function parseBulkBody(body: Buffer | undefined, defaults: BulkDefaults): BulkItemRequest[] {
  if (!body || body.length === 0) throw actionRequestValidation(['no requests added']);
  const ls = lines(body);
  const items: BulkItemRequest[] = [];
  for (let i = 0; i < ls.length; i++) {
    const { raw, line } = ls[i]!;
    const action = parseJsonLine(raw.toString('utf8'), 'action/metadata line');
    if (action === null || typeof action !== 'object' || Array.isArray(action)) {
      throw illegalArgument(`Malformed action/metadata line [${line}], expected START_OBJECT or END_OBJECT but found [VALUE_STRING]`);
    }
    const keys = Object.keys(action as object);
    if (keys.length === 0) continue;
    const op = keys[0]!;
    if (!OPS.includes(op as BulkOpType)) {
      throw illegalArgument(`Malformed action/metadata line [${line}], expected field [create], [delete], [index] or [update] but found [${op}]`);
    }
    const meta = (action as Record<string, unknown>)[op];
    if (meta === null || typeof meta !== 'object' || Array.isArray(meta)) {
      throw illegalArgument(`Malformed action/metadata line [${line}], expected START_OBJECT but found [${typeof meta}]`);
    }
    const item: BulkItemRequest = { opType: op as BulkOpType, index: defaults.index ?? '', type: defaults.type ?? '' };
    if (defaults.routing !== undefined) item.routing = defaults.routing;
    if (defaults.pipeline !== undefined) item.pipeline = defaults.pipeline;
    let retryOnConflict = 0;
    let fields = defaults.fields;
    let sourceFilter = defaults.sourceFilter;
    for (const [k, v] of Object.entries(meta as Record<string, unknown>)) {
      if (v !== null && typeof v === 'object' && k !== '_source' && k !== 'fields') {
        // ES 5.6 BulkRequest#add reads metadata with `parser.text()`: objects and arrays fail.
        throw illegalArgument(`Malformed action/metadata line [${line}], expected a simple value for field [${k}] but found [${Array.isArray(v) ? 'START_ARRAY' : 'START_OBJECT'}]`);
      }
      const s = v === null || v === undefined ? undefined : String(v);
      switch (k) {
        case '_index': case 'index': if (s !== undefined) item.index = s; break;
        case '_type': case 'type': if (s !== undefined) item.type = s; break;
        case '_id': case 'id': if (s !== undefined) item.id = s; break;
        case '_routing': case 'routing': if (s !== undefined) item.routing = s; break;
        case '_parent': case 'parent': if (s !== undefined) item.parent = s; break;
        case '_version': case 'version': item.version = longValue(v); break;
        case '_version_type': case 'version_type': if (s !== undefined) item.versionType = parseVersionType(s); break;
        case 'pipeline': if (s !== undefined) item.pipeline = s; break;
        case '_retry_on_conflict': case 'retry_on_conflict': retryOnConflict = longValue(v); break;
        case 'fields': fields = Array.isArray(v) ? v.map(String) : String(v).split(','); break;
        case '_source': sourceFilter = v; break;
        case '_timestamp': case '_ttl': case 'op_type': break;
        default:
          throw illegalArgument(`Action/metadata line [${line}] contains an unknown parameter [${k}]`);
      }
    }
    if (op !== 'delete') {
      const next = ls[i + 1];
      if (!next) throw illegalArgument(`Validation Failed: 1: source is missing;`);
      i++;
      if (op === 'update') {
        const body = parseJsonLine(next.raw.toString('utf8'), 'update body') as Record<string, unknown>;
        if (body === null || typeof body !== 'object' || Array.isArray(body)) throw illegalArgument('Failed to parse update body: Malformed content, must start with an object');
        item.update = parseUpdateBody(body, {
          retryOnConflict,
          ...(fields ? { fields } : {}),
          ...(sourceFilter !== undefined ? { sourceFilter } : {}),
        });
      } else {
        item.source = Buffer.from(next.raw); // a copy: the item must not pin the whole request body
      }
    }
    items.push(item);
  }
  if (items.length === 0) throw actionRequestValidation(['no requests added']);
  return items;
}
