/**
 * Parsers of the aggregation types added after the first set (parse.ts dispatches here):
 * `matrix_stats` (ES 5.6 `MatrixStatsParser` over `MultiValuesSourceParser`), with ES's errors.
 */
import { EsError } from '../../errors/errors.js';
import { booleanValue, doubleValue, intValue, isObject, isValue, textValue, tokenOf, type JsonObject } from '../xcontent.js';
import type { ParseContext } from '../parse-context.js';
import type { AggSpec, GeohashGridSpec, GeoMetricSpec, MatrixStatsSpec, SamplerSpec, ScriptedMetricSpec, SignificanceHeuristic, SignificantTermsSpec, ValuesSpec } from './spec.js';
import { filterList } from './parse.js';
import { parseScript } from '../script-ref.js';

const iae = (reason: string): EsError => new EsError('illegal_argument_exception', 400, reason);
const parsing = (reason: string): EsError => new EsError('parsing_exception', 400, reason);

/** Aggregation types parsed here. */
export const MORE_TYPES = new Set<string>(['matrix_stats', 'scripted_metric', 'significant_terms', 'sampler', 'diversified_sampler', 'geo_bounds', 'geo_centroid', 'geohash_grid']);

/** Parse one of {@link MORE_TYPES}. */
export function parseMore(ctx: ParseContext, name: string, type: string, body: JsonObject, def: JsonObject): AggSpec {
  if (type === 'scripted_metric') return parseScriptedMetric(name, body);
  if (type === 'significant_terms') return parseSignificantTerms(ctx, name, body, def);
  if (type === 'sampler' || type === 'diversified_sampler') return parseSampler(name, type, body);
  if (type === 'geo_bounds' || type === 'geo_centroid') return parseGeoMetric(ctx, name, type, body);
  if (type === 'geohash_grid') return parseGeohashGrid(name, body);
  return parseMatrixStats(name, body);
}

const HEURISTICS = new Set(['jlh', 'mutual_information', 'chi_square', 'gnd', 'percentage', 'script_heuristic']);

/** The values-source options every values aggregation takes. */
function valuesOptions(type: string, body: JsonObject, out: ValuesSpec): Set<string> {
  const used = new Set<string>(['field', 'script', 'missing', 'format', 'value_type', 'valueType']);
  if (body['field'] !== undefined) out.field = textValue(body['field']);
  if (body['script'] !== undefined) out.script = parseScript(body['script']);
  const missing = body['missing'];
  if (missing !== undefined) {
    if (!isValue(missing)) throw iae(`[${type}] missing must be a value`);
    out.missing = missing;
  }
  if (body['format'] !== undefined) out.format = textValue(body['format']);
  const vt = body['value_type'] ?? body['valueType'];
  if (vt !== undefined) out.valueType = textValue(vt);
  return used;
}

function unknownField(type: string, k: string): EsError {
  return iae(`[${type}] unknown field [${k}], parser not found`);
}

/** SignificantTermsAggregationBuilder's parser. */
function parseSignificantTerms(ctx: ParseContext, name: string, body: JsonObject, def: JsonObject): SignificantTermsSpec {
  const vs: ValuesSpec = {};
  const used = valuesOptions('significant_terms', body, vs);
  const spec: SignificantTermsSpec = { type: 'significant_terms', name, subs: [], ...vs, size: 10, minDocCount: 3, shardMinDocCount: 0, heuristic: { name: 'jlh' } };
  let heuristicSeen = false;
  for (const [k, v] of Object.entries(body)) {
    if (used.has(k)) continue;
    if (k === 'size') spec.size = intValue(v);
    else if (k === 'shard_size') spec.shardSize = intValue(v);
    else if (k === 'min_doc_count') spec.minDocCount = intValue(v);
    else if (k === 'shard_min_doc_count') spec.shardMinDocCount = intValue(v);
    else if (k === 'execution_hint') spec.executionHint = textValue(v);
    else if (k === 'include') spec.include = filterList(v, ctx);
    else if (k === 'exclude') spec.exclude = filterList(v, ctx, false);
    else if (k === 'background_filter') spec.backgroundFilter = ctx.parseInnerQuery(v, ctx.atValue(body, k));
    else if (HEURISTICS.has(k)) {
      if (!isObject(v)) throw parsing(`Unknown key for a VALUE_STRING in [${name}]: [${k}].`);
      if (heuristicSeen) throw parsing(`Found two significance heuristics in [${name}]`);
      heuristicSeen = true;
      spec.heuristic = parseHeuristic(name, k as SignificanceHeuristic['name'], v);
    } else throw unknownField('significant_terms', k);
  }
  if (spec.size <= 0) throw iae(`[size] must be greater than 0. Found [${spec.size}] in [${name}]`);
  if (spec.shardSize !== undefined && spec.shardSize <= 0) throw iae(`[shardSize] must be greater than 0. Found [${spec.shardSize}] in [${name}]`);
  if (spec.minDocCount < 0) throw iae(`[minDocCount] must be greater than or equal to 0. Found [${spec.minDocCount}] in [${name}]`);
  void def;
  return spec;
}

