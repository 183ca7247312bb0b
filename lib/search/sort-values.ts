/**
 * Sort fields compiled against the mappings and bound per segment to doc values: a value per
 * doc (number or string, `null` for missing strings) that the collector compares, and how the
 * value renders in a hit's `sort` array (ES 5.6 `FieldSortBuilder` / `SortField`).
 */
import { columnOf, type Column } from './doc-values-column.js';
import { EsError, notBuiltYet } from '../errors/errors.js';
import type { NestedSortDocs } from './nested-sort.js';
import type { SegmentReader } from '../shard/segment-reader.js';
import { queryShardError, type CompileContext } from './compile-context.js';
import { isNumericType, type SearchField } from './field-types.js';
import { parseDateValue } from './field-terms.js';
import type { SortSpec } from '../dsl/sort-spec.js';
import { compileSearchScript } from './search-script.js';
import { compileGeoSort } from './geo-sort.js';
import { javaString } from '../script/runtime/values.js';
import { jsonDouble, jsonFloat, RawJson } from '../units/java-number.js';

import type { SortValue } from '../messages/hit-order.js';

export type { SortValue };

export interface CompiledSort {
  readonly spec: SortSpec;
  readonly kind: 'score' | 'doc' | 'uid' | 'numeric' | 'string';
  readonly reverse: boolean;
  /** Missing values sort first (a custom `_first`, or order-dependent). */
  bind(seg: SegmentReader, docBase: number): (doc: number, score: number) => SortValue;
  /** Value as rendered in `hits.hits[].sort`. */
  render(v: SortValue): unknown;
  /** Missing (null) string values sort first whatever the order. */
  readonly missingFirst?: boolean;
  /** The sort reads `_score` (script sorts), so the collector must compute scores. */
  readonly needsScores?: boolean;
}

const LONG_MAX = 9223372036854775807;
const LONG_MIN = -9223372036854775808;

/** Java's `Math.round(double)`: floor(x + 0.5). */
function javaRound(x: number): number {
  return Math.floor(x + 0.5);
}

/**
 * ES's `MultiValueMode` pick over one doc's sorted values. Integral fields (long, date, ...) sort
 * on a `long`, so `avg` and `median` round as `Math.round` does there (avg of [1, 10] is 6).
 */
function pickNumber(vals: ArrayLike<number>, from: number, to: number, mode: string, integral: boolean): number {
  if (mode === 'min') return vals[from] as number;
  if (mode === 'max') return vals[to - 1] as number;
  let sum = 0;
  for (let i = from; i < to; i++) sum += vals[i] as number;
  if (mode === 'sum') return sum;
  const n = to - from;
  if (mode === 'avg') return integral && n > 1 ? javaRound(sum / n) : sum / n;
  const mid = from + (n >> 1);
  if (n % 2 === 1) return vals[mid] as number;
  const median = ((vals[mid - 1] as number) + (vals[mid] as number)) / 2;
  return integral ? javaRound(median) : median;
}

/**
 * How a numeric sort value renders, as Jackson writes the Java value of ES's comparator: `long`
 * for integral fields (the missing-value sentinels are Long.MIN/MAX_VALUE, exact in the JSON
 * text), `float` for float and half_float, `double` otherwise; infinities (missing values of
 * floating fields) are quoted ("Infinity"), as Jackson's QUOTE_NON_NUMERIC_NUMBERS does.
 */
function numericRenderer(type: string, integral: boolean): (v: SortValue) => unknown {
  if (integral) {
    return (v) => (v === LONG_MAX ? new RawJson('9223372036854775807') : v === LONG_MIN ? new RawJson('-9223372036854775808') : v);
  }
  const float = type === 'float' || type === 'half_float';
  return (v) => {
    if (typeof v !== 'number') return v;
    if (!Number.isFinite(v)) return Number.isNaN(v) ? 'NaN' : v > 0 ? 'Infinity' : '-Infinity';
    return float ? jsonFloat(v) : jsonDouble(v);
  };
}

