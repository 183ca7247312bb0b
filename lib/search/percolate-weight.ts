/**
 * The `percolate` query on a shard (ES 5.6 `PercolateQueryBuilder.doToQuery` and
 * `PercolateQuery`): the document is parsed with the index's mapping of `document_type` (dynamic
 * fields included, the mapping left unchanged) into a one-document memory segment
 * (lib/shard/memory-segment.ts). Candidates are the stored queries whose extracted terms
 * (lib/search/percolator-extract.ts, indexed with the query) the document contains, those whose
 * extraction failed, and those indexed without an extraction (ES's `createCandidateQuery`);
 * only candidates have their query compiled against the memory segment, and match when it
 * matches the percolated root document (its nested documents only through `nested` queries, as
 * ES's multi-document searcher excludes them). Without scores (filter context) a `complete`
 * candidate matches unverified when the document has no nested documents, as ES's
 * `verifiedMatchesQuery` does. The score is the stored query's score there, as ES takes
 * `percolatorIndexSearcher.search(query, 1)`'s top score; the query's boost does not change it
 * (PercolateQuery ignores normalization).
 */
import type { PercolateQuery } from '../dsl/query-types.js';
import { parseQuery } from '../dsl/parse-query.js';
import { EsError } from '../errors/errors.js';
import { percolatorExtractedTermsField, percolatorExtractionResultField, percolatorQueryField } from '../mapping/percolator-value.js';
import { memorySegment } from '../shard/memory-segment.js';
import type { SegmentReader, StrataSegmentReader } from '../shard/segment-reader.js';
import { fieldOf, queryShardError, type CompileContext } from './compile-context.js';
import { explMatch, explNoMatch, type Explanation } from './explanation.js';
import { Pacer, type PacedLoop } from './pacer.js';
import { ScoredListScorer, type Scorer } from './scorer.js';
import { SegmentsStats, type Weight } from './weight.js';
import { docsOfTerms } from './term-expansion.js';
import { unionDocLists } from './scorer.js';

/** The values of `<field>.extraction_result` (lib/search/percolator-extract.ts). */
const EXTRACTION_RESULTS = ['complete', 'failed', 'partial'];

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

/**
 * Compile a `percolate` query for one shard (`scoring`: false in filter context). A context's
 * compilations are kept on it (`percolateWeights`), so the highlighter's reuses the search's.
 */
export function compilePercolate(ctx: CompileContext, q: PercolateQuery, compileStored: CompileStored, scoring: boolean): Promise<Weight> {
  const cache = ctx.percolateWeights;
  const hit = cache?.get(q);
  // the memory segment and the stored queries compiled against it are shared; the pacing and
  // the scoring are this compilation's
  if (hit) return hit.then((w) => w.withRun(ctx.pacer, scoring));
  const w = compileNew(ctx, q, compileStored, scoring);
  cache?.set(q, w);
  return w;
}

async function compileNew(ctx: CompileContext, q: PercolateQuery, compileStored: CompileStored, scoring: boolean): Promise<PercolateWeight> {
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
  return new PercolateWeight(q.field, document, mem, (json) => compileStored(memCtx, parseQuery(JSON.parse(json)), [mem]), ctx.pacer, scoring);
}

/** The values of a string doc values column (one per stored query); undefined without a column. */
function valueCount(seg: SegmentReader, field: string): number | undefined {
  const col = (seg as Partial<StrataSegmentReader>).docValuesColumn?.(field);
  if (!col) return undefined;
  return col.kind === 'string' ? (col.start[seg.maxDoc] as number) - (col.start[0] as number) : 0;
}

/** Docs of a segment with a value in a string doc values field and not in `except` (ascending), paced. */
async function docsWithValueExcept(seg: SegmentReader, field: string, except: Int32Array, paced: PacedLoop): Promise<Int32Array> {
  const col = (seg as Partial<StrataSegmentReader>).docValuesColumn?.(field);
  const out: number[] = [];
  if (col && col.kind !== 'string') return new Int32Array(0);
  let budget = paced.budget;
  let e = 0;
  for (let d = 0; d < seg.maxDoc; d++) {
    if (--budget <= 0 && (budget = await paced.pause()) < 0) break;
    while (e < except.length && (except[e] as number) < d) e++;
    if (except[e] === d) continue;
    if (col ? (col.start[d] as number) < (col.start[d + 1] as number) : seg.stringValues(field, d).length > 0) out.push(d);
  }
  return Int32Array.from(out);
}

