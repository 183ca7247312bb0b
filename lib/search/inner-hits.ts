/**
 * `inner_hits` of `nested` queries (and, through join-inner-hits.ts, of `has_child` and
 * `has_parent`), computed per hit in the fetch phase (ES 5.6
 * `InnerHitsFetchSubPhase` with `InnerHitsContext.NestedInnerHits`): for each hit, the nested
 * docs of the path inside the hit's block that the nested query's inner query matches, sorted
 * (score, or the inner hits' `sort`), paged (`from`, `size` default 3) and rendered as
 * `SearchHit`s with `_nested: {field, offset[, _nested]}` and the nested object as `_source`.
 * A nested query with inner hits inside another one renders inside each of its inner hits.
 */
import type { Query } from '../dsl/query-types.js';
import type { InnerHits } from '../dsl/inner-hits.js';
import { EsError, notBuiltYet } from '../errors/errors.js';
import { BooleanWeight } from './boolean-weight.js';
import { typeWeight } from './meta-fields.js';
import { joinHits, type JoinEnv, type JoinInnerHits } from './join-inner-hits.js';
import { filterSourceObject } from '../mapping/source-filter.js';
import type { SegmentReader } from '../shard/segment-reader.js';
import type { StoredDocument } from '../shard/types.js';
import { JsonFloat } from '../units/java-number.js';
import { nestedReaderOf } from './block-join.js';
import { nestedIdentity, nestedSource } from './nested-identity.js';
import type { CompileContext } from './compile-context.js';
import { compileQuery } from './compile-query.js';
import { explanationToJson } from './explanation.js';
import { valueFields } from './fetch.js';
import { compileScriptFields } from './search-script.js';
import { nestedSortDocs } from './nested-sort.js';
import { compareSortValues, compileSort, type CompiledSort, type SortValue } from './sort-values.js';
import { isScoreSort } from '../dsl/sort-spec.js';
import { dict } from '../dict.js';
import type { Weight } from './weight.js';
import { NO_MORE_DOCS } from './scorer.js';

/** One `inner_hits` definition found in the query, with those nested below it. */
export interface InnerHitSpec {
  name: string;
  kind: 'nested' | 'has_child' | 'has_parent';
  /** `nested`: nested path of the inner hits' docs; `has_child`: the child type; `has_parent`: the parent type. */
  path: string;
  /** The join query's inner query. */
  query: Query;
  opts: InnerHits;
  children: InnerHitSpec[];
}

/**
 * The inner hits a query asks for (ES `InnerHitBuilder.extractInnerHits`): names default to the
 * nested path, child type or parent type, and must be unique per level.
 */
export function collectInnerHits(q: Query | undefined): InnerHitSpec[] {
  const out: InnerHitSpec[] = [];
  if (q) walk(q, out);
  return out;
}

