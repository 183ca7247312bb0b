/**
 * `_termvectors` and `_mtermvectors` on the coordinator (ES 5.6 `TermVectorsRequest` parsing,
 * `TransportTermVectorsAction` routing, `TermVectorsResponse` rendering): the request is built
 * from URI parameters and body, routed to the shard holding the id (an artificial document
 * without routing goes to the first shard, as ES picks the first search shard), answered by the
 * shard's `termVectors` message (lib/messages/shard-termvectors.ts) and rendered.
 */
import type { NodeContext } from '../context.js';
import { EsError } from '../../errors/es-error.js';
import { indexNotFound, routingMissing, versionConflict } from '../../errors/errors.js';
import { esErrorOf } from '../../messages/shard-error.js';
import type { TermVectorField, TermVectorsFilterSpec, TermVectorsResult } from '../../messages/shard-termvectors.js';
import { openIndex } from '../open-index.js';
import { resolveWriteIndex, shardOf } from '../bulk/resolve-write-index.js';
import { JsonFloat } from '../../units/java-number.js';
import { dict } from '../../dict.js';

/** A parsed term vectors request. */
export interface TermVectorsSpec {
  index?: string;
  type?: string;
  id?: string;
  doc?: Record<string, unknown>;
  routing?: string;
  parent?: string;
  realtime: boolean;
  version?: number;
  versionType?: string;
  fields?: string[];
  perFieldAnalyzer?: Record<string, string>;
  positions: boolean;
  offsets: boolean;
  payloads: boolean;
  termStatistics: boolean;
  fieldStatistics: boolean;
  filter?: TermVectorsFilterSpec;
}

/** ES's defaults (`TermVectorsRequest`): positions, offsets, payloads and field statistics on. */
export function newTermVectorsSpec(): TermVectorsSpec {
  return { realtime: true, positions: true, offsets: true, payloads: true, termStatistics: false, fieldStatistics: true };
}

const parseError = (reason: string): EsError => new EsError('parse_exception', 400, reason);

function bool(v: unknown, key: string): boolean {
  if (typeof v === 'boolean') return v;
  if (v === 'true') return true;
  if (v === 'false') return false;
  throw parseError(`failed to parse term vectors request. [${key}] must be a boolean`);
}

function num(v: unknown, key: string): number {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  if (!Number.isInteger(n)) throw parseError(`failed to parse term vectors request. [${key}] must be an integer`);
  return n;
}

const FILTER_KEYS: Record<string, keyof TermVectorsFilterSpec> = {
  max_num_terms: 'maxNumTerms',
  min_term_freq: 'minTermFreq',
  max_term_freq: 'maxTermFreq',
  min_doc_freq: 'minDocFreq',
  max_doc_freq: 'maxDocFreq',
  min_word_length: 'minWordLength',
  max_word_length: 'maxWordLength',
};

/** `TermVectorsRequest.parseRequest`: apply a body (or an `_mtermvectors` item) to `s`. */
export function applyTermVectorsBody(s: TermVectorsSpec, body: Record<string, unknown>): void {
  for (const [k, v] of Object.entries(body)) {
    switch (k) {
      case 'fields':
        if (!Array.isArray(v)) throw parseError('failed to parse term vectors request. field [fields] must be an array');
        s.fields = v.map(String);
        break;
      case 'offsets':
        s.offsets = bool(v, k);
        break;
      case 'positions':
        s.positions = bool(v, k);
        break;
      case 'payloads':
        s.payloads = bool(v, k);
        break;
      case 'term_statistics':
      case 'termStatistics':
        s.termStatistics = bool(v, k);
        break;
      case 'field_statistics':
      case 'fieldStatistics':
        s.fieldStatistics = bool(v, k);
        break;
      case 'dfs':
        throw new EsError('illegal_argument_exception', 400, 'distributed frequencies is not supported anymore for term vectors');
      case 'per_field_analyzer':
        if (v === null || typeof v !== 'object' || Array.isArray(v)) throw parseError('failed to parse term vectors request. [per_field_analyzer] must be an object');
        s.perFieldAnalyzer = dict();
        for (const [f, a] of Object.entries(v)) s.perFieldAnalyzer[f] = String(a);
        break;
      case 'filter': {
        if (v === null || typeof v !== 'object' || Array.isArray(v)) throw parseError('failed to parse term vectors request. [filter] must be an object');
        const f: TermVectorsFilterSpec = {};
        for (const [fk, fv] of Object.entries(v)) {
          const key = Object.hasOwn(FILTER_KEYS, fk) ? FILTER_KEYS[fk] : undefined;
          if (!key) throw parseError(`failed to parse term vectors request. the field [${fk}] is not supported for filter`);
          f[key] = num(fv, fk);
        }
        s.filter = f;
        break;
      }
      case 'doc':
        if (v === null || typeof v !== 'object' || Array.isArray(v)) throw parseError('failed to parse term vectors request. [doc] must be an object');
        s.doc = v as Record<string, unknown>;
        break;
      case '_index':
        s.index = String(v);
        break;
      case '_type':
        s.type = String(v);
        break;
      case '_id':
        s.id = String(v);
        break;
      case '_routing':
      case 'routing':
        s.routing = String(v);
        break;
      case '_parent':
      case 'parent':
        s.parent = String(v);
        break;
      case '_version':
      case 'version':
        s.version = num(v, k);
        break;
      case '_version_type':
      case 'version_type':
        s.versionType = String(v);
        break;
      case 'realtime':
        s.realtime = bool(v, k);
        break;
      default:
        throw parseError(`failed to parse term vectors request. unknown field [${k}]`);
    }
  }
}

