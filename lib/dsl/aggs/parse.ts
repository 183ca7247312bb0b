/**
 * Parse a search body's `aggs`/`aggregations` into typed specs, with ES 5.6's errors
 * (`AggregatorFactories.parseAggregators` for the structure, each builder's `ObjectParser` for
 * its fields). Types ES 5.6 knows but Strata does not implement yet fail loudly here (400), so
 * no request ever gets a silently incomplete answer.
 */
import { EsError } from '../../errors/errors.js';
import type { ParseContext } from '../parse-context.js';
import { booleanValue, doubleValue, intValue, isObject, isValue, textValue, tokenOf, type JsonObject } from '../xcontent.js';
import type { AggSpec, HistogramSpec, MetricType, PipelineType, TermsOrder, TopHitsSpec, ValuesSpec } from './spec.js';
import { parseSort } from '../sort.js';
import { compileRegexp, RegexpSyntax } from '../../automaton/index.js';
import { parseScript } from '../script-ref.js';
import { parseFetchSource } from '../source-filter.js';
import { own } from '../../dict.js';
import { assignCardinalityPrecision, parsePercentiles, parsePrecisionThreshold } from './parse-sketches.js';
import { parsePipelineBody } from './parse-pipeline.js';
import { MORE_TYPES, parseMore } from './parse-more.js';
import { JOIN_TYPES, parseJoinAgg } from './parse-joins.js';
import { parseGeoDistanceAgg } from './parse-geo-distance.js';


/** Pipeline aggregations computed (on the coordinator, after the reduce). */
export const PIPELINES = new Set<string>([
  'max_bucket', 'min_bucket', 'sum_bucket', 'avg_bucket', 'moving_avg', 'derivative', 'cumulative_sum',
  'stats_bucket', 'extended_stats_bucket', 'percentiles_bucket', 'serial_diff', 'bucket_script', 'bucket_selector',
]);

const METRICS = new Set<string>(['min', 'max', 'sum', 'avg', 'value_count', 'stats', 'extended_stats', 'cardinality', 'top_hits', 'percentiles', 'percentile_ranks', 'matrix_stats', 'scripted_metric', 'geo_bounds', 'geo_centroid', ...PIPELINES]);

/** ES 5.6 aggregation types (SearchModule) that Strata recognizes but does not compute yet (none left). */
const NOT_YET = new Set<string>([]);

/** `AggregatorFactories.VALID_AGG_NAME`. */
const VALID_NAME = /^[^[\]>]+$/;

const iae = (reason: string): EsError => new EsError('illegal_argument_exception', 400, reason);

/** Pipelines that add a value to each bucket of their parent histogram. */
function isParentPipeline(s: AggSpec): boolean {
  return s.type === 'moving_avg' || s.type === 'derivative' || s.type === 'cumulative_sum' || s.type === 'serial_diff';
}

/** ES 5.6 `doValidate` of moving_avg, derivative and cumulative_sum. */
function histogramParent(s: AggSpec): EsError {
  return iae(`${s.type} aggregation [${s.name}] must have a histogram or date_histogram as parent`);
}

/** Parse the top-level `aggs` of a search body: a top-level `moving_avg` has no histogram parent. */
export function parseTopLevelAggregations(ctx: ParseContext, obj: JsonObject): AggSpec[] {
  const specs = parseAggregations(ctx, obj);
  const orphan = specs.find(isParentPipeline);
  if (orphan) throw histogramParent(orphan);
  assignCardinalityPrecision(specs);
  return specs;
}

/**
 * Parse an `aggs` object (top level or under a bucket aggregation).
 * @throws parsing_exception / unknown_named_object_exception / illegal_argument_exception as ES 5.6
 */