/** A compiled `percolate` query (exported for the highlighter, lib/search/highlight/prepare.ts). */
export class PercolateWeight implements Weight {
  readonly description: string;
  /** Stored queries compiled against the memory segment, by their JSON (identical queries compile once). */
  private compiled = new Map<string, Promise<Weight>>();
  private readonly queryField: string;

  constructor(
    private readonly field: string,
    /** The percolated document's JSON (its `_source`). */
    readonly document: unknown,
    private readonly mem: StrataSegmentReader,
    private readonly compile: (json: string) => Promise<Weight>,
    private readonly pacer: Pacer | undefined,
    /** False in filter context: `complete` candidates need no verification. */
    private readonly scoring = true,
  ) {
    this.queryField = percolatorQueryField(field);
    this.termsField = percolatorExtractedTermsField(field);
    this.resultField = percolatorExtractionResultField(field);
    this.description = `PercolateQuery{field=${field}}`;
  }

  /** This weight for another run (pacing, scoring), sharing the memory segment and compiled queries. */
  withRun(pacer: Pacer | undefined, scoring: boolean): PercolateWeight {
    const w = new PercolateWeight(this.field, this.document, this.mem, this.compile, pacer, scoring);
    w.compiled = this.compiled;
    return w;
  }

  private readonly termsField: string;
  private readonly resultField: string;
  /** The document's terms as extraction keys (`field\0term`), built on first use. */
  private docKeys: string[] | undefined;

  private keysOfDocument(): string[] {
    if (this.docKeys) return this.docKeys;
    const keys: string[] = [];
    for (const f of this.mem.fields()) for (const t of this.mem.terms(f)) keys.push(`${f}\u0000${t}`);
    return (this.docKeys = keys.sort());
  }

  /**
   * The docs of `seg` whose stored query may match (ES `createCandidateQuery`): an extracted
   * term in the document, a failed extraction, or no extraction at all (queries indexed
   * before extractions were); ascending. The smaller side is looked up in the other (a probe
   * of the segment's term dictionary per document term, or the document's terms per
   * extracted term), paced: with many stored queries or a large document either side is long.
   */
  private async candidates(seg: SegmentReader, pacer: Pacer): Promise<Int32Array> {
    const keys = this.keysOfDocument();
    const indexed = seg.terms(this.termsField);
    const hits: string[] = [];
    const paced = pacer.loop();
    let budget = paced.budget;
    if (keys.length <= indexed.length) {
      for (const k of keys) {
        if (--budget <= 0 && (budget = await paced.pause()) < 0) break;
        if (seg.docFreq(this.termsField, k) > 0) hits.push(k);
      }
    } else {
      const want = new Set(keys);
      for (const k of indexed) {
        if (--budget <= 0 && (budget = await paced.pause()) < 0) break;
        if (want.has(k)) hits.push(k);
      }
    }
    const lists = [await docsOfTerms(seg, this.termsField, hits), await docsOfTerms(seg, this.resultField, ['failed'])];
    // every query indexed with an extraction has exactly one result term: when they account for
    // every stored query (counted from the doc values column) no doc needs looking at
    const extractedCount = EXTRACTION_RESULTS.reduce((n, t) => n + seg.docFreq(this.resultField, t), 0);
    const stored = valueCount(seg, this.queryField);
    if (stored === undefined || stored > extractedCount) {
      const extracted = await docsOfTerms(seg, this.resultField, EXTRACTION_RESULTS);
      lists.push(await docsWithValueExcept(seg, this.queryField, extracted, pacer.loop()));
    }
    return unionDocLists(lists, seg.maxDoc);
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
    const pacer = this.pacer ?? new Pacer();
    const candidates = await this.candidates(seg, pacer);
    const paced = pacer.loop();
    let budget = paced.budget;
    // ES skips the verification only for a one-document memory index (no nested documents);
    // both lists ascend, so one cursor walks the complete ones beside the candidates
    const complete = !this.scoring && this.mem.maxDoc === 1 ? await docsOfTerms(seg, this.resultField, ['complete']) : undefined;
    let c = 0;
    for (const d of candidates) {
      if (--budget <= 0 && (budget = await paced.pause()) < 0) break;
      if (!seg.isLive(d)) continue;
      if (complete) {
        while (c < complete.length && (complete[c] as number) < d) c++;
        if (complete[c] === d) {
          docs.push(d);
          scores.push(0);
          continue;
        }
      }
      const json = seg.stringValues(this.queryField, d)[0];
      if (json === undefined) continue;
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