function renderField(f: TermVectorField): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (f.fieldStatistics) out.field_statistics = { sum_doc_freq: f.fieldStatistics.sumDocFreq, doc_count: f.fieldStatistics.docCount, sum_ttf: f.fieldStatistics.sumTtf };
  const terms: Record<string, unknown> = dict(); // terms are user text
  for (const t of f.terms) {
    const o: Record<string, unknown> = {};
    if (t.docFreq !== undefined) o.doc_freq = t.docFreq;
    if (t.ttf !== undefined) o.ttf = t.ttf;
    o.term_freq = t.termFreq;
    if (t.tokens) {
      o.tokens = t.tokens.map((k) => {
        const tok: Record<string, unknown> = {};
        if (k.position !== undefined) tok.position = k.position;
        if (k.startOffset !== undefined) tok.start_offset = k.startOffset;
        if (k.endOffset !== undefined) tok.end_offset = k.endOffset;
        return tok;
      });
    }
    if (t.score !== undefined) o.score = new JsonFloat(t.score);
    terms[t.term] = o;
  }
  out.terms = terms;
  return out;
}

/** Render ES's `TermVectorsResponse`. */
function render(index: string, type: string, id: string | undefined, res: TermVectorsResult, took: number): Record<string, unknown> {
  const body: Record<string, unknown> = { _index: index, _type: type };
  if (id !== undefined) body._id = id;
  body._version = res.version;
  body.found = res.found;
  body.took = took;
  if (res.found) {
    const tv: Record<string, unknown> = dict(); // field names are user input
    for (const f of res.fields) tv[f.name] = renderField(f);
    body.term_vectors = tv;
  }
  return body;
}

/** Term vectors of one document (`_termvectors`). */
export async function termVectors(ctx: NodeContext, s: TermVectorsSpec): Promise<Record<string, unknown>> {
  const started = Date.now();
  const index = s.index as string;
  const type = s.type as string;
  const state = ctx.cluster.state();
  const target = resolveWriteIndex(state, index, s.routing, s.parent);
  if (!target) throw indexNotFound(index);
  const svc = openIndex(ctx, target.index);
  const artificial = s.doc !== undefined;
  if (!artificial && s.id === undefined) {
    throw new EsError('action_request_validation_exception', 400, 'Validation Failed: 1: id is missing;');
  }
  if (!artificial && svc.mapper().routingRequired(type) && target.routing === undefined) throw routingMissing(target.index, type, s.id as string);
  const shard = artificial && target.routing === undefined ? 0 : shardOf(state, target.index, s.id ?? '', target.routing);
  const reply = await ctx.searchShards.termVectors({
    index: target.index,
    shard,
    type,
    ...(artificial ? { doc: JSON.stringify(s.doc) } : { id: s.id as string }),
    realtime: s.realtime,
    ...(s.fields ? { fields: s.fields } : {}),
    ...(s.perFieldAnalyzer ? { perFieldAnalyzer: { ...s.perFieldAnalyzer } } : {}),
    positions: s.positions,
    offsets: s.offsets,
    payloads: s.payloads,
    termStatistics: s.termStatistics,
    fieldStatistics: s.fieldStatistics,
    ...(s.filter ? { filter: s.filter } : {}),
  });
  if ('failure' in reply) throw esErrorOf(reply.failure);
  const res = reply.ok;
  // ES `VersionType#isVersionConflictForReads`: every type but force wants the exact version
  if (res.found && !artificial && s.version !== undefined && s.versionType !== 'force' && res.version !== s.version) {
    throw versionConflict(type, s.id as string, target.index, shard, svc.uuid, `current version [${res.version}] is different than the one provided [${s.version}]`);
  }
  return render(target.index, type, artificial ? undefined : s.id, res, Math.max(0, Date.now() - started));
}

/** An `_mtermvectors` item's answer: the response, or its own failure. */
export type MultiTermVectorsItem = { ok: Record<string, unknown> } | { error: EsError; index?: string; type?: string; id?: string };

/** `_mtermvectors`: each document on its own, failures per item. */
export async function multiTermVectors(ctx: NodeContext, items: TermVectorsSpec[]): Promise<MultiTermVectorsItem[]> {
  return Promise.all(
    items.map(async (s): Promise<MultiTermVectorsItem> => {
      try {
        return { ok: await termVectors(ctx, s) };
      } catch (e) {
        if (!(e instanceof EsError)) throw e;
        return { error: e, ...(s.index !== undefined ? { index: s.index } : {}), ...(s.type !== undefined ? { type: s.type } : {}), ...(s.id !== undefined ? { id: s.id } : {}) };
      }
    }),
  );
}