export function parseAggregations(ctx: ParseContext, obj: JsonObject): AggSpec[] {
  const out: AggSpec[] = [];
  for (const [name, def] of Object.entries(obj)) {
    if (!VALID_NAME.test(name)) {
      throw ctx.error(`Invalid aggregation name [${name}]. Aggregation names must be alpha-numeric and can only contain '_' and '-'`, ctx.atName(obj, name));
    }
    if (!isObject(def)) {
      throw ctx.error(`Aggregation definition for [${name} starts with a [${tokenOf(def)}], expected a [START_OBJECT].`, ctx.atValue(obj, name));
    }
    let spec: AggSpec | undefined;
    let typeName = '';
    let subs: AggSpec[] | undefined;
    let meta: Record<string, unknown> | undefined;
    for (const [key, v] of Object.entries(def)) {
      if (!isObject(v)) {
        throw ctx.error(`Expected [START_OBJECT] under [${key}], but got a [${tokenOf(v)}] in [${name}]`, ctx.atValue(def, key));
      }
      if (key === 'meta') meta = v;
      else if (key === 'aggs' || key === 'aggregations') {
        if (subs) throw ctx.error(`Found two sub aggregation definitions under [${name}]`, ctx.atValue(def, key));
        subs = parseAggregations(ctx, v);
      } else {
        if (spec) throw ctx.error(`Found two aggregation type definitions in [${name}]: [${typeName}] and [${key}]`, ctx.atValue(def, key));
        typeName = key;
        spec = parseType(ctx, name, key, v, def);
      }
    }
    if (!spec) throw ctx.error(`Missing definition for aggregation [${name}]`, ctx.atEnd(def));
    if (subs) {
      if (METRICS.has(typeName)) {
        throw new EsError('aggregation_initialization_exception', 500, `Aggregator [${name}] of type [${typeName}] cannot accept sub-aggregations`);
      }
      spec.subs = subs;
    }
    if (meta) spec.meta = meta;
    for (const sub of spec.subs) {
      if (isParentPipeline(sub) && spec.type !== 'histogram' && spec.type !== 'date_histogram') throw histogramParent(sub);
      if (sub.type === 'moving_avg' && (spec.type === 'histogram' || spec.type === 'date_histogram') && spec.minDocCount !== 0) {
        throw new EsError('illegal_state_exception', 500, `parent histogram of moving average aggregation [${sub.name}] must have min_doc_count of 0`);
      }
    }
    out.push(spec);
  }
  return out;
}

function parseType(ctx: ParseContext, name: string, type: string, body: JsonObject, def: JsonObject): AggSpec {
  if (NOT_YET.has(type)) throw iae(`aggregation type [${type}] of [${name}] is not supported yet`);
  const fields = new Fields(type, body);
  let spec: AggSpec;
  if (type === 'terms') spec = parseTerms(name, fields, ctx);
  else if (type === 'top_hits') spec = parseTopHits(ctx, name, body, fields);
  else if (PIPELINES.has(type)) return parsePipelineBody(name, type as PipelineType, body);
  else if (type === 'percentiles' || type === 'percentile_ranks') spec = parsePercentiles(ctx, name, type, body, fields);
  else if (MORE_TYPES.has(type)) return parseMore(ctx, name, type, body, def);
  else if (JOIN_TYPES.has(type)) return parseJoinAgg(ctx, name, type, body);
  else if (type === 'geo_distance') return parseGeoDistanceAgg(ctx, name, body);
  else if (METRICS.has(type)) {
    const vs = fields.values();
    spec = { type: type as MetricType, name, subs: [], ...vs, sigma: type === 'extended_stats' ? fields.num('sigma', 2) : 2 };
    if (type === 'cardinality') {
      const precision = parsePrecisionThreshold(ctx, name, body, fields);
      if (precision !== undefined) {
        spec.precision = precision;
        spec.precisionThreshold = Math.trunc(doubleValue(body['precision_threshold']));
      }
      fields.take('rehash');
    }
    if (spec.sigma < 0) throw iae(`[sigma] must not be negative. Value provided was${spec.sigma}`);
  } else if (type === 'missing') spec = { type, name, subs: [], ...fieldOf(fields) };
  else if (type === 'global') spec = { type, name, subs: [] };
  else if (type === 'filter') spec = { type, name, subs: [], query: ctx.parseInnerQuery(body, ctx.atValue(def, type)) };
  else if (type === 'filters') spec = parseFilters(ctx, name, body, fields);
  else if (type === 'adjacency_matrix') {
    const raw = fields.take('filters');
    if (!isObject(raw)) throw iae(`[adjacency_matrix] filters must be an object of named filters`);
    const separator = fields.has('separator') ? fields.text('separator') : '&';
    const filters = Object.keys(raw)
      .sort()
      .map((k) => ({ key: k, query: ctx.parseInnerQuery(raw[k], ctx.atValue(raw, k)) }));
    spec = { type, name, subs: [], keyed: false, separator, filters };
  }
  else if (type === 'range' || type === 'date_range' || type === 'ip_range') {
    const vs = fields.values();
    const ranges = fields.take('ranges');
    if (!Array.isArray(ranges)) throw iae(`No [ranges] specified for the [${name}] aggregation`);
    spec = {
      type,
      name,
      subs: [],
      ...vs,
      keyed: fields.bool('keyed', false),
      ...(type === 'date_range' && fields.has('time_zone') ? { timeZone: fields.text('time_zone') } : {}),
      ranges: ranges.map((r) => {
        if (!isObject(r)) throw iae(`[${type}] ranges must be objects`);
        const out: { key?: string; from?: number | string; to?: number | string; mask?: string } = {};
        for (const [k, v] of Object.entries(r)) {
          if (k === 'key') out.key = textValue(v);
          else if (k === 'mask' && type === 'ip_range') out.mask = textValue(v);
          else if (k === 'from' || k === 'to') {
            if (v === null) continue;
            out[k] = typeof v === 'number' && type !== 'ip_range' ? v : type === 'range' ? doubleValue(v) : textValue(v);
          } else throw iae(`[range] unknown field [${k}], parser not found`);
        }
        return out;
      }),
    };
  } else if (type === 'histogram' || type === 'date_histogram') spec = parseHistogram(name, type, fields);
  else {
    // ES 5.6 NamedXContentRegistry: an unregistered aggregation type
    throw new EsError('unknown_named_object_exception', 400, `Unknown BaseAggregationBuilder [${type}]`, { metadata: { ...ctx.locate(ctx.atValue(def, type)) } });
  }
  // a filter's body is a query, parsed whole above
  if (type !== 'filter') fields.done();
  return spec;
}