function walk(node: unknown, out: InnerHitSpec[]): void {
  if (Array.isArray(node)) {
    for (const x of node) walk(x, out);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const q = node as Record<string, unknown>;
  const kind = q['kind'];
  if ((kind === 'nested' || kind === 'has_child' || kind === 'has_parent') && q['innerHits']) {
    const jq = q as unknown as Extract<Query, { kind: 'nested' | 'has_child' | 'has_parent' }>;
    const opts = jq.innerHits as InnerHits;
    const path = jq.kind === 'nested' ? jq.path : jq.kind === 'has_child' ? jq.childType : jq.parentType;
    const name = opts.name ?? path;
    if (out.some((s) => s.name === name)) throw new EsError('illegal_argument_exception', 400, `[inner_hits] already contains an entry for key [${name}]`);
    const spec: InnerHitSpec = { name, kind: jq.kind, path, query: jq.query, opts, children: [] };
    out.push(spec);
    walk(jq.query, spec.children);
    if (spec.kind !== 'nested' && spec.children.length > 0) throw notBuiltYet(`inner_hits inside the inner hits of [${spec.kind}]`);
    return;
  }
  // (keys, not entries: every fetch phase walks its query here)
  for (const k of Object.keys(q)) if (k !== 'innerHits') walk(q[k], out);
}

/** A spec compiled for one shard: the inner weight, sorts and script fields. */
interface CompiledSpec {
  spec: InnerHitSpec;
  weight: Weight;
  sorts?: CompiledSort[];
  scriptFields?: ReturnType<typeof compileScriptFields>;
  children: CompiledSpec[];
  /** Parent/child inner hits. */
  join?: JoinInnerHits;
}

async function compileSpec(ctx: CompileContext, segments: readonly SegmentReader[], spec: InnerHitSpec): Promise<CompiledSpec> {
  const o = spec.opts;
  const nested = spec.kind === 'nested';
  let weight = await compileQuery(ctx, spec.query, { boost: 1, filter: false, segments, ...(nested ? { nestedPath: spec.path } : {}) });
  const sorts = o.sort && !isScoreSort(o.sort) ? await Promise.all(o.sort.map(async (s) => compileSort(ctx, s, await nestedSortDocs(ctx, s, segments)))) : undefined;
  const scriptFields = o.scriptFields ? compileScriptFields(ctx, Object.fromEntries(o.scriptFields.map((f) => [f.name, f]))) : undefined;
  let join: JoinInnerHits | undefined;
  if (spec.kind !== 'nested') {
    // the query compiled already, so the types exist and are related
    const parentType = spec.kind === 'has_child' ? (ctx.fields.parentTypeOf(spec.path) as string) : spec.path;
    const types = [spec.path]; // the inner hits' docs: the child type, or the parent type
    weight = new BooleanWeight([{ occur: 'must', weight }, { occur: 'filter', weight: typeWeight(types, 1) }], 0, false);
    join = { side: spec.kind === 'has_child' ? 'children' : 'parent', types: new Set(types), parentType, weight, opts: o, ...(sorts ? { sorts } : {}), ...(scriptFields ? { scriptFields } : {}) };
  }
  return {
    spec,
    weight,
    ...(sorts ? { sorts } : {}),
    ...(scriptFields ? { scriptFields } : {}),
    ...(join ? { join } : {}),
    children: await Promise.all(spec.children.map((c) => compileSpec(ctx, segments, c))),
  };
}

/** What rendering an inner hit needs besides its spec. */
interface RenderEnv {
  ctx: CompileContext;
  index: string;
  shardId: number;
  nodeId: string;
}

/**
 * The fetch phase's `inner_hits` hook for a query's specs, or undefined when it asks for none.
 * Specs are compiled once; each hit's inner hits are searched inside its block.
 */
export async function innerHitsFetcher(
  env: RenderEnv,
  segments: readonly SegmentReader[],
  query: Query | undefined,
): Promise<((seg: SegmentReader, doc: number, stored: StoredDocument) => Promise<Record<string, unknown> | undefined>) | undefined> {
  const specs = collectInnerHits(query);
  if (specs.length === 0) return undefined;
  const compiled = await Promise.all(specs.map((s) => compileSpec(env.ctx, segments, s)));
  const joinEnv: JoinEnv = { ...env, segments };
  return async (seg, doc, stored) => {
    let source: unknown;
    const rootSource = (): unknown => {
      if (source === undefined) source = stored.source ? JSON.parse(stored.source.toString('utf8')) : null;
      return source;
    };
    return renderLevel(env, compiled, seg, doc, undefined, stored, rootSource, joinEnv);
  };
}

async function renderLevel(
  env: RenderEnv,
  specs: readonly CompiledSpec[],
  seg: SegmentReader,
  parent: number,
  parentPath: string | undefined,
  stored: StoredDocument,
  rootSource: () => unknown,
  joinEnv?: JoinEnv,
): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = dict();
  for (const c of specs) {
    if (c.join) out[c.spec.name] = joinEnv ? await joinHits(joinEnv, c.join, seg, parent, stored) : { hits: { total: 0, max_score: null, hits: [] } };
    else out[c.spec.name] = await nestedHits(env, c, seg, parent, parentPath, stored, rootSource);
  }
  return out;
}

interface Match {
  doc: number;
  score: number;
  sortValues?: SortValue[];
}

