/**
 * Nested sorts (`nested_path`, `nested_filter`; ES 5.6 `SortBuilder.resolveNested` and the
 * nested `MultiValueMode.select`): a root doc's sort value is picked from the values of its
 * nested docs under the path (those matching the filter), read in the doc's block.
 */
import type { SortSpec } from '../dsl/sort-spec.js';
import type { SegmentReader } from '../shard/segment-reader.js';
import { levelBits, prevInLevel } from './block-join.js';
import { queryShardError, type CompileContext } from './compile-context.js';
import { compileQuery } from './compile-query.js';
import { checkNestedPath } from './compile-nested.js';
import { NO_MORE_DOCS } from './scorer.js';

/** The nested docs that give a root doc its sort values. */
export interface NestedSortDocs {
  /** Per segment: the child docs of a root doc, ascending. */
  childrenOf(seg: SegmentReader): (doc: number) => number[];
}

/**
 * The nested docs of a sort with `nested_path` (undefined without one: ES ignores a
 * `nested_filter` given alone). The filter is run on every segment now, so binding stays synchronous.
 */
export async function nestedSortDocs(ctx: CompileContext, spec: SortSpec, segments: readonly SegmentReader[]): Promise<NestedSortDocs | undefined> {
  const path = spec.nestedPath;
  if (path === undefined) return undefined;
  let kind: 'nested' | 'unmapped';
  try {
    kind = checkNestedPath(ctx.fields, path);
  } catch (e) {
    throw queryShardError(ctx, (e as Error).message);
  }
  if (kind === 'unmapped') throw queryShardError(ctx, `[nested] failed to find nested object under path [${path}]`);
  const filtered = new Map<SegmentReader, Uint8Array>();
  if (spec.nestedFilter) {
    const w = await compileQuery(ctx, spec.nestedFilter, { boost: 1, filter: true, segments, nestedPath: path });
    for (const seg of segments) {
      const bits = new Uint8Array(seg.maxDoc);
      const s = await w.scorer(seg);
      if (s) for (let d = s.nextDoc(); d !== NO_MORE_DOCS; d = s.nextDoc()) bits[d] = 1;
      filtered.set(seg, bits);
    }
  }
  const memo = new Map<SegmentReader, Map<string, Uint8Array>>();
  return {
    childrenOf(seg) {
      const parents = levelBits(seg, undefined, memo);
      const children = levelBits(seg, path, memo);
      const filter = spec.nestedFilter ? filtered.get(seg) : undefined;
      return (doc) => {
        const out: number[] = [];
        for (let c = prevInLevel(parents, doc - 1) + 1; c < doc; c++) {
          if (children[c] === 1 && (!filter || filter[c] === 1)) out.push(c);
        }
        return out;
      };
    },
  };
}
