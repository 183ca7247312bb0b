/**
 * Parsers of the aggregation types added after the first set (parse.ts dispatches here):
 * `matrix_stats` (ES 5.6 `MatrixStatsParser` over `MultiValuesSourceParser`), with ES's errors.
 */
import { EsError } from '../errors/errors.js';
import { doubleValue, isObject, textValue, type JsonObject } from '../dsl/xcontent.js';
import type { AggSpec, MatrixStatsSpec, ScriptedMetricSpec } from './types.js';
import { parseScript } from '../dsl/script-ref.js';

const iae = (reason: string): EsError => new EsError('illegal_argument_exception', 400, reason);
const parsing = (reason: string): EsError => new EsError('parsing_exception', 400, reason);

/** Aggregation types parsed here. */
export const MORE_TYPES = new Set<string>(['matrix_stats', 'scripted_metric']);

/** Parse one of {@link MORE_TYPES}. */
export function parseMore(name: string, type: string, body: JsonObject): AggSpec {
  if (type === 'scripted_metric') return parseScriptedMetric(name, body);
  return parseMatrixStats(name, body);
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
