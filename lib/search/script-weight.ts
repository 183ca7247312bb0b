/**
 * The `script` query (ES 5.6 `ScriptQueryBuilder.ScriptQuery`): a document matches when the
 * script returns true (or a non-zero number); matches score the boost, as Lucene's
 * `ConstantScoreWeight`. Doc sets are not cached: a script may read the clock or a stored
 * script that changes.
 */
import type { ScriptRef } from '../dsl/script-ref.js';
import { EsError } from '../errors/errors.js';
import type { SegmentReader } from '../shard/segment-reader.js';
import { javaString, JDouble } from '../script/runtime/values.js';
import type { CompileContext } from './compile-context.js';
import { constantExplanation } from './constant-weights.js';
import { explNoMatch, type Explanation } from './explanation.js';
import { DocListScorer, type Scorer } from './scorer.js';
import { compileSearchScript, type SearchScript } from './search-script.js';
import type { Weight } from './weight.js';
import { Pacer } from './pacer.js';

/** ES `Script#toString`. */
export function scriptToString(ref: ScriptRef): string {
  return `[script: ${ref.idOrCode}, type: ${ref.type}, lang: ${ref.lang}, params: {${Object.entries(ref.params).map(([k, v]) => `${k}=${javaString(v)}`).join(', ')}}]`;
}

/** Whether a script result accepts the document. */
function accepts(v: unknown): boolean {
  if (v === null || v === undefined) return false;
  if (typeof v === 'boolean') return v;
  if (typeof v === 'number') return Math.trunc(v) !== 0;
  if (v instanceof JDouble) return Math.trunc(v.v) !== 0;
  throw new EsError('illegal_argument_exception', 400, `Can't handle type [${javaString(v)}] in script filter`);
}

/** The weight of a `script` query on one shard. */
export class ScriptQueryWeight implements Weight {
  readonly description: string;
  private readonly script: SearchScript;
  private readonly pacer: Pacer | undefined;

  constructor(ctx: CompileContext, ref: ScriptRef, readonly boost: number) {
    this.script = compileSearchScript(ctx, ref);
    this.pacer = ctx.pacer;
    this.description = `ScriptFilter(${scriptToString(ref)})`;
  }

  /**
   * Run the script on every live doc of the segment. Paced (pacer.ts): the event loop gets turns
   * while a costly script runs, and at the request's deadline the docs found so far are kept.
   */
  private async docs(seg: SegmentReader): Promise<Int32Array> {
    const run = this.script.bind(seg);
    const out: number[] = [];
    const allLive = seg.numDocs === seg.maxDoc;
    const paced = (this.pacer ?? new Pacer()).loop();
    let left = paced.budget;
    for (let d = 0; d < seg.maxDoc; d++) {
      if (--left === 0 && (left = await paced.pause()) < 0) break;
      if (!allLive && !seg.isLive(d)) continue;
      if (accepts(run(d, 0))) out.push(d);
    }
    return Int32Array.from(out);
  }

  async scorer(seg: SegmentReader): Promise<Scorer | null> {
    const d = await this.docs(seg);
    return d.length > 0 ? new DocListScorer(d, Math.fround(this.boost)) : null;
  }

  async explain(seg: SegmentReader, doc: number): Promise<Explanation> {
    if (accepts(this.script.bind(seg)(doc, 0))) return constantExplanation(this.description, this.boost);
    return explNoMatch(`${this.description} doesn't match id ${doc}`);
  }
}
