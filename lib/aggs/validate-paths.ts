/**
 * Shard-side checks of the paths an aggregation level refers to, made when its aggregators are
 * built, as ES 5.6 does in `AggregatorFactories.Builder.build` (pipeline `buckets_path`
 * resolution) and the terms aggregator's constructor (`AggregationPath.validate` of an order).
 * Failing here makes the request fail per shard with ES's error instead of at reduce time, and
 * whether the shard has buckets to compare no longer decides if the error shows.
 */
import { EsError } from '../errors/errors.js';
import { isPipeline } from './pipeline.js';
import type { AggSpec } from './types.js';
import { validateOrderPath } from './aggregation-path.js';

/** The first aggregation name of a path (`a>b.c` → `a`, `a.max` → `a`, `a[k]` → `a`). */
function firstName(path: string): string {
  const m = /[>.[]/.exec(path);
  return m ? path.slice(0, m.index) : path;
}

/**
 * Check the `buckets_path` of every pipeline of one level against the level's aggregations.
 * @throws illegal_argument_exception `No aggregation found for path [x]` (400, as ES 5.6)
 */
export function validatePipelinePaths(specs: readonly AggSpec[]): void {
  for (const s of specs) {
    if (!isPipeline(s)) continue;
    for (const path of s.bucketsPaths ? s.bucketsPaths.map((p) => p[1]) : [s.bucketsPath]) {
      if (path === '_count' || path === '_key') continue;
      const head = firstName(path);
      if (!specs.some((o) => o.name === head)) throw new EsError('illegal_argument_exception', 400, `No aggregation found for path [${path}]`);
    }
  }
}

/**
 * Check a terms order by sub-aggregation as ES's `AggregationPath.validate` does.
 * @throws aggregation_execution_exception (500: ES 5.6 gives the exception no status of its own)
 */
export function validateOrderPaths(spec: AggSpec, orderPaths: readonly string[]): void {
  for (const path of orderPaths) validateOrderPath(spec, path);
}
