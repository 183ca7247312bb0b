/**
 * `include` / `exclude` of the terms-style aggregations (ES 5.6 `IncludeExclude`): a regex (string
 * keys of raw-format fields only, run as a Lucene automaton: no backtracking), a list of values
 * (parsed with the field's format), or `partition` / `num_partitions`. One home for `terms` and
 * `significant_terms`.
 */
import { EsError } from '../errors/errors.js';
import { compileRegexp, RegexpSyntax, TermMatcher } from '../automaton/index.js';
import { inPartition } from './partition.js';
import { keyOfText, type ValuesSource } from './values.js';
import type { ShardAggContext } from './aggregator.js';

/** The `include` / `exclude` settings as parsed. */
export interface IncludeExcludeSpec {
  include?: { regex?: string; values?: string[]; partition?: number; numPartitions?: number };
  exclude?: { regex?: string; values?: string[] };
}

/** Which bucket keys an aggregation keeps. */
export class IncludeExclude {
  private readonly incRegex?: TermMatcher;
  private readonly excRegex?: TermMatcher;
  private readonly incKeys?: Set<string | number>;
  private readonly excKeys?: Set<string | number>;

  constructor(
    private readonly spec: IncludeExcludeSpec,
    name: string,
    private readonly vs: ValuesSource,
    ctx: ShardAggContext,
  ) {
    const { include, exclude } = spec;
    if ((include?.regex !== undefined || exclude?.regex !== undefined) && (vs.valueType !== 'string' || vs.format.kind !== 'raw')) {
      throw new EsError(
        'aggregation_execution_exception',
        500,
        `Aggregation [${name}] cannot support regular expression style include/exclude settings as they can only be applied to string fields. Use an array of values for include/exclude clauses`,
      );
    }
    const keys = (values?: readonly string[]): Set<string | number> | undefined =>
      values && new Set(values.map((v) => (vs.valueType === 'string' ? keyOfText(vs.field, v) : ctx.parseValue(vs.field, v, false))));
    const inc = keys(include?.values);
    const exc = keys(exclude?.values);
    if (inc) this.incKeys = inc;
    if (exc) this.excKeys = exc;
    if (include?.regex !== undefined) this.incRegex = new TermMatcher(compileRegexp(include.regex, RegexpSyntax.ALL));
    if (exclude?.regex !== undefined) this.excRegex = new TermMatcher(compileRegexp(exclude.regex, RegexpSyntax.ALL));
  }

  /** Whether `key` passes the include and is not excluded. */
  accepts(key: string | number): boolean {
    const { include, exclude } = this.spec;
    if (include?.numPartitions !== undefined) {
      if (!inPartition(key, this.vs.valueType !== 'double', include.partition ?? 0, include.numPartitions)) return false;
    } else if (include && !((this.incRegex && this.incRegex.test(key as string)) || this.incKeys?.has(key))) return false;
    if (exclude && ((this.excRegex && this.excRegex.test(key as string)) || this.excKeys?.has(key))) return false;
    return true;
  }
}