function parseHeuristic(agg: string, name: SignificanceHeuristic['name'], body: JsonObject): SignificanceHeuristic {
  const h: SignificanceHeuristic = { name };
  for (const [k, v] of Object.entries(body)) {
    const nxy = name === 'mutual_information' || name === 'chi_square' || name === 'gnd';
    if (nxy && k === 'background_is_superset') h.backgroundIsSuperset = booleanValue(v);
    else if ((name === 'mutual_information' || name === 'chi_square') && k === 'include_negatives') h.includeNegatives = booleanValue(v);
    else if (name === 'script_heuristic' && k === 'script') h.script = parseScript(v);
    else throw new EsError('parsing_exception', 400, `failed to parse [${name}] significance heuristic. unknown field [${k}]`);
  }
  if (name === 'script_heuristic' && !h.script) throw new EsError('parsing_exception', 400, `failed to parse [script_heuristic] significance heuristic. no script found in script_heuristic`);
  void agg;
  return h;
}

/** SamplerAggregationBuilder / DiversifiedAggregationBuilder parsers. */
function parseSampler(name: string, type: 'sampler' | 'diversified_sampler', body: JsonObject): SamplerSpec {
  const vs: ValuesSpec = {};
  const used = type === 'diversified_sampler' ? valuesOptions(type, body, vs) : new Set<string>();
  const spec: SamplerSpec = { type, name, subs: [], ...vs, shardSize: 100, maxDocsPerValue: 1 };
  for (const [k, v] of Object.entries(body)) {
    if (used.has(k)) continue;
    if (k === 'shard_size') spec.shardSize = intValue(v);
    else if (type === 'diversified_sampler' && k === 'max_docs_per_value') spec.maxDocsPerValue = intValue(v);
    else if (type === 'diversified_sampler' && k === 'execution_hint') spec.executionHint = textValue(v);
    else throw unknownField(type, k);
  }
  if (spec.shardSize <= 0) throw iae(`[shard_size] must be greater than 0. Found [${spec.shardSize}] in [${name}]`);
  if (spec.maxDocsPerValue <= 0) throw iae(`[max_docs_per_value] must be greater than 0. Found [${spec.maxDocsPerValue}] in [${name}]`);
  return spec;
}

const SCRIPTS: Record<string, 'initScript' | 'mapScript' | 'combineScript' | 'reduceScript'> = {
  init_script: 'initScript', map_script: 'mapScript', combine_script: 'combineScript', reduce_script: 'reduceScript',
};

/** ScriptedMetricAggregationBuilder.parse. */
function parseScriptedMetric(name: string, body: JsonObject): ScriptedMetricSpec {
  const out: Partial<ScriptedMetricSpec> = {};
  for (const [k, v] of Object.entries(body)) {
    const slot = Object.prototype.hasOwnProperty.call(SCRIPTS, k) ? SCRIPTS[k] : undefined;
    if (slot) out[slot] = parseScript(v);
    else if (k === 'params') {
      if (!isObject(v)) throw parsing(`Unknown key for a VALUE_STRING in [${name}]: [params].`);
      out.params = v;
    } else throw parsing(`Unknown key for a ${isObject(v) ? 'START_OBJECT' : Array.isArray(v) ? 'START_ARRAY' : 'VALUE_STRING'} in [${name}]: [${k}].`);
  }
  if (!out.mapScript) throw iae(`[mapScript] must not be null: [${name}]`);
  return { type: 'scripted_metric', name, subs: [], ...out, mapScript: out.mapScript };
}

const MODES = new Set(['avg', 'min', 'max', 'sum', 'median']);

function parseMatrixStats(name: string, body: JsonObject): MatrixStatsSpec {
  const spec: MatrixStatsSpec = { type: 'matrix_stats', name, subs: [], fields: [], mode: 'avg' };
  for (const [k, v] of Object.entries(body)) {
    if (k === 'fields') {
      if (!Array.isArray(v)) throw parsing(`Unexpected token ${typeof v === 'string' ? 'VALUE_STRING' : 'START_OBJECT'} [fields] in [${name}].`);
      spec.fields = v.map((x) => textValue(x));
    } else if (k === 'mode') {
      const m = textValue(v).toLowerCase();
      if (!MODES.has(m)) throw iae(`Illegal MultiValueMode [${textValue(v)}]`);
      spec.mode = m as MatrixStatsSpec['mode'];
    } else if (k === 'missing') {
      if (!isObject(v)) throw parsing(`Unexpected token VALUE_STRING [missing] in [${name}].`);
      spec.missing = Object.entries(v).map(([f, x]) => [f, doubleValue(x)]);
    } else if (k === 'script') {
      throw parsing(`Unexpected token START_OBJECT [script] in [${name}].`);
    } else if (k !== 'format' && k !== 'value_type' && k !== 'valueType') {
      throw parsing(`Unexpected token ${isObject(v) ? 'START_OBJECT' : Array.isArray(v) ? 'START_ARRAY' : 'VALUE_STRING'} [${k}] in [${name}].`);
    }
  }
  if (spec.fields.length === 0) throw iae(`Required [fields] in [${name}]`);
  return spec;
}

