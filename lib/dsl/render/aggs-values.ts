/**
 * Pieces the aggregation renderings share: `ValuesSourceAggregationBuilder.internalXContent`'s
 * leading fields and `IncludeExclude.toXContent`.
 */
import type { TermsSpec, ValuesSpec } from '../aggs/spec.js';
import { scriptNode, termValue } from './common.js';
import { obj, type XNode } from './xcontent.js';

/** field, script, missing, format, time_zone, value_type: the ones set, in ES's order. */
export function valuesEntries(v: ValuesSpec, timeZone?: string): Array<[string, XNode | undefined]> {
  return [
    ['field', v.field],
    ['script', v.script ? scriptNode(v.script) : undefined],
    ['missing', v.missing !== undefined ? termValue(v.missing) : undefined],
    ['format', v.format],
    ['time_zone', timeZone],
    ['value_type', v.valueType],
  ];
}

/** `IncludeExclude.toXContent`: a regex string, a value array, or `{partition, num_partitions}`. */
export function includeExclude(t: Pick<TermsSpec, 'include' | 'exclude'>): Array<[string, XNode | undefined]> {
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
