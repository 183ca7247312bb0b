/**
 * Parse the body of a pipeline aggregation (ES 5.6's `*PipelineAggregationBuilder.parse`):
 * `buckets_path` (a string, or for bucket_script / bucket_selector also an array or a map of
 * script variables), `gap_policy`, `format`, and each type's own options — moving_avg's `model`,
 * `settings`, `window`, `predict`, `minimize`; serial_diff's `lag`; extended_stats_bucket's
 * `sigma`; percentiles_bucket's `percents`; the scripts of bucket_script / bucket_selector.
 */
import { EsError } from '../../errors/errors.js';
import { doubleValue, intValue, isObject, textValue, type JsonObject } from '../xcontent.js';
import { parseScript } from '../script-ref.js';
import { javaDoubleToString } from '../../units/java-number.js';
import type { MovAvgModelSpec, PipelineSpec, PipelineType } from './spec.js';

const iae = (reason: string): EsError => new EsError('illegal_argument_exception', 400, reason);
const parsing = (reason: string, causedBy?: EsError): EsError => new EsError('parsing_exception', 400, reason, causedBy ? { causedBy } : {});

/** The options each pipeline type accepts besides `buckets_path`, `gap_policy` and `format`. */
const OPTIONS: Record<PipelineType, readonly string[]> = {
  max_bucket: [], min_bucket: [], sum_bucket: [], avg_bucket: [], stats_bucket: [],
  extended_stats_bucket: ['sigma'], percentiles_bucket: ['percents'],
  moving_avg: ['model', 'settings', 'window', 'predict', 'minimize'],
  derivative: ['unit'], cumulative_sum: [], serial_diff: ['lag'],
  bucket_script: ['script'], bucket_selector: ['script'],
};

/** ES 5.6's default percents of percentiles_bucket. */
const DEFAULT_PERCENTS = [1, 5, 25, 50, 75, 95, 99];

/** Parse one pipeline aggregation body. */
export function parsePipelineBody(name: string, type: PipelineType, body: JsonObject): PipelineSpec {
  for (const k of Object.keys(body)) {
    if (k !== 'buckets_path' && k !== 'gap_policy' && k !== 'format' && !OPTIONS[type].includes(k)) throw iae(`[${type}] unknown field [${k}], parser not found`);
  }
  const scripted = type === 'bucket_script' || type === 'bucket_selector';
  const raw = body['buckets_path'];
  if (raw === undefined) {
    if (scripted) throw parsing(`Missing required field [buckets_path] for ${type === 'bucket_script' ? 'series_arithmetic' : 'bucket_selector'} aggregation [${name}]`);
    throw iae(`[${type}] Required one of fields [buckets_path], but none were specified.`);
  }
  let paths: Array<[string, string]>;
  if (typeof raw === 'string') paths = [['_value', raw]];
  else if (Array.isArray(raw) && (scripted || raw.length === 1)) paths = raw.map((p, i) => [scripted ? `_value${i}` : '_value', textValue(p)]);
  else if (isObject(raw) && scripted) paths = Object.entries(raw).map(([k, v]) => [k, textValue(v)]);
  else throw iae(`[${type}] buckets_path must be a string`);
  const first = paths[0];
  if (!first) throw iae(`[buckets_path] must not be empty for aggregation [${name}]`);
  const gap = body['gap_policy'] === undefined ? 'skip' : textValue(body['gap_policy']);
  if (gap !== 'skip' && gap !== 'insert_zeros') throw iae(`Invalid gap policy: [${gap}], accepted values: [skip, insert_zeros]`);
  const spec: PipelineSpec = { type, name, subs: [], bucketsPath: first[1], gapPolicy: gap, window: 5 };
  if (body['format'] !== undefined) spec.format = textValue(body['format']);
  if (scripted) {
    if (body['script'] === undefined) throw parsing(`Missing required field [script] for ${type === 'bucket_script' ? 'series_arithmetic' : 'bucket_selector'} aggregation [${name}]`);
    spec.script = parseScript(body['script']);
    spec.bucketsPaths = paths;
  }
  if (type === 'derivative' && body['unit'] !== undefined) throw iae('derivative option [unit] is not supported yet');
  if (type === 'serial_diff' && body['lag'] !== undefined) {
    spec.lag = intValue(body['lag']);
    if (spec.lag <= 0) throw parsing(`Lag must be a positive, non-zero integer.  Value supplied was${spec.lag} in [${name}]: [lag].`);
  }
  if (type === 'extended_stats_bucket') {
    spec.sigma = body['sigma'] === undefined ? 2 : doubleValue(body['sigma']);
    if (spec.sigma < 0) throw iae(`[sigma] must be greater than or equal to 0. Found [${javaDoubleToString(spec.sigma)}] in [${name}]`);
  }
  if (type === 'percentiles_bucket') {
    const p = body['percents'];
    if (p === undefined) spec.percents = DEFAULT_PERCENTS;
    else {
      if (!Array.isArray(p)) throw iae(`[percents] must be an array of doubles in [${name}]`);
      spec.percents = p.map((x) => {
        const v = x === null ? NaN : doubleValue(x);
        if (!(v >= 0 && v <= 100)) throw iae('percents must only contain non-null doubles from 0.0-100.0 inclusive');
        return v;
      });
    }
  }
  if (type === 'moving_avg') parseMovingAvg(name, body, spec);
  return spec;
}