/** Compile one sort spec for a shard. */
export function compileSort(ctx: CompileContext, spec: SortSpec, nested?: NestedSortDocs): CompiledSort {
  if (spec.nestedFilter && spec.nestedPath !== undefined && !nested) throw notBuiltYet('nested_filter in this sort');
  const reverse = spec.order === 'desc';
  // `reverse` is the order values compare in (hit-order.ts): `_score` desc is descending values
  if (spec.field === '_score') return { spec, kind: 'score', reverse, bind: () => (_d, s) => s, render: (v) => v };
  if (spec.field === '_doc') return { spec, kind: 'doc', reverse, bind: (_seg, base) => (d) => base + d, render: (v) => v };
  if (spec.field === '_uid') {
    return {
      spec,
      kind: 'uid',
      reverse,
      bind: (seg) => {
        const m = seg as SegmentReader & { docType?(d: number): string; docId?(d: number): string };
        return (d) => `${m.docType?.(d) ?? ''}#${m.docId?.(d) ?? ''}`;
      },
      render: (v) => v,
    };
  }
  if (spec.script) return scriptSort(ctx, spec, spec.script, reverse);
  if (spec.geo) return compileGeoSort(ctx, spec, nested);
  let f: SearchField | undefined = ctx.fields.get(spec.field);
  if (!f) {
    if (spec.unmappedType === undefined) throw queryShardError(ctx, `No mapping found for [${spec.field}] in order to sort on`);
    f = { path: spec.field, type: spec.unmappedType, indexed: true, docValues: true, stored: false, raw: {} };
  }
  if (f.type === 'text' || (f.type === 'string' && f.raw['index'] !== 'not_analyzed')) {
    if (f.raw['fielddata'] !== true) {
      throw new EsError(
        'illegal_argument_exception',
        400,
        `Fielddata is disabled on text fields by default. Set fielddata=true on [${f.path}] in order to load fielddata in memory by uninverting the inverted index. Note that this can however use significant memory.`,
      );
    }
  }
  const numeric = isNumericType(f.type) || f.type === 'date' || f.type === 'boolean';
  const mode = spec.mode ?? (reverse ? 'max' : 'min');
  // FieldSortBuilder.build: only numeric field data (numbers, dates, booleans) can sum or average.
  if (!numeric && (mode === 'sum' || mode === 'avg' || mode === 'median')) {
    throw queryShardError(ctx, 'we only support AVG, MEDIAN and SUM on number based fields');
  }
  const field = f.path;
  const integral = f.type === 'long' || f.type === 'integer' || f.type === 'short' || f.type === 'byte' || f.type === 'date' || f.type === 'boolean';
  if (numeric) {
    const missing = spec.missing ?? '_last';
    let missingValue: number;
    if (missing === '_last') missingValue = reverse ? (integral ? LONG_MIN : -Infinity) : integral ? LONG_MAX : Infinity;
    else if (missing === '_first') missingValue = reverse ? (integral ? LONG_MAX : Infinity) : integral ? LONG_MIN : -Infinity;
    else if (f.type === 'date') missingValue = parseDateValue(ctx, f, missing as string, false);
    else missingValue = Number(missing);
    return {
      spec,
      kind: 'numeric',
      reverse,
      bind: (seg) => {
        if (nested) {
          const kids = nested.childrenOf(seg);
          return (d) => {
            const vals: number[] = [];
            for (const c of kids(d)) for (const v of seg.numericValues(field, c)) vals.push(v);
            return vals.length === 0 ? missingValue : pickNumber(vals.sort((a, b) => a - b), 0, vals.length, mode, integral);
          };
        }
        const col = columnOf(seg, field);
        if (col && col.kind === 'numeric') {
          const { start, values } = col;
          return (d) => {
            const s = start[d] as number;
            const e = start[d + 1] as number;
            return s === e ? missingValue : pickNumber(values, s, e, mode, integral);
          };
        }
        return (d) => {
          const vals = seg.numericValues(field, d);
          return vals.length === 0 ? missingValue : pickNumber(vals, 0, vals.length, mode, integral);
        };
      },
      render: numericRenderer(f.type, integral),
    };
  }
  const missing = spec.missing ?? '_last';
  const missingFirst = missing === '_first';
  const missingValue: SortValue = missing === '_last' || missing === '_first' ? null : String(missing);
  return {
    spec,
    kind: 'string',
    reverse,
    bind: (seg) => {
      if (nested) {
        const kids = nested.childrenOf(seg);
        return (d) => {
          const vals: string[] = [];
          for (const c of kids(d)) for (const v of seg.stringValues(field, c)) vals.push(v);
          if (vals.length === 0) return missingValue;
          vals.sort();
          return (mode === 'max' ? vals[vals.length - 1] : vals[0]) as string;
        };
      }
      const col = columnOf(seg, field);
      if (col && col.kind === 'string') {
        const { start, ords, terms } = col;
        return (d) => {
          const s = start[d] as number;
          const e = start[d + 1] as number;
          if (s === e) return missingValue;
          return terms[(mode === 'max' ? ords[e - 1] : ords[s]) as number] as string;
        };
      }
      return (d) => {
        const vals = seg.stringValues(field, d);
        if (vals.length === 0) return missingValue;
        return (mode === 'max' ? vals[vals.length - 1] : vals[0]) as string;
      };
    },
    render: (v) => v,
    missingFirst,
  };
}

/** `_script` sort (ES 5.6 `ScriptSortBuilder`): the script's double (`number`) or string per doc. */
function scriptSort(ctx: CompileContext, spec: SortSpec, script: NonNullable<SortSpec['script']>, reverse: boolean): CompiledSort {
  const compiled = compileSearchScript(ctx, script.ref);
  if (script.type === 'number') {
    return { spec, kind: 'numeric', reverse, needsScores: true, bind: (seg) => compiled.bindNumber(seg), render: numericRenderer('double', false) };
  }
  return {
    spec,
    kind: 'string',
    reverse,
    needsScores: true,
    bind: (seg) => {
      const run = compiled.bind(seg);
      return (d, score) => {
        const v = run(d, score);
        return v === null || v === undefined ? null : javaString(v);
      };
    },
    render: (v) => v,
  };
}

export { compareSortValues } from '../messages/hit-order.js';
