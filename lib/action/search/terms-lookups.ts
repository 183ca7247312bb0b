/**
 * Terms lookups resolved on the coordinator: before a search, `_explain` or `_validate/query`
 * reaches the shards, every `terms` query with a lookup (in the query, post filter, aggregation
 * specs and alias filters) has its document fetched with a get, and the sources travel in the
 * request message (`LookupDocument`). ES 5.6 does the get while rewriting the query on the
 * shard; fetching it first gives the same answer and leaves the shard side no way back into the
 * coordinator. A failed get travels as the failure the shard then reports, as its rewrite would.
 */
import type { NodeContext } from '../context.js';
import type { LookupDocument } from '../../messages/shard-search.js';
import type { TermsLookup } from '../../dsl/queries/terms.js';
import { parseQuery } from '../../dsl/parse-query.js';
import { shardErrorOf } from '../../messages/shard-error.js';
import { getDocument, sourceObject } from '../document/get-document.js';
import { mltItemType, type MltItem } from '../../dsl/queries/more-like-this.js';
import type { PercolateIndexedDocument } from '../../dsl/queries/percolate.js';

/** A document to fetch: a terms lookup's, or one with the version (and copy preference) the request gives. */
type Lookup = TermsLookup & { version?: number; preference?: string };

/** Every terms lookup in parsed DSL trees (any depth: bool clauses, filter aggregations, ...). */
function collect(v: unknown, out: Lookup[]): void {
  if (Array.isArray(v)) {
    for (const x of v) collect(x, out);
    return;
  }
  if (v === null || typeof v !== 'object') return;
  const o = v as Record<string, unknown>;
  if (o['kind'] === 'terms' && o['lookup'] !== null && typeof o['lookup'] === 'object') out.push(o['lookup'] as TermsLookup);
  // more_like_this documents are fetched the same way (their type resolved in forIndex)
  if (o['kind'] === 'more_like_this') {
    for (const key of ['likeItems', 'unlikeItems']) {
      for (const item of (o[key] as MltItem[] | undefined) ?? []) {
        if (item.id !== undefined && item.doc === undefined) out.push({ ...(item.index !== undefined ? { index: item.index } : {}), type: item.type as string, id: item.id, path: '', ...(item.routing !== undefined ? { routing: item.routing } : {}) } as TermsLookup);
      }
    }
  }
  // a percolate query's stored document (PercolateQueryBuilder#doRewrite gets it, with its version)
  if (o['kind'] === 'percolate' && o['indexed'] !== null && typeof o['indexed'] === 'object') {
    const d = o['indexed'] as PercolateIndexedDocument;
    out.push({ index: d.index, type: d.type, id: d.id, path: '', ...(d.routing !== undefined ? { routing: d.routing } : {}), ...(d.version !== undefined ? { version: d.version } : {}), ...(d.preference !== undefined ? { preference: d.preference } : {}) });
  }
  // (own keys without building an entries array: this walk runs over every search's trees)
  for (const k of Object.keys(o)) {
    // a percolated document is data: its keys are the user's, not DSL
    if (k === 'document' && o['kind'] === 'percolate') continue;
    collect(o[k], out);
  }
}

/** The lookups of `trees` and of the raw alias filters (those the shard parses; a filter that does not parse is the shard's to report). */
function lookupsOf(trees: readonly unknown[], aliasFilters: ReadonlyArray<Record<string, unknown>> | undefined): Lookup[] {
  const out: Lookup[] = [];
  collect(trees, out);
  for (const f of aliasFilters ?? []) {
    try {
      collect(parseQuery(f), out);
    } catch {
      // the shard parses it again and fails the request with ES's error
    }
  }
  return out;
}

/** Fetches documents once per request, whichever index they are asked for. */
export class LookupFetcher {
  private readonly fetched = new Map<string, Promise<LookupDocument>>();

  constructor(private readonly ctx: NodeContext) {}

  /**
   * The documents the shards of `index` ask for; undefined (at once, not a promise: nearly
   * every search has none) when the trees hold no lookup.
   */
  forIndex(index: string, trees: readonly unknown[], aliasFilters?: ReadonlyArray<Record<string, unknown>>): Promise<LookupDocument[]> | undefined {
    const lookups = lookupsOf(trees, aliasFilters);
    if (lookups.length === 0) return undefined;
    const state = this.ctx.cluster.state();
    const fetches: Array<Promise<LookupDocument>> = [];
    for (const l of lookups) {
      const target = l.index ?? index;
      // an untyped more_like_this item: the index's only type (the shard reports an ambiguous one)
      const type = l.type ?? mltItemType({}, Object.keys(state.indices[target]?.mappings ?? {}).filter((t) => t !== '_default_'));
      if (type === undefined) continue;
      fetches.push(this.fetch({ index: target, type, id: l.id, ...(l.routing !== undefined ? { routing: l.routing } : {}) }, l.version, l.preference));
    }
    return Promise.all(fetches);
  }

  /** Get one document; `preference` picks the copy that reads it (a percolate query's, as ES 5.6's GetRequest carries it). */
  private fetch(key: Omit<LookupDocument, 'source' | 'failure'>, version: number | undefined, preference: string | undefined): Promise<LookupDocument> {
    const k = JSON.stringify([key.index, key.type, key.id, key.routing ?? null, version ?? null, preference ?? null]);
    let p = this.fetched.get(k);
    if (!p) {
      p = getDocument(this.ctx, { ...key, ...(version !== undefined ? { version } : {}), ...(preference !== undefined ? { preference } : {}) }).then(
        (r) => {
          const source = sourceObject(r);
          return source === null ? key : { ...key, source };
        },
        (err: unknown) => ({ ...key, failure: shardErrorOf(err) }),
      );
      this.fetched.set(k, p);
    }
    return p;
  }
}
