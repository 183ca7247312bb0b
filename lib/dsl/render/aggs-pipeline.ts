/**
 * Pipeline aggregations as ES 5.6 prints them: `AbstractPipelineAggregationBuilder.toXContent`
 * (`buckets_path` as an array, unless the type prints its own map) then the type's
 * `internalXContent`; `GapPolicy.getName()` is `skip` / `insert_zeros`.
 *
 * Rendered: every pipeline type Strata parses.
 */
import type { MovAvgModelSpec, PipelineSpec } from '../aggs/spec.js';
import { scriptNode } from './common.js';
import { javaHashSetOrder } from '../../units/java-hash.js';
import { jdouble, obj, type XNode, type XObject } from './xcontent.js';

/** Types printed by `BucketMetricsPipelineAggregationBuilder.internalXContent`: format, gap_policy, then their own body. */
const BUCKET_METRICS = new Set(['max_bucket', 'min_bucket', 'sum_bucket', 'avg_bucket', 'stats_bucket', 'extended_stats_bucket', 'percentiles_bucket']);

/** `MovAvgModel.toXContent`: `model`, and `settings` for the models that have any. */
function modelEntries(m: MovAvgModelSpec): Array<[string, XNode | undefined]> {
  let settings: XObject | undefined;
  if (m.name === 'ewma') settings = obj(['alpha', jdouble(m.alpha)]);
  else if (m.name === 'holt') settings = obj(['alpha', jdouble(m.alpha)], ['beta', jdouble(m.beta)]);
  else if (m.name === 'holt_winters') {
    settings = obj(
      ['alpha', jdouble(m.alpha)],
      ['beta', jdouble(m.beta)],
      ['gamma', jdouble(m.gamma)],
      ['period', m.period],
      ['pad', m.pad],
      ['type', m.multiplicative ? 'mult' : 'add'],
    );
  }
  return [
    ['model', m.name],
    ['settings', settings],
  ];
}

/** bucket_script / bucket_selector: `buckets_path` is the variable → path HashMap. */
function pathsMap(p: PipelineSpec): XObject {
  const pairs = new Map(p.bucketsPaths ?? [['_value', p.bucketsPath]]);
  const m: XObject = new Map();
  for (const k of javaHashSetOrder([...pairs.keys()])) m.set(k, pairs.get(k) as string);
  return m;
}

/** The `{type: {...}}` body of a pipeline aggregation. */
export function pipelineBody(p: PipelineSpec): XObject {
  const path: Array<[string, XNode | undefined]> = [['buckets_path', [p.bucketsPath]]];
  const head: Array<[string, XNode | undefined]> = [...path, ['format', p.format], ['gap_policy', p.gapPolicy]];
  if (BUCKET_METRICS.has(p.type)) {
    if (p.type === 'extended_stats_bucket') return obj(...head, ['sigma', jdouble(p.sigma ?? 2)]);
    if (p.type === 'percentiles_bucket') return obj(...head, ['percents', p.percents?.map(jdouble)]);
    return obj(...head);
  }
  switch (p.type) {
    case 'derivative':
      return obj(...head);
    case 'cumulative_sum':
      return obj(...path, ['format', p.format]);
    case 'serial_diff':
      return obj(...head, ['lag', p.lag ?? 1]);
    case 'moving_avg':
      return obj(
        ...head,
        ...(p.model ? modelEntries(p.model) : []),
        ['window', p.window],
        ['predict', p.predict !== undefined && p.predict > 0 ? p.predict : undefined],
        // ES keeps `minimize` null unless the request gave it
        ['minimize', p.minimizeGiven ? p.minimize : undefined],
      );
    case 'bucket_script':
    case 'bucket_selector':
      return obj(['buckets_path', pathsMap(p)], ['script', p.script ? scriptNode(p.script) : undefined], ['format', p.type === 'bucket_script' ? p.format : undefined], ['gap_policy', p.gapPolicy]);
    default:
      return obj(...head);
  }
}
