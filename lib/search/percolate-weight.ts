/**
 * The `percolate` query on a shard (ES 5.6 `PercolateQueryBuilder.doToQuery` and
 * `PercolateQuery`): the document is parsed with the index's mapping of `document_type` (dynamic
 * fields included, the mapping left unchanged) into a one-document memory segment
 * (lib/shard/memory-segment.ts); every document of the shard holding a query in the percolator
 * field has that query compiled against the memory segment, and matches when the query matches
 * the percolated root document (its nested documents only through `nested` queries, as ES's
 * multi-document searcher excludes them). The score is the stored query's score there, as ES
 * takes `percolatorIndexSearcher.search(query, 1)`'s top score; the query's boost does not change
 * it (PercolateQuery ignores normalization).
 */
import type { PercolateQuery } from '../dsl/query-types.js';
import { parseQuery } from '../dsl/parse-query.js';
import { EsError } from '../errors/errors.js';
import { percolatorQueryField } from '../mapping/percolator-value.js';
import { memorySegment } from '../shard/memory-segment.js';
import type { SegmentReader, StrataSegmentReader } from '../shard/segment-reader.js';
import { fieldOf, queryShardError, type CompileContext } from './compile-context.js';
import { explMatch, explNoMatch, type Explanation } from './explanation.js';
import { Pacer } from './pacer.js';
import { ScoredListScorer, type Scorer } from './scorer.js';
import { SegmentsStats, type Weight } from './weight.js';

/** Compiles a stored query against the memory segment (compile-query.ts's `compileQuery`, passed in to avoid an import cycle). */
export type CompileStored = (ctx: CompileContext, q: ReturnType<typeof parseQuery>, segments: readonly SegmentReader[]) => Promise<Weight>;

/**
 * A failure of the stored-document get. ES 5.6 gets the document while rewriting the request,
 * before any query is built, so the failure reaches the response as itself (a 404 or a 409), not
 * wrapped as `failed to create query` (compile-query.ts lets it through).
 */
export class RewriteFailure extends EsError {
  constructor(e: EsError) {
    super(e.type, e.status, e.reason, { metadata: e.metadata, ...(e.causedBy ? { causedBy: e.causedBy } : {}) });
  }
}

/** Compile a `percolate` query for one shard. */
export async function compilePercolate(ctx: CompileContext, q: PercolateQuery, compileStored: CompileStored): Promise<Weight> {
  let document: unknown = q.document;
  if (q.indexed) {
    const d = q.indexed;
    const source = ctx.getSource
      ? await ctx.getSource(d.index, d.type, d.id, d.routing).catch((e: unknown) => {
          throw e instanceof EsError ? new RewriteFailure(e) : e;
        })
      : null;
    if (source === null) throw new RewriteFailure(new EsError('resource_not_found_exception', 404, `indexed document [${d.index}/${d.type}/${d.id}] couldn't be found`));
    document = source;
  }
  if (!ctx.parseDocument) throw new EsError('illegal_state_exception', 500, 'no document parser to percolate with');
  const parsed = ctx.parseDocument(q.documentType, Buffer.from(JSON.stringify(document)));
  const f = fieldOf(ctx, q.field);
  if (!f) throw queryShardError(ctx, `field [${q.field}] does not exist`);
  if (f.type !== 'percolator') throw queryShardError(ctx, `expected field [${q.field}] to be of type [percolator], but is of type [${f.type}]`);
  const mem = memorySegment(parsed);
  const memCtx: CompileContext = { ...ctx, stats: new SegmentsStats([mem]) };
  return new PercolateWeight(q.field, document, mem, (json) => compileStored(memCtx, parseQuery(JSON.parse(json)), [mem]), ctx.pacer);
}

/** Docs of a segment with a value in a string doc values field, ascending. */
function docsWithValue(seg: SegmentReader, field: string): number[] {
  const col = (seg as Partial<StrataSegmentReader>).docValuesColumn?.(field);
  const out: number[] = [];
  if (col) {
    if (col.kind !== 'string') return out;
    for (let d = 0; d < seg.maxDoc; d++) if ((col.start[d] as number) < (col.start[d + 1] as number)) out.push(d);
    return out;
  }
  for (let d = 0; d < seg.maxDoc; d++) if (seg.stringValues(field, d).length > 0) out.push(d);
  return out;
}

/** A compiled `percolate` query (exported for the highlighter, lib/search/highlight/prepare.ts). */
export class PercolateWeight implements Weight {
  readonly description: string;
  /** Stored queries compiled against the memory segment, by their JSON (identical queries compile once). */
  private readonly compiled = new Map<string, Promise<Weight>>();
  private readonly queryField: string;

  constructor(
    field: string,
    /** The percolated document's JSON (its `_source`). */
    readonly document: unknown,
    private readonly mem: StrataSegmentReader,
    private readonly compile: (json: string) => Promise<Weight>,
    private readonly pacer: Pacer | undefined,
  ) {
    this.queryField = percolatorQueryField(field);
    this.description = `PercolateQuery{field=${field}}`;
  }

  private weightOf(json: string): Promise<Weight> {
    let w = this.compiled.get(json);
    if (!w) this.compiled.set(json, (w = this.compile(json)));
    return w;
  }

  /** The stored query of a doc, compiled against the percolated document; undefined when the doc holds none. */
  async storedWeight(seg: SegmentReader, doc: number): Promise<Weight | undefined> {
    const json = seg.stringValues(this.queryField, doc)[0];
    return json === undefined ? undefined : this.weightOf(json);
  }

  /** The stored query's score on the percolated root document, or null when it does not match. */
  private async scoreOf(json: string): Promise<number | null> {
    const s = await (await this.weightOf(json)).scorer(this.mem);
    if (!s) return null;
    const root = this.mem.maxDoc - 1;
    return s.advance(root) === root ? s.score() : null;
  }

  async scorer(seg: SegmentReader): Promise<Scorer | null> {
    const docs: number[] = [];
    const scores: number[] = [];
    const paced = (this.pacer ?? new Pacer()).loop();
    let budget = paced.budget;
    for (const d of docsWithValue(seg, this.queryField)) {
      if (--budget <= 0 && (budget = await paced.pause()) < 0) break;
      if (!seg.isLive(d)) continue;
      const json = seg.stringValues(this.queryField, d)[0] as string;
      const score = await this.scoreOf(json);
      if (score === null) continue;
      docs.push(d);
      scores.push(score);
    }
    return docs.length > 0 ? new ScoredListScorer(Int32Array.from(docs), Float32Array.from(scores)) : null;
  }

  async explain(seg: SegmentReader, doc: number): Promise<Explanation> {
    const json = seg.stringValues(this.queryField, doc)[0];
    if (json === undefined) return explNoMatch('PercolateQuery');
    const score = await this.scoreOf(json);
    if (score === null) return explNoMatch('PercolateQuery');
    const detail = await (await this.weightOf(json)).explain(this.mem, this.mem.maxDoc - 1);
    return explMatch(score, 'PercolateQuery', [detail]);
  }
}