/** Field-by-field reading of one builder body, failing unknown fields as 5.6's ObjectParser. */
class Fields {
  private readonly used = new Set<string>();
  constructor(
    readonly type: string,
    readonly body: JsonObject,
  ) {}
  has(k: string): boolean {
    return k in this.body;
  }
  take(k: string): unknown {
    this.used.add(k);
    return this.body[k];
  }
  num(k: string, dflt: number): number {
    const v = this.take(k);
    return v === undefined ? dflt : doubleValue(v);
  }
  int(k: string, dflt: number): number {
    const v = this.take(k);
    return v === undefined ? dflt : intValue(v);
  }
  bool(k: string, dflt: boolean): boolean {
    const v = this.take(k);
    return v === undefined ? dflt : booleanValue(v);
  }
  text(k: string): string {
    return textValue(this.take(k));
  }
  /** The values-source fields every field-based aggregation accepts. */
  values(): ValuesSpec {
    const out: ValuesSpec = {};
    if (this.has('field')) out.field = this.text('field');
    // with `field` too, a value script (`_value`)
    if (this.has('script')) out.script = parseScript(this.take('script'));
    const missing = this.take('missing');
    if (missing !== undefined) {
      if (!isValue(missing)) throw iae(`[${this.type}] missing must be a value`);
      out.missing = missing;
    }
    if (this.has('format')) out.format = this.text('format');
    const vt = this.take('value_type') ?? this.take('valueType');
    if (vt !== undefined) out.valueType = textValue(vt);
    return out;
  }
  done(): void {
    for (const k of Object.keys(this.body)) {
      if (!this.used.has(k)) throw iae(`[${this.type}] unknown field [${k}], parser not found`);
    }
  }
}

function fieldOf(f: Fields): { field?: string } {
  return f.has('field') ? { field: f.text('field') } : {};
}

function parseOrder(type: string, name: string, v: unknown): TermsOrder[] {
  const one = (o: unknown): TermsOrder => {
    if (!isObject(o)) throw iae(`[${type}] order must be an object`);
    const entries = Object.entries(o);
    const first = entries[0];
    if (!first || entries.length > 1) throw iae(`[${type}] order must have exactly one criterion`);
    const dir = textValue(first[1]).toLowerCase();
    if (dir !== 'asc' && dir !== 'desc') throw new EsError('parsing_exception', 400, `Unknown terms order direction [${textValue(first[1])}] in terms aggregation [${name}]`);
    const by = first[0] === '_term' ? '_key' : first[0];
    return { by, asc: dir === 'asc' };
  };
  return Array.isArray(v) ? v.map(one) : [one(v)];
}

/** `include`/`exclude`: a Lucene regular expression (ES `IncludeExclude`, all syntax flags) or a value list. */
export function filterList(v: unknown, ctx?: ParseContext, include = true): { regex?: string; values?: string[]; partition?: number; numPartitions?: number } {
  if (typeof v === 'string') {
    compileRegexp(v, RegexpSyntax.ALL); // a bad expression fails the request here; the shard compiles it again
    return { regex: v };
  }
  if (Array.isArray(v)) return { values: [...new Set(v.map((x) => textValue(x)))] };
  if (isObject(v)) return filterObject(v, ctx, include);
  throw iae('Unknown include/exclude form');
}

