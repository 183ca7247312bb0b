/**
 * The fetch phase for the hits of one shard: load stored documents and render each hit as
 * ES 5.6's `SearchHit.toXContent` does (`_shard`/`_node` with explain, `_index`, `_type`, `_id`,
 * `_version`, `_score`, `_routing`, `_parent`, `_source`, `fields`, `sort`, `_explanation`).
 */
import type { SegmentReader } from '../shard/segment-reader.js';
import type { StoredDocument } from '../shard/types.js';
import { filterSourceObject } from '../mapping/source-filter.js';
import { allAtOnce } from '../loop/all-at-once.js';
import { JsonFloat, RawJson } from '../units/java-number.js';
import { explanationToJson } from './explanation.js';
import { simpleMatch } from '../units/simple-match.js';
import type { IndexFields } from './field-types.js';
import type { CompiledSort } from './sort-values.js';
import type { ScoredDoc } from './top-docs.js';
import type { Weight } from './weight.js';
import { decodeIp } from '../mapping/term-encoding.js';
import { EsError } from '../errors/errors.js';
import { loadStoredDocs } from './stored-doc-cache.js';
import type { SearchScript } from './search-script.js';
import { Pacer } from './pacer.js';
import { boxDouble, toHost, toScript } from '../script/runtime/values.js';
import { dict } from '../dict.js';
import { nestedReaderOf } from './block-join.js';
import { nestedIdentity, nestedSource } from './nested-identity.js';
import type { HighlightSpec } from '../dsl/highlight.js';
import { highlightHit, type HighlightContext } from './highlight/highlight-phase.js';

export interface FetchOptions {
  index: string;
  /** Whether the search's task was cancelled (ES's fetch phase checks per document). */
  cancelled?: () => boolean;
  /** Leave `_index` out (ES 5.6 renders none on parent/child inner hits). */
  omitIndex?: boolean;
  /** `[index][shard]` and node id, rendered with explain. */
  shardId: number;
  nodeId: string;
  source?: unknown;
  storedFields?: string[] | '_none_';
  docvalueFields: string[];
  version: boolean;
  explain: boolean;
  weight?: Weight;
  sorts?: readonly CompiledSort[];
  /** Whether `_score` is meaningful (score sort or track_scores). */
  scores: boolean;
  fields: IndexFields;
  /** Score multiplier from indices_boost. */
  indexBoost?: number;
  /** `script_fields`, compiled for this shard. */
  scriptFields?: ReadonlyArray<{ name: string; script: SearchScript; ignoreFailure: boolean }>;
  /** `highlight`, with the shard's prepared context (highlight/prepare.ts). */
  highlight?: { spec: HighlightSpec; context: HighlightContext };
  /** The hit's `inner_hits` (lib/search/inner-hits.ts), rendered last as ES 5.6 does. */
  innerHits?: (seg: SegmentReader, doc: number, stored: StoredDocument) => Promise<Record<string, unknown> | undefined>;
}

/** Render the hits (best first) of one shard. */
export async function fetchHits(segments: readonly SegmentReader[], hits: readonly ScoredDoc[], o: FetchOptions): Promise<Array<Record<string, unknown>>> {
  // the positions in `hits` of each segment's hits, their documents loaded one segment at a time
  const bySeg = new Map<number, number[]>();
  for (let i = 0; i < hits.length; i++) {
    const si = (hits[i] as ScoredDoc).seg;
    let l = bySeg.get(si);
    if (!l) bySeg.set(si, (l = []));
    l.push(i);
  }
  const loaded = new Array<StoredDocument>(hits.length);
  const load = async (si: number, positions: number[]): Promise<void> => {
    const sd = await loadStoredDocs(segments[si] as SegmentReader, positions.map((i) => (hits[i] as ScoredDoc).doc));
    for (let k = 0; k < positions.length; k++) loaded[positions[k] as number] = sd[k] as StoredDocument;
  };
  await allAtOnce([...bySeg], ([si, positions]) => load(si, positions));
  const out: Array<Record<string, unknown>> = [];
  // up to 10,000 hits, each maybe running script fields: hand the event loop back between them
  const paced = new Pacer(undefined, o.cancelled).loop();
  let left = paced.budget;
  for (let i = 0; i < hits.length; i++) {
    if (--left === 0) left = await paced.pause();
    const h = hits[i] as ScoredDoc;
    out.push(await renderHit(segments[h.seg] as SegmentReader, h, loaded[i] as StoredDocument, o));
  }
  return out;
}

