/**
 * Aggregation builders as ES 5.6 prints them (`AggregatorFactories.Builder.toXContent`: the
 * aggregations in request order, pipeline aggregations after them; each
 * `AbstractAggregationBuilder.toXContent`: `{name: {meta?, type: {...}, aggregations?}}`;
 * `ValuesSourceAggregationBuilder.internalXContent`: field, script, missing, format, time_zone,
 * value_type, then the type's own body).
 *
 * Rendered: terms (TermsAggregationBuilder: BucketCountThresholds, show_term_doc_count_error,
 * order as a compound array, collect_mode, include/exclude), min/max/sum/avg/value_count/stats
 * (no body), extended_stats (sigma), filter, filters, global, missing, nested, reverse_nested,
 * children, histogram (numeric), range. Every other type prints as `{name: {type: {}}}` — see
 * docs/architecture.md "Rendering parsed DSL".
 */
import type { AggSpec, TermsOrder, TermsSpec, ValuesSpec } from '../aggs/spec.js';
import type { Query } from '../query-types.js';
import { fromJsonHashMap, scriptNode, termValue } from './common.js';
import { renderQuery } from './query.js';
import { jdouble, obj, type XNode, type XObject } from './xcontent.js';

/** Terms order keys as 5.6 names them (`_term`, not 6.x's `_key`). */
function orderNode(order: readonly TermsOrder[], keyName: string): XNode[] {
  return order.map((o) => obj([o.by === '_key' ? keyName : o.by, o.asc ? 'asc' : 'desc']));
}

function valuesEntries(v: ValuesSpec): Array<[string, XNode | undefined]> {
  return [
    ['field', v.field],
    ['script', v.script ? scriptNode(v.script) : undefined],
    ['missing', v.missing !== undefined ? termValue(v.missing) : undefined],
    ['format', v.format],
    ['value_type', v.valueType],
  ];
}

function includeExclude(t: TermsSpec): Array<[string, XNode | undefined]> {
  const inc = t.include;
  const include =
    inc === undefined
      ? undefined
      : inc.regex !== undefined
        ? inc.regex
        : inc.values !== undefined
          ? [...inc.values]
          : obj(['partition', inc.partition], ['num_partitions', inc.numPartitions]);
  const exc = t.exclude;
  const exclude = exc === undefined ? undefined : exc.regex !== undefined ? exc.regex : [...(exc.values ?? [])];
  return [
    ['include', include],
    ['exclude', exclude],
  ];
}

/** The type's object (`internalXContent`), or undefined for a type not rendered yet. */
function body(a: AggSpec): XObject | undefined {
  switch (a.type) {
    case 'terms':
      return obj(
        ...valuesEntries(a),
        ['size', a.size],
        ['shard_size', a.shardSize],
        ['min_doc_count', a.minDocCount],
        ['shard_min_doc_count', a.shardMinDocCount],
        ['show_term_doc_count_error', a.showTermDocCountError],
        ['order', orderNode(a.order, '_term')],
        ['collect_mode', 'depth_first'],
        ...includeExclude(a),
      );
    case 'min':
    case 'max':
    case 'sum':
    case 'avg':
    case 'value_count':
    case 'stats':
      return obj(...valuesEntries(a));
    case 'extended_stats':
      return obj(...valuesEntries(a), ['sigma', jdouble(a.sigma)]);
    case 'filter':
      return renderQuery(a.query ?? { kind: 'match_all', boost: 1 });
    case 'filters': {
      const q = (f: { query: Query | null }): XNode => renderQuery(f.query ?? { kind: 'match_all', boost: 1 });
      let filters: XNode;
      if (a.keyed) {
        // FiltersAggregationBuilder sorts keyed filters by key
        const m: XObject = new Map();
        for (const f of [...a.filters].sort((x, y) => (x.key < y.key ? -1 : x.key > y.key ? 1 : 0))) m.set(f.key, q(f));
        filters = m;
      } else filters = a.filters.map(q);
      return obj(['filters', filters], ['other_bucket', a.otherBucketKey !== undefined], ['other_bucket_key', a.otherBucketKey ?? '_other_']);
    }
    case 'global':
      return obj();
    case 'missing':
      return obj(['field', a.field]);
    case 'nested':
      return obj(['path', a.path]);
    case 'reverse_nested':
      return obj(['path', a.path]);
    case 'children':
      return obj(['type', a.childType]);
    case 'histogram': {
      const eb = a.extendedBounds;
      return obj(
        ...valuesEntries(a),
        ['interval', jdouble(a.interval)],
        ['offset', jdouble(a.offset)],
        ['order', obj([a.order.by === '_key' ? '_key' : a.order.by, a.order.asc ? 'asc' : 'desc'])],
        ['keyed', a.keyed],
        ['min_doc_count', a.minDocCount],
        ['extended_bounds', eb ? obj(['min', typeof eb.min === 'number' ? jdouble(eb.min) : undefined], ['max', typeof eb.max === 'number' ? jdouble(eb.max) : undefined]) : undefined],
      );
    }
    case 'range':
      return obj(
        ...valuesEntries(a),
        [
          'ranges',
          a.ranges.map((r) =>
            obj(
              ['key', r.key],
              ['from', typeof r.from === 'number' ? jdouble(r.from) : r.from],
              ['to', typeof r.to === 'number' ? jdouble(r.to) : r.to],
            ),
          ),
        ],
        ['keyed', a.keyed],
      );
    default:
      return undefined;
  }
}

const PIPELINES = new Set(['max_bucket', 'min_bucket', 'sum_bucket', 'avg_bucket', 'stats_bucket', 'extended_stats_bucket', 'percentiles_bucket', 'moving_avg', 'derivative', 'cumulative_sum', 'serial_diff', 'bucket_script', 'bucket_selector']);

/** One aggregation: `{name: {meta, type: {...}, aggregations}}`. */
function renderAgg(a: AggSpec): [string, XNode] {
  const o: XObject = new Map();
  if (a.meta !== undefined) o.set('meta', fromJsonHashMap(a.meta));
  o.set(a.type, body(a) ?? obj());
  if (a.subs.length > 0) o.set('aggregations', renderAggregations(a.subs));
  return [a.name, o];
}

/** An `aggregations` object: regular aggregations in order, then pipeline aggregations. */
export function renderAggregations(aggs: readonly AggSpec[]): XObject {
  const regular = aggs.filter((a) => !PIPELINES.has(a.type));
  const pipelines = aggs.filter((a) => PIPELINES.has(a.type));
  return new Map([...regular, ...pipelines].map(renderAgg));
}