/** IncludeExclude.parseInclude/parseExclude of an object: the deprecated `pattern`, or partitions. */
function filterObject(v: JsonObject, ctx: ParseContext | undefined, include: boolean): { regex?: string; partition?: number; numPartitions?: number } {
  let pattern: string | undefined;
  let partition: number | undefined;
  let numPartitions: number | undefined;
  for (const [k, x] of Object.entries(v)) {
    if (k === 'pattern') {
      ctx?.deprecated('Deprecated field [pattern] used, replaced by [Put patterns directly under the [include] or [exclude]]');
      pattern = textValue(x);
    } else if (include && k === 'num_partitions') numPartitions = intValue(x);
    else if (include && k === 'partition') partition = intValue(x);
    else throw new EsError('parse_exception', 400, `Unknown parameter in Include/Exclude clause: ${k}`);
  }
  if (pattern !== undefined) return filterList(pattern);
  if (numPartitions === undefined) throw new EsError('parse_exception', 400, 'Missing [num_partitions] parameter for partition-based include');
  if (partition === undefined) throw new EsError('parse_exception', 400, 'Missing [partition] parameter for partition-based include');
  // ES 5.6 IncludeExclude(int partition, int numPartitions)
  if (partition < 0 || partition >= numPartitions) throw iae(`Partition must be >=0 and < numPartition which is ${numPartitions}`);
  return { partition, numPartitions };
}

function parseTerms(name: string, f: Fields, ctx: ParseContext): AggSpec {
  const vs = f.values();
  const size = f.int('size', 10);
  if (size <= 0) throw iae(`[size] must be greater than 0. Found [${size}] in [${name}]`);
  const shardSize = f.has('shard_size') ? f.int('shard_size', -1) : undefined;
  if (shardSize !== undefined && shardSize <= 0) throw iae(`[shardSize] must be greater than 0. Found [${shardSize}] in [${name}]`);
  const minDocCount = f.int('min_doc_count', 1);
  if (minDocCount < 0) throw iae(`[minDocCount] must be greater than or equal to 0. Found [${minDocCount}] in [${name}]`);
  const order = f.has('order') ? parseOrder('terms', name, f.take('order')) : [{ by: '_count', asc: false }];
  // ES appends `_key asc` as the tie-breaker unless the order already is by key
  if (!order.some((o) => o.by === '_key')) order.push({ by: '_key', asc: true });
  const inc = f.take('include');
  const exc = f.take('exclude');
  const executionHint = f.has('execution_hint') ? f.text('execution_hint') : undefined;
  const collectMode = f.take('collect_mode');
  return {
    type: 'terms',
    name,
    subs: [],
    ...vs,
    size,
    ...(shardSize !== undefined ? { shardSize } : {}),
    minDocCount,
    shardMinDocCount: f.int('shard_min_doc_count', 0),
    order,
    showTermDocCountError: f.bool('show_term_doc_count_error', false),
    ...(executionHint !== undefined ? { executionHint } : {}),
    ...(collectMode === 'breadth_first' ? { collectMode } : {}),
    ...(inc !== undefined ? { include: filterList(inc, ctx) } : {}),
    ...(exc !== undefined ? { exclude: filterList(exc, ctx, false) } : {}),
  };
}

function parseFilters(ctx: ParseContext, name: string, body: JsonObject, f: Fields): AggSpec {
  const raw = f.take('filters');
  let filters: Array<{ key: string; query: import('../query-types.js').Query | null }>;
  let keyed: boolean;
  if (isObject(raw)) {
    keyed = true;
    // ES sorts keyed filters by key (FiltersAggregationBuilder constructor)
    filters = Object.keys(raw)
      .sort()
      .map((k) => ({ key: k, query: ctx.parseInnerQuery(raw[k], ctx.atValue(raw, k)) }));
  } else if (Array.isArray(raw)) {
    keyed = false;
    filters = raw.map((q, i) => ({ key: String(i), query: ctx.parseInnerQuery(q, ctx.atItem(raw, i)) }));
  } else {
    throw ctx.error(`[filters] cannot be null.`, ctx.atStart(body));
  }
  const other = f.bool('other_bucket', false);
  const otherKey = f.has('other_bucket_key') ? f.text('other_bucket_key') : undefined;
  return { type: 'filters', name, subs: [], keyed, filters, ...(other || otherKey !== undefined ? { otherBucketKey: otherKey ?? '_other_' } : {}) };
}