async function renderHit(seg: SegmentReader, h: ScoredDoc, doc: StoredDocument, o: FetchOptions): Promise<Record<string, unknown>> {
  const hit: Record<string, unknown> = {};
  if (o.explain) {
    hit._shard = `[${o.index}][${o.shardId}]`;
    hit._node = o.nodeId;
  }
  if (!o.omitIndex) hit._index = o.index;
  const none = o.storedFields === '_none_';
  if (!none) {
    hit._type = doc.type;
    hit._id = doc.id;
  }
  // a nested doc (top_hits under a nested aggregation): its identity, and its object as _source
  const nested = nestedReaderOf(seg)?.nestedPath(h.doc) !== undefined ? nestedIdentity(seg, h.doc) : undefined;
  if (nested) hit._nested = nested.identity;
  if (o.version) hit._version = doc.version;
  hit._score = o.scores && !Number.isNaN(h.score) ? new JsonFloat(h.score) : null;
  if (!none) {
    if (doc.routing !== undefined) hit._routing = doc.routing;
    if (doc.parent !== undefined) hit._parent = doc.parent;
  }
  const stored = o.storedFields === '_none_' ? undefined : o.storedFields;
  // ES 5.6 FetchPhase: without stored_fields, the source is returned unless script fields were asked for
  const fetchSource = o.source !== undefined ? o.source !== false : stored === undefined && (o.scriptFields?.length ?? 0) === 0;
  if (fetchSource && doc.source && !none && nested) {
    const obj = nestedSource(JSON.parse(doc.source.toString('utf8')), nested.chain);
    if (obj && typeof obj === 'object' && !Array.isArray(obj)) hit._source = o.source === undefined || o.source === true ? obj : filterSourceObject(obj as Record<string, unknown>, o.source);
  } else if (fetchSource && doc.source && !none) {
    if (o.source === undefined || o.source === true) hit._source = new RawJson(doc.source.toString('utf8'));
    else hit._source = filterSourceObject(JSON.parse(doc.source.toString('utf8')) as Record<string, unknown>, o.source);
  }
  const fields: Record<string, unknown[]> = dict(); // field names are user input
  if (stored && stored.length > 0) {
    for (const pattern of stored) {
      if (pattern === '_source' || pattern === '_id' || pattern === '_type' || pattern === '_uid') continue;
      if (!pattern.includes('*') && o.fields.isObject(pattern)) {
        throw new EsError('illegal_argument_exception', 400, `field [${pattern}] isn't a leaf field`);
      }
    }
    for (const [name, values] of Object.entries(doc.stored)) {
      if (stored.some((p) => simpleMatch(p, name))) fields[name] = values;
    }
  }
  // (only asked when the request has doc value or script fields: a call and a promise per hit otherwise)
  if (o.docvalueFields.length > 0 || (o.scriptFields !== undefined && o.scriptFields.length > 0)) {
    await valueFields(seg, h.doc, h.score, () => (doc.source ? JSON.parse(doc.source.toString('utf8')) : null), o, fields);
  }
  if (Object.keys(fields).length > 0) hit.fields = fields;
  if (o.highlight) {
    const source: unknown = doc.source ? JSON.parse(doc.source.toString('utf8')) : undefined;
    const found = await highlightHit(o.highlight.spec, { source, stored: doc.stored }, o.highlight.context);
    const perc = o.highlight.context.percolate;
    const percParts = perc ? await perc.partsOf(seg, h.doc) : undefined;
    if (perc && percParts) {
      // the percolated document, highlighted with this hit's stored query
      const main = o.highlight.context;
      for (const [name, frags] of await highlightHit(o.highlight.spec, { source: perc.source, stored: {} }, { ...main, partsFor: (q) => (q ? main.partsFor(q) : percParts) })) found.set(name, frags);
    }
    if (found.size > 0) {
      const hl: Record<string, string[]> = dict(); // field names are user input
      for (const [name, frags] of found) hl[name] = frags;
      hit.highlight = hl;
    }
  }
  if (o.sorts && h.sortValues) {
    const sorts = o.sorts;
    hit.sort = h.sortValues.map((v, i) => {
      const s = sorts[i];
      if (s?.kind === 'score') return new JsonFloat(v as number);
      return s ? s.render(v) : v;
    });
  }
  if (o.explain && o.weight) {
    const e = await o.weight.explain(seg, h.doc);
    hit._explanation = explanationToJson(e);
  }
  if (o.innerHits) {
    const inner = await o.innerHits(seg, h.doc, doc);
    if (inner) hit.inner_hits = inner;
  }
  return hit;
}

/**
 * `docvalue_fields` and `script_fields` of one doc into `fields` (top-level hits and inner hits):
 * doc values read at `doc` (a nested doc reads its own), scripts see `source()` as `_source`.
 */
export async function valueFields(
  seg: SegmentReader,
  doc: number,
  score: number,
  source: () => unknown,
  o: Pick<FetchOptions, 'docvalueFields' | 'scriptFields' | 'fields'>,
  fields: Record<string, unknown[]>,
): Promise<void> {
  for (const f of o.docvalueFields) {
    const ft = o.fields.get(f);
    if (ft && (ft.type === 'text' || (ft.type === 'string' && ft.raw['index'] !== 'not_analyzed')) && ft.raw['fielddata'] !== true) {
      throw new EsError(
        'illegal_argument_exception',
        400,
        `Fielddata is disabled on text fields by default. Set fielddata=true on [${f}] in order to load fielddata in memory by uninverting the inverted index. Note that this can however use significant memory.`,
      );
    }
    const nums = seg.numericValues(f, doc);
    if (nums.length > 0) {
      fields[f] = [...nums];
      continue;
    }
    const strs = seg.stringValues(f, doc);
    if (strs.length > 0) fields[f] = ft?.type === 'ip' ? strs.map((s) => (/^[0-9a-f]{32}$/.test(s) ? decodeIp(s) : s)) : [...strs];
  }
  for (const sf of o.scriptFields ?? []) {
    // ES 5.6 ScriptFieldsFetchSubPhase: params._source is the hit's source; a collection is the value list
    const src = source();
    sf.script.params.set('_source', src === null || src === undefined ? null : toScript(src));
    let v: unknown;
    try {
      const raw = sf.script.bind(seg)(doc, score);
      // expressions always yield doubles (ES renders 42.0); painless values keep their Java kind
      v = sf.script.lang === 'expression' && typeof raw === 'number' ? toHost(boxDouble(raw), true) : toHost(raw, true);
    } catch (e) {
      if (sf.ignoreFailure) continue;
      throw e;
    }
    fields[sf.name] = Array.isArray(v) ? v : [v];
  }
}
