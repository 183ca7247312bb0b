/**
 * `scripted_metric` (ES 5.6 `ScriptedMetricAggregator` / `InternalScriptedMetric`): on each shard
 * and for each parent bucket, a copy of `params` (default `{"_agg": {}}`) is the state the
 * `init_script` (once), the `map_script` (per document, with `doc` and `_score`) and the
 * `combine_script` (once, its result is the shard's) share; without a combine script the shard's
 * result is `params._agg`. The coordinator gathers the shard results in shard order as `_aggs`
 * and runs the `reduce_script` over them (`params._aggs` plus the reduce script's own params);
 * without one the value is the list itself. Scripts run through the node's script service
 * (operation `aggs`) under its per-execution budgets.
 */
import type { SegmentReader } from '../shard/segment-reader.js';
import { JDouble, toHost, toScript } from '../script/runtime/values.js';
import { JsonDouble } from '../units/java-number.js';
import type { InternalAgg, ScriptedMetricSpec } from './types.js';
import type { Aggregator, LeafCollector, ShardAggContext } from './aggregator.js';
import type { StatefulScript } from '../search/search-script.js';
import type { PipelineEnv } from './parent-pipelines.js';
import { EsError } from '../errors/errors.js';

/** The shard side: one params map per parent bucket ordinal. */
export class ScriptedMetricAggregator implements Aggregator {
  private readonly init?: StatefulScript;
  private readonly map: StatefulScript;
  private readonly combine?: StatefulScript;
  private readonly states = new Map<number, Map<unknown, unknown>>();
  constructor(
    readonly spec: ScriptedMetricSpec,
    ctx: ShardAggContext,
  ) {
    if (spec.initScript) this.init = ctx.statefulScript(spec.initScript);
    this.map = ctx.statefulScript(spec.mapScript);
    if (spec.combineScript) this.combine = ctx.statefulScript(spec.combineScript);
  }
  async prepare(): Promise<void> {}
  /** The state of a bucket: a deep copy of params, the init script run on it. */
  private state(owner: number): Map<unknown, unknown> {
    let p = this.states.get(owner);
    if (!p) {
      p = toScript(this.spec.params ?? { _agg: {} }) as Map<unknown, unknown>;
      this.states.set(owner, p);
      this.init?.run(p);
    }
    return p;
  }
  leaf(seg: SegmentReader): LeafCollector {
    const bound = new Map<number, (doc: number, score: number) => unknown>();
    return (doc, owner, score) => {
      let run = bound.get(owner);
      if (!run) bound.set(owner, (run = this.map.bind(seg, this.state(owner))));
      run(doc, score);
    };
  }
  build(owner: number): InternalAgg {
    const p = this.state(owner);
    const result = this.combine ? this.combine.run(p) : p.get('_agg');
    // Java doubles stay marked so that `1.0` prints as ES prints it
    return { kind: 'scripted_metric', spec: this.spec, parts: [toHost(result, true)] };
  }
}

/** InternalScriptedMetric's final reduce: the reduce script over the shard results, or the list. */
export function finishScriptedMetric(a: Extract<InternalAgg, { kind: 'scripted_metric' }>, env: PipelineEnv): void {
  if (a.value !== undefined) return;
  const ref = a.spec.reduceScript;
  if (!ref) {
    a.value = a.parts;
    return;
  }
  if (!env.scripts) throw new EsError('illegal_state_exception', 500, 'scripts are not available on this node');
  const { script } = env.scripts.compile(ref, 'aggs');
  const params = new Map<unknown, unknown>([['_aggs', a.parts.map(fromHost)]]);
  for (const [k, v] of toScript(ref.params ?? {}) as Map<unknown, unknown>) params.set(k, v);
  a.value = toHost(script.execute({ params }), true);
}

/** A shard result (host JSON with marked doubles) as script values again. */
function fromHost(v: unknown): unknown {
  if (v instanceof JsonDouble) return new JDouble(v.value);
  if (Array.isArray(v)) return v.map(fromHost);
  if (v !== null && typeof v === 'object') {
    const m = new Map<unknown, unknown>();
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) m.set(k, fromHost(x));
    return m;
  }
  return v ?? null;
}
