/**
 * The builders of ES 5.6's approximate aggregations: `percentiles` / `percentile_ranks`
 * (ObjectParser with a `tdigest` or `hdr` method object) and cardinality's precision (from
 * `precision_threshold`, or ES's default: 14 less 5 for every multi-bucket ancestor). Errors a
 * setter raises come wrapped as ES's ObjectParser wraps them: `parsing_exception` "[type] failed to
 * parse field [f]" caused by the setter's exception.
 */
import { EsError } from '../../errors/errors.js';
import type { ParseContext } from '../parse-context.js';
import { booleanValue, doubleValue, intValue, isObject, type JsonObject } from '../xcontent.js';
import { javaDoubleToString } from '../../units/java-number.js';
import type { AggSpec, PercentilesSpec, ValuesSpec } from './spec.js';
import { DEFAULT_PRECISION, MIN_PRECISION, precisionFromThreshold } from './hll-precision.js';

const iae = (reason: string): EsError => new EsError('illegal_argument_exception', 400, reason);

/** ES 5.6 `PercentilesAggregationBuilder.DEFAULT_PERCENTS`. */
const DEFAULT_PERCENTS = [1, 5, 25, 50, 75, 95, 99];

/** The body fields besides the values source ones, read by the caller's field reader. */
export interface SketchFields {
  values(): ValuesSpec;
  has(k: string): boolean;
  take(k: string): unknown;
}

/** Run a setter; its error comes back as ES's ObjectParser reports it. */
function field<T>(ctx: ParseContext, type: string, body: JsonObject, key: string, fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    if (e instanceof EsError && e.type === 'parsing_exception') throw e;
    throw ctx.error(`[${type}] failed to parse field [${key}]`, ctx.atValue(body, key), e as EsError);
  }
}

function doubles(v: unknown): number[] {
  if (!Array.isArray(v)) return [doubleValue(v)];
  return v.map((x) => doubleValue(x));
}

/** One method object (`tdigest: {compression}` / `hdr: {number_of_significant_value_digits}`). */
function methodOptions(method: 'tdigest' | 'hdr', v: unknown): Record<string, number> {
  if (!isObject(v)) throw iae(`[${method}] expected an object`);
  const out: Record<string, number> = {};
  for (const [k, x] of Object.entries(v)) {
    if (method === 'tdigest' && k === 'compression') out.compression = doubleValue(x);
    else if (method === 'hdr' && k === 'number_of_significant_value_digits') out.digits = intValue(x);
    else throw iae(`[${method}] unknown field [${k}], parser not found`);
  }
  return out;
}

/** Parse a `percentiles` or `percentile_ranks` body. */
export function parsePercentiles(ctx: ParseContext, name: string, type: 'percentiles' | 'percentile_ranks', body: JsonObject, f: SketchFields): PercentilesSpec {
  const vs = f.values();
  const spec: PercentilesSpec = { type, name, subs: [], ...vs, keys: DEFAULT_PERCENTS, keyed: true, method: 'tdigest', compression: 100, digits: 3 };
  const keysField = type === 'percentiles' ? 'percents' : 'values';
  let methodSet = false;
  for (const key of Object.keys(body)) {
    if (key === keysField) {
      const keys = field(ctx, type, body, key, () => {
        const list = doubles(f.take(key));
        if (list.length === 0) throw iae(type === 'percentiles' ? `[percents] must not be empty: [${name}]` : `[values] must not be an empty array: [${name}]`);
        return list.sort((a, b) => a - b);
      });
      spec.keys = keys;
    } else if (key === 'keyed') spec.keyed = field(ctx, type, body, key, () => booleanValue(f.take(key)));
    else if (key === 'tdigest' || key === 'hdr') {
      field(ctx, type, body, key, () => {
        const opts = methodOptions(key, f.take(key));
        // 5.6's parser lets a request name one method only
        if (methodSet) throw new EsError('illegal_state_exception', 500, 'Only one percentiles method should be declared.');
        methodSet = true;
        spec.method = key;
        if (opts.compression !== undefined) {
          if (opts.compression < 0) throw iae(`[compression] must be greater than or equal to 0. Found [${javaDoubleToString(opts.compression)}] in [${name}]`);
          spec.compression = opts.compression;
        }
        if (opts.digits !== undefined) {
          if (opts.digits < 0 || opts.digits > 5) throw iae(`[numberOfSignificantValueDigits] must be between 0 and 5: [${name}]`);
          spec.digits = opts.digits;
        }
      });
    }
  }
  if (type === 'percentile_ranks' && !f.has('values')) throw iae(`[values] must not be null: [${name}]`);
  if (spec.method === 'tdigest' && type === 'percentiles') {
    // t-digest 3.0's quantile rejects a q outside [0, 1] (ES 5.6 fails the request with it)
    const bad = spec.keys.find((p) => p < 0 || p > 100);
    if (bad !== undefined) throw iae(`q should be in [0,1], got ${javaDoubleToString(bad / 100)}`);
  }
  return spec;
}

/** `precision_threshold` (a long, ≥ 0) as the counter's precision. */
export function parsePrecisionThreshold(ctx: ParseContext, name: string, body: JsonObject, f: SketchFields): number | undefined {
  if (!f.has('precision_threshold')) return undefined;
  return field(ctx, 'cardinality', body, 'precision_threshold', () => {
    const t = Math.trunc(doubleValue(f.take('precision_threshold')));
    if (t < 0) throw iae(`[precisionThreshold] must be greater than or equal to 0. Found [${t}] in [${name}]`);
    return precisionFromThreshold(t);
  });
}

/** Aggregations that are single-bucket for ES (`SingleBucketAggregator`): they do not lower precision. */
const SINGLE_BUCKET = new Set(['filter', 'global', 'missing', 'nested', 'reverse_nested', 'sampler', 'diversified_sampler', 'children']);

/**
 * Give every cardinality without `precision_threshold` ES's default precision
 * (`CardinalityAggregatorFactory.defaultPrecision`): 14, less 5 per multi-bucket ancestor, ≥ 4.
 */
export function assignCardinalityPrecision(specs: readonly AggSpec[], multiBucketAncestors = 0): void {
  for (const s of specs) {
    if (s.type === 'cardinality' && s.precision === undefined) s.precision = Math.max(DEFAULT_PRECISION - 5 * multiBucketAncestors, MIN_PRECISION);
    assignCardinalityPrecision(s.subs, multiBucketAncestors + (SINGLE_BUCKET.has(s.type) ? 0 : 1));
  }
}