/** MovAvgPipelineAggregationBuilder.parse and the model parsers. */
function parseMovingAvg(name: string, body: JsonObject, spec: PipelineSpec): void {
  const keys = Object.keys(body);
  if (body['predict'] !== undefined) {
    spec.predict = intValue(body['predict']);
    if (spec.predict <= 0) throw parsing(`[predict] value must be a positive integer.  Value supplied was [${spec.predict}] in [${name}].`);
  }
  if (body['window'] !== undefined) {
    spec.window = intValue(body['window']);
    // ES prints the predict seen so far here, not the window
    const before = keys.indexOf('predict') >= 0 && keys.indexOf('predict') < keys.indexOf('window') ? String(spec.predict) : 'null';
    if (spec.window <= 0) throw parsing(`[window] value must be a positive, non-zero integer.  Value supplied was [${before}] in [${name}].`);
  }
  const modelName = body['model'] === undefined ? 'simple' : textValue(body['model']);
  const settings = body['settings'];
  if (settings !== undefined && !isObject(settings)) throw parsing(`Unknown key for a ${typeof settings === 'string' ? 'VALUE_STRING' : 'VALUE_NUMBER'} in [${name}]: [settings].`);
  const model = parseModel(modelName, settings === undefined ? undefined : { ...settings }, spec.window);
  spec.model = model;
  const minimize = body['minimize'];
  if (minimize !== undefined && typeof minimize !== 'boolean') throw parsing(`Unknown key for a VALUE_STRING in [${name}]: [minimize].`);
  if (minimize === true && !canBeMinimized(model.name)) {
    throw new EsError('illegal_state_exception', 500, `The [${model.name}] model cannot be minimized for aggregation [${name}]`);
  }
  // holt_winters fits its coefficients unless asked not to (minimizeByDefault)
  spec.minimize = minimize ?? model.name === 'holt_winters';
  if (minimize !== undefined) spec.minimizeGiven = true;
}

type Settings = Record<string, unknown> | undefined;

/** A java.text.ParseException of a model parser, wrapped as ES wraps it. */
function settingsError(model: string, reason: string): EsError {
  return parsing(`Could not parse settings for model [${model}].`, new EsError('parse_exception', 400, reason));
}

function parseModel(model: string, settings: Settings, window: number): MovAvgModelSpec {
  const spec: MovAvgModelSpec = { name: 'simple', alpha: 0.3, beta: 0.1, gamma: 0.3, period: 1, multiplicative: false, pad: false };
  if (model !== 'simple' && model !== 'linear' && model !== 'ewma' && model !== 'holt' && model !== 'holt_winters') {
    throw parsing(`no [movavg_model] registered for [${model}]`);
  }
  spec.name = model;
  const className = (v: unknown): string => (typeof v === 'string' ? 'String' : typeof v === 'boolean' ? 'Boolean' : Array.isArray(v) ? 'ArrayList' : v === null ? 'null' : 'LinkedHashMap');
  const dbl = (k: string, d: number): number => {
    const v = settings?.[k];
    if (v === undefined || v === null) return d;
    if (typeof v !== 'number') throw settingsError(model, `Parameter [${k}] must be a double, type \`${className(v)}\` provided instead`);
    if (!(v >= 0 && v <= 1)) throw settingsError(model, `Parameter [${k}] must be between 0-1 inclusive.  Provided value was [${javaDoubleToString(v)}]`);
    delete settings?.[k];
    return v;
  };
  if (model === 'ewma' || model === 'holt' || model === 'holt_winters') spec.alpha = dbl('alpha', 0.3);
  if (model === 'holt' || model === 'holt_winters') spec.beta = dbl('beta', 0.1);
  if (model === 'holt_winters') {
    spec.gamma = dbl('gamma', 0.3);
    const p = settings?.['period'];
    if (p !== undefined && p !== null) {
      if (typeof p !== 'number') throw settingsError(model, `Parameter [period] must be an integer, type \`${className(p)}\` provided instead`);
      spec.period = Math.trunc(p);
      delete settings?.['period'];
    }
    if (window < 2 * spec.period) {
      throw settingsError(model, `Field [window] must be at least twice as large as the period when using Holt-Winters.  Value provided was [${window}], which is less than (2*period) == ${2 * spec.period}`);
    }
    const t = settings?.['type'];
    if (t !== undefined && t !== null) {
      if (typeof t !== 'string') throw settingsError(model, `Parameter [type] must be a String, type \`${className(t)}\` provided instead`);
      if (t !== 'add' && t !== 'mult') throw new EsError('parse_exception', 400, `failed to parse seasonality type [${t}]. accepted values are [[add, mult]]`);
      spec.multiplicative = t === 'mult';
      delete settings?.['type'];
    }
    const pad = settings?.['pad'];
    if (pad !== undefined && pad !== null) {
      if (typeof pad !== 'boolean') throw settingsError(model, `Parameter [pad] must be a boolean, type \`${className(pad)}\` provided instead`);
      spec.pad = pad;
      delete settings?.['pad'];
    } else spec.pad = spec.multiplicative;
  }
  if (settings && Object.keys(settings).length > 0) throw settingsError(model, `Unrecognized parameter(s): [[${Object.keys(settings).join(', ')}]]`);
  return spec;
}

/** Whether `minimize` can fit this model (`MovAvgModel.canBeMinimized`). */
export function canBeMinimized(name: MovAvgModelSpec['name']): boolean {
  return name === 'ewma' || name === 'holt' || name === 'holt_winters';
}