const CALENDAR: Record<string, HistogramSpec['calendar']> = {
  year: 'year', '1y': 'year', quarter: 'quarter', '1q': 'quarter', month: 'month', '1M': 'month', week: 'week', '1w': 'week',
  day: 'day', '1d': 'day', hour: 'hour', '1h': 'hour', minute: 'minute', '1m': 'minute', second: 'second', '1s': 'second',
};
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60000, h: 3600000, d: 86400000 };

/** A fixed time value (`90m`, `1.5h`, or millis) in ms. */
function timeMs(text: string, what: string): number {
  const m = /^(-?\d+(?:\.\d+)?)(ms|s|m|h|d)?$/.exec(text.trim());
  if (!m) throw new EsError('parse_exception', 400, `failed to parse setting [${what}] with value [${text}] as a time value: unit is missing or unrecognized`);
  return Number(m[1]) * (UNIT_MS[m[2] ?? 'ms'] as number);
}

function parseHistogram(name: string, type: 'histogram' | 'date_histogram', f: Fields): HistogramSpec {
  const vs = f.values();
  const iv = f.take('interval');
  let interval = 0;
  let calendar: HistogramSpec['calendar'];
  if (iv === undefined) throw iae(`[interval] must be >0 for histogram aggregation [${name}]`);
  if (type === 'histogram') interval = doubleValue(iv);
  else if (typeof iv === 'number') interval = iv;
  else {
    calendar = own(CALENDAR, textValue(iv));
    if (!calendar) interval = timeMs(textValue(iv), `${type}.interval`);
  }
  if (!calendar && !(interval > 0)) throw iae(`[interval] must be >0 for histogram aggregation [${name}]`);
  const off = f.take('offset');
  const offset = off === undefined ? 0 : typeof off === 'number' ? off : type === 'histogram' ? doubleValue(off) : offsetMs(textValue(off));
  const eb = f.take('extended_bounds');
  const order = f.has('order') ? (parseOrder(type, name, f.take('order'))[0] as TermsOrder) : { by: '_key', asc: true };
  const minDocCount = f.int('min_doc_count', type === 'histogram' ? 0 : 0);
  if (minDocCount < 0) throw iae(`[minDocCount] must be greater than or equal to 0. Found [${minDocCount}] in [${name}]`);
  const spec: HistogramSpec = {
    type,
    name,
    subs: [],
    ...vs,
    interval,
    ...(calendar ? { calendar } : {}),
    ...(type === 'date_histogram' && typeof iv === 'string' ? { intervalText: iv } : {}),
    offset,
    minDocCount,
    keyed: f.bool('keyed', false),
    order,
    ...(type === 'date_histogram' && f.has('time_zone') ? { timeZone: f.text('time_zone') } : {}),
  };
  if (eb !== undefined) {
    if (!isObject(eb)) throw iae(`[extended_bounds] must be an object`);
    const b: { min?: number | string; max?: number | string } = {};
    for (const [k, v] of Object.entries(eb)) {
      if (k !== 'min' && k !== 'max') throw iae(`[extended_bounds] unknown field [${k}], parser not found`);
      if (v !== null) b[k] = typeof v === 'number' ? v : textValue(v);
    }
    spec.extendedBounds = b;
  }
  return spec;
}

function offsetMs(text: string): number {
  const neg = text.startsWith('-');
  const ms = timeMs(text.replace(/^[+-]/, ''), 'offset');
  return neg ? -ms : ms;
}

/** `top_hits` (ES 5.6 `TopHitsAggregationBuilder`): paging, sort, `_source`, version, explain. */
function parseTopHits(ctx: ParseContext, name: string, body: JsonObject, f: Fields): TopHitsSpec {
  const from = f.int('from', 0);
  const size = f.int('size', 3);
  if (from < 0) throw iae(`[from] must be greater than or equal to 0. Found [${from}] in [${name}]`);
  if (size < 0) throw iae(`[size] must be greater than or equal to 0. Found [${size}] in [${name}]`);
  const spec: TopHitsSpec = { type: 'top_hits', name, subs: [], from, size, version: f.bool('version', false), explain: f.bool('explain', false), trackScores: f.bool('track_scores', false) };
  if (f.has('sort')) spec.sort = parseSort(ctx, f.take('sort'));
  if (f.has('_source')) {
    f.take('_source');
    spec.source = parseFetchSource(ctx, body, '_source');
  }
  for (const k of ['highlight', 'script_fields', 'docvalue_fields', 'stored_fields']) {
    if (f.has(k)) throw iae(`[top_hits] option [${k}] is not supported yet`);
  }
  return spec;
}