/** ES 5.6 `ValueType.resolveForScript` names and each type's description (`ValueType.toString`). */
const SCRIPT_VALUE_TYPES = new Map<string, string>([
  ['string', 'string'], ['double', 'float|double'], ['float', 'float|double'], ['long', 'byte|short|integer|long'],
  ['integer', 'byte|short|integer|long'], ['short', 'byte|short|integer|long'], ['byte', 'byte|short|integer|long'],
  ['date', 'date'], ['ip', 'ip'], ['boolean', 'boolean'],
]);

/**
 * GeoBoundsAggregationBuilder / GeoCentroidAggregationBuilder parsers: 5.6's
 * `ValuesSourceParserHelper.declareGeoFields` (`field`, `missing`, `value_type`; `script` for
 * geo_centroid only, no `format`) plus geo_bounds' `wrap_longitude`. `field` or `script` is
 * checked when the shard builds the aggregator, as 5.6's `ValuesSourceConfig` does.
 */
function parseGeoMetric(ctx: ParseContext, name: string, type: 'geo_bounds' | 'geo_centroid', body: JsonObject): GeoMetricSpec {
  const spec: GeoMetricSpec = { type, name, subs: [], wrapLongitude: true };
  for (const [k, v] of Object.entries(body)) {
    if (k === 'field') spec.field = textValue(v);
    else if (k === 'wrap_longitude' && type === 'geo_bounds') spec.wrapLongitude = booleanValue(v);
    else if (k === 'script' && type === 'geo_centroid') spec.script = parseScript(v);
    else if (k === 'missing') {
      // ObjectParser.ValueType.VALUE; a null is no missing value
      if (v !== null && !isValue(v)) throw iae(`[${type}] missing doesn't support values of type: ${tokenOf(v)}`);
      if (v !== null) spec.missing = v as string | number | boolean;
    } else if (k === 'value_type' || k === 'valueType') throw geoValueType(ctx, type, body, k);
    else throw unknownField(type, k);
  }
  return spec;
}

/**
 * `value_type` on a geo aggregation always fails in 5.6: the names `resolveForScript` knows are
 * not geo points (a `ParsingException`), and any other name (`geo_point` included) resolves to
 * null and the compatibility check dereferences it (a `NullPointerException`); ObjectParser wraps
 * either as "failed to parse field".
 */
function geoValueType(ctx: ParseContext, type: string, body: JsonObject, k: string): EsError {
  const known = SCRIPT_VALUE_TYPES.get(textValue(body[k]));
  const cause = known !== undefined
    ? ctx.error(`Aggregation [${type}] was configured with an incompatible value type [${known}]. It can only work on value of type [geo_point]`, ctx.atValue(body, k))
    : new EsError('null_pointer_exception', 500, 'null', { nullReason: true });
  return ctx.error(`[${type}] failed to parse field [${k}]`, ctx.atValue(body, k), cause);
}

/** GeoGridAggregationBuilder's parser: `field`, `precision` (5), `size` (10000), `shard_size`. */
function parseGeohashGrid(name: string, body: JsonObject): GeohashGridSpec {
  const spec: GeohashGridSpec = { type: 'geohash_grid', name, subs: [], field: '', precision: 5, size: 10000 };
  for (const [k, v] of Object.entries(body)) {
    if (k === 'field') spec.field = textValue(v);
    else if (k === 'precision') spec.precision = intValue(v);
    else if (k === 'size') spec.size = intValue(v);
    else if (k === 'shard_size') spec.shardSize = intValue(v);
    else throw unknownField('geohash_grid', k);
  }
  if (spec.field === '') throw iae(`Required one of fields [field, script], but none were specified. `);
  if (spec.precision < 1 || spec.precision > 12) throw iae(`Invalid geohash aggregation precision of ${spec.precision}. Must be between 1 and 12.`);
  if (spec.size <= 0) throw iae(`[size] must be greater than 0. Found [${spec.size}] in [${name}]`);
  if (spec.shardSize !== undefined && spec.shardSize <= 0) throw iae(`[shardSize] must be greater than 0. Found [${spec.shardSize}] in [${name}]`);
  return spec;
}
