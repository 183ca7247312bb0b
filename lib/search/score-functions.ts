/**
 * The `function_score` functions evaluated per doc (ES 5.6 `ScoreFunction`s): weight,
 * random_score, field_value_factor and the gauss/linear/exp decays on numbers and dates.
 */
import { javaStringHash } from '../units/java-hash.js';
import type { ScoreFunction } from '../dsl/query-types.js';
import { EsError } from '../errors/errors.js';
import { murmur3x86_32 } from '../hash/murmur3-x86.js';
import { parseTimeValue } from '../units/time-value.js';
import type { SegmentReader } from '../shard/segment-reader.js';
import { queryShardError, type CompileContext } from './compile-context.js';
import { parseDateValue } from './field-terms.js';
import { javaFloat } from './explanation.js';
import { geoPointsOf } from './geo-weight.js';
import { haversinMeters } from '../units/geo-distance.js';
import { parseDistanceMeters, parseGeoPoint } from '../dsl/geo-point.js';
import { textValue } from '../dsl/xcontent.js';
import { compileSearchScript } from './search-script.js';
import { scriptToString } from './script-weight.js';
import { javaString } from '../script/runtime/values.js';

/** A function bound to one segment. */
export type DocFunction = (doc: number, subScore: number) => number;

/** A compiled function: binds per segment, describes itself for explanations. */
export interface CompiledFunction {
  bind(seg: SegmentReader): DocFunction;
  describe(doc: number, value: number): string;
}

interface MetaReader {
  docType?(doc: number): string;
  docId?(doc: number): string;
}

const utf8 = new TextEncoder();

/** Compile one score function for a shard. */
export function compileFunction(ctx: CompileContext, fn: ScoreFunction, shardId: number): CompiledFunction {
  const weight = fn.type === 'weight' ? fn.weight : (fn.weight ?? 1);
  const withWeight = (inner: CompiledFunction): CompiledFunction =>
    weight === 1 || fn.type === 'weight'
      ? inner
      : {
          bind: (seg) => {
            const f = inner.bind(seg);
            return (d, s) => f(d, s) * weight;
          },
          describe: (d, v) => `${inner.describe(d, v)} * weight ${javaFloat(weight)}`,
        };
  switch (fn.type) {
    case 'weight':
      return { bind: () => () => weight, describe: () => 'weight' };
    case 'random_score': {
      const seed = fn.seed ?? javaStringHash(String(ctx.nowMs));
      const salt = (javaStringHash(ctx.index) << 10) | shardId;
      const salted = seed ^ salt;
      return withWeight({
        bind: (seg) => {
          const m = seg as SegmentReader & MetaReader;
          return (d) => {
            const uid = `${m.docType?.(d) ?? ''}#${m.docId?.(d) ?? String(d)}`;
            const h = murmur3x86_32(utf8.encode(uid), salted);
            return Math.fround((h & 0x00ffffff) / (1 << 24));
          };
        },
        describe: () => 'random score function (seed: ' + seed + ')',
      });
    }
    case 'field_value_factor': {
      const { field, factor, modifier, missing } = fn;
      return withWeight({
        bind: (seg) => (d) => {
          const vals = seg.numericValues(field, d);
          let v: number;
          if (vals.length > 0) v = vals[0] as number;
          else if (missing !== undefined) v = missing;
          else throw new EsError('exception', 500, `Missing value for field [${field}]`);
          const r = applyModifier(modifier, factor * v);
          if (!Number.isFinite(r)) {
            throw new EsError('exception', 500, `Result of field modification [${modifier}(${factor * v})] must be a number`);
          }
          return r;
        },
        describe: (_d, v) => `field value function: ${modifier}(doc['${field}'].value * factor=${javaFloat(factor)})=${javaFloat(v)}`,
      });
    }
    case 'gauss':
    case 'linear':
    case 'exp':
      return withWeight(decayFunction(ctx, fn.type, fn.field, fn.params, fn.multiValueMode));
    case 'script_score': {
      // ES 5.6 ScriptScoreFunction: the script's double, with `_score` = the sub query's score
      const script = compileSearchScript(ctx, fn.script);
      const text = scriptToString(fn.script);
      const params = `{${Object.entries(fn.script.params).map(([k, v]) => `${k}=${javaString(v)}`).join(', ')}}`;
      return withWeight({
        bind: (seg) => script.bindNumber(seg),
        describe: () => `script score function, computed with script:"${text}" and parameters: \n${params}`,
      });
    }
    default:
      throw queryShardError(ctx, `${(fn as { type: string }).type} is not supported`);
  }
}