/** The first doc of `parent`'s block of descendants (nested docs under `parentPath`, or all for a root). */
function blockStart(seg: SegmentReader, parent: number, parentPath: string | undefined): number {
  const r = nestedReaderOf(seg);
  if (!r) return parent;
  let d = parent - 1;
  for (; d >= 0; d--) {
    const p = r.nestedPath(d);
    if (p === undefined) break;
    if (parentPath !== undefined && !p.startsWith(parentPath + '.')) break;
  }
  return d + 1;
}

async function nestedHits(
  env: RenderEnv,
  c: CompiledSpec,
  seg: SegmentReader,
  parent: number,
  parentPath: string | undefined,
  stored: StoredDocument,
  rootSource: () => unknown,
): Promise<Record<string, unknown>> {
  const r = nestedReaderOf(seg);
  const o = c.spec.opts;
  const matches: Match[] = [];
  const scorer = r ? await c.weight.scorer(seg) : null;
  const start = blockStart(seg, parent, parentPath);
  if (scorer && r && start < parent) {
    const bound = c.sorts?.map((s) => s.bind(seg, 0));
    for (let d = scorer.advance(start); d !== NO_MORE_DOCS && d < parent; d = scorer.nextDoc()) {
      if (r.nestedPath(d) !== c.spec.path) continue;
      const score = scorer.score();
      matches.push({ doc: d, score, ...(bound ? { sortValues: bound.map((fn) => fn(d, score)) } : {}) });
    }
  }
  const sorts = c.sorts;
  if (sorts) {
    matches.sort((a, b) => {
      for (let i = 0; i < sorts.length; i++) {
        const x = compareSortValues(sorts[i] as CompiledSort, (a.sortValues as SortValue[])[i] as SortValue, (b.sortValues as SortValue[])[i] as SortValue);
        if (x !== 0) return x;
      }
      return a.doc - b.doc;
    });
  } else matches.sort((a, b) => b.score - a.score || a.doc - b.doc);
  const scored = !sorts || o.trackScores;
  let maxScore = NaN;
  if (scored) for (const m of matches) if (!(m.score <= maxScore)) maxScore = m.score;
  const page = matches.slice(o.from, o.from + o.size);
  const hits: Array<Record<string, unknown>> = [];
  for (const m of page) hits.push(await renderNestedHit(env, c, seg, m, scored, stored, rootSource));
  return { hits: { total: matches.length, max_score: Number.isNaN(maxScore) ? null : new JsonFloat(maxScore), hits } };
}

async function renderNestedHit(
  env: RenderEnv,
  c: CompiledSpec,
  seg: SegmentReader,
  m: Match,
  scored: boolean,
  stored: StoredDocument,
  rootSource: () => unknown,
): Promise<Record<string, unknown>> {
  const o = c.spec.opts;
  const hit: Record<string, unknown> = {};
  if (o.explain) {
    hit._shard = `[${env.index}][${env.shardId}]`;
    hit._node = env.nodeId;
  }
  const { identity, chain } = nestedIdentity(seg, m.doc);
  hit._nested = identity;
  if (o.version) hit._version = stored.version;
  hit._score = scored && !Number.isNaN(m.score) ? new JsonFloat(m.score) : null;
  const src = (): unknown => nestedSource(rootSource(), chain);
  const fetchSource = o.source !== undefined ? o.source !== false : (o.scriptFields?.length ?? 0) === 0;
  if (fetchSource && stored.source) {
    const obj = src();
    if (obj && typeof obj === 'object' && !Array.isArray(obj)) hit._source = o.source === undefined || o.source === true ? obj : filterSourceObject(obj as Record<string, unknown>, o.source);
  }
  const fields: Record<string, unknown[]> = dict();
  await valueFields(seg, m.doc, m.score, src, { docvalueFields: o.docvalueFields, fields: env.ctx.fields, ...(c.scriptFields ? { scriptFields: c.scriptFields } : {}) }, fields);
  if (Object.keys(fields).length > 0) hit.fields = fields;
  if (c.sorts && m.sortValues) {
    const sorts = c.sorts;
    hit.sort = m.sortValues.map((v, i) => (sorts[i] as CompiledSort).render(v));
  }
  if (o.explain) hit._explanation = explanationToJson(await c.weight.explain(seg, m.doc));
  if (c.children.length > 0) hit.inner_hits = await renderLevel(env, c.children, seg, m.doc, c.spec.path, stored, rootSource);
  return hit;
}