function applyModifier(m: string, v: number): number {
  switch (m) {
    case 'log':
      return Math.log10(v);
    case 'log1p':
      return Math.log10(v + 1);
    case 'log2p':
      return Math.log10(v + 2);
    case 'ln':
      return Math.log(v);
    case 'ln1p':
      return Math.log1p(v);
    case 'ln2p':
      return Math.log(v + 2);
    case 'square':
      return v * v;
    case 'sqrt':
      return Math.sqrt(v);
    case 'reciprocal':
      return 1 / v;
    default:
      return v;
  }
}

function decayFunction(ctx: CompileContext, type: 'gauss' | 'linear' | 'exp', field: string, params: Record<string, unknown>, mode: string): CompiledFunction {
  const f = ctx.fields.get(field);
  if (!f) throw queryShardError(ctx, `unknown field [${field}]`);
  if (f.type === 'geo_point') return geoDecay(type, field, params, mode);
  const isDate = f.type === 'date';
  let origin: number;
  let scale: number;
  let offset: number;
  const decay = params['decay'] === undefined ? 0.5 : Number(params['decay']);
  if (isDate) {
    // ES reads the origin with `parser.text()`: `null` is the text "null" (a date parse error),
    // an object or array no value token.
    const o = params['origin'];
    origin = o === undefined ? ctx.nowMs : parseDateValue(ctx, f, typeof o === 'number' ? o : textValue(o), false);
    if (params['scale'] === undefined) throw new EsError('parse_exception', 400, '[scale] must be set for date fields.');
    // `parser.text()`: an object or array is refused as no value token, never read as text.
    scale = parseTimeValue(textValue(params['scale']), 'scale').millis();
    offset = params['offset'] === undefined ? 0 : parseTimeValue(textValue(params['offset']), 'offset').millis();
  } else {
    if (params['origin'] === undefined || params['scale'] === undefined) throw new EsError('parse_exception', 400, 'both [scale] and [origin] must be set for numeric fields.');
    origin = Number(params['origin']);
    scale = Number(params['scale']);
    offset = params['offset'] === undefined ? 0 : Number(params['offset']);
  }
  const shape = decayShape(type, scale, decay, offset);
  return {
    bind: (seg) => (d) => {
      const vals = seg.numericValues(field, d);
      if (vals.length === 0) return 1;
      return shape(pickDistance(vals.map((v) => Math.max(0, Math.abs(v - origin) - offset)), mode));
    },
    describe: () => `Function for field ${field}:`,
  };
}

/** The decay curve of `gauss`, `exp` or `linear` for a scale and the decay at it. */
function decayShape(type: 'gauss' | 'linear' | 'exp', scale: number, decay: number, offset: number): (distance: number) => number {
  // ES 5.6 AbstractDistanceScoreFunction's checks (wrapped by the caller into `failed to create query`)
  if (!(scale > 0)) throw new EsError('illegal_argument_exception', 400, 'function_score : scale must be > 0.0.');
  if (!(decay > 0 && decay < 1)) throw new EsError('illegal_argument_exception', 400, 'function_score : decay must be in the range [0..1].');
  if (offset < 0) throw new EsError('illegal_argument_exception', 400, 'function_score : offset must be > 0.0');
  let shape: (distance: number) => number;
  if (type === 'gauss') {
    const sigma2 = (-scale * scale) / (2 * Math.log(decay));
    shape = (x) => Math.exp((-x * x) / (2 * sigma2));
  } else if (type === 'exp') {
    const lambda = Math.log(decay) / scale;
    shape = (x) => Math.exp(lambda * x);
  } else {
    const s = scale / (1 - decay);
    shape = (x) => Math.max(0, (s - x) / s);
  }
  return shape;
}

function pickDistance(dists: number[], mode: string): number {
  if (mode === 'max') return Math.max(...dists);
  if (mode === 'avg') return dists.reduce((a, b) => a + b, 0) / dists.length;
  if (mode === 'sum') return dists.reduce((a, b) => a + b, 0);
  return Math.min(...dists);
}

/** Decay on a geo_point field: arc distance from `origin`, `scale`/`offset` as distances. */
function geoDecay(type: 'gauss' | 'linear' | 'exp', field: string, params: Record<string, unknown>, mode: string): CompiledFunction {
  if (params['origin'] === undefined || params['scale'] === undefined) throw new EsError('parse_exception', 400, '[origin] and [scale] must be set for geo fields.');
  const origin = parseGeoPoint(params['origin']);
  const scale = parseDistanceMeters(params['scale']);
  const offset = params['offset'] === undefined ? 0 : parseDistanceMeters(params['offset']);
  const decay = params['decay'] === undefined ? 0.5 : Number(params['decay']);
  const shape = decayShape(type, scale, decay, offset);
  return {
    bind: (seg) => (d) => {
      const pts = geoPointsOf(seg, field, d);
      if (pts.length === 0) return 1;
      return shape(pickDistance(pts.map((p) => Math.max(0, haversinMeters(origin.lat, origin.lon, p.lat, p.lon) - offset)), mode));
    },
    describe: () => `Function for field ${field}:`,
  };
}
