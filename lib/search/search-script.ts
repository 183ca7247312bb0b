/**
 * Scripts run during a search (ES 5.6 `SearchScript`): compiled once per request and shard,
 * bound once per segment to a `doc` lookup over that segment's doc values, then run per
 * document with `_score`. The same binding serves the `script` query, `script_score`, `_script`
 * sorts and `script_fields` (which also see `params._source`).
 */
import type { ScriptRef } from '../dsl/script-ref.js';
import { EsError } from '../errors/errors.js';
import { DocLookup, type DocValuesColumns, type FieldValueKind } from '../script/doc-lookup.js';
import { ExpressionScript } from '../script/expression/expression.js';
import type { ScriptGlobals } from '../script/painless/scope.js';
import { runAsDouble, toScript } from '../script/runtime/values.js';
import type { ScriptOperation } from '../script/script-service.js';
import type { ExecutableScript } from '../script/types.js';
import type { SegmentReader } from '../shard/segment-reader.js';
import type { CompileContext } from './compile-context.js';
import { isNumericType, type IndexFields } from './field-types.js';

/** A script bound to one segment: run it on a document. */
export type BoundScript = (doc: number, score: number) => unknown;

/** A search script compiled for one shard. */
export interface SearchScript {
  readonly lang: string;
  readonly source: string;
  /** The script's `params` as script values (a Map; script fields add `_source`). */
  readonly params: Map<unknown, unknown>;
  /** Bind to a segment; the returned function reuses one lookup for every document. */
  bind(seg: SegmentReader): BoundScript;
  /** Bind for a plain number (sorts, scores): expressions skip the generic path. */
  bindNumber(seg: SegmentReader): (doc: number, score: number) => number;
  /** Bind as an aggregation value script: run per value with `_value` set to it. */
  bindValue(seg: SegmentReader): (doc: number, score: number, value: unknown) => unknown;
}

/** How a mapped field reads in scripts; text fields need fielddata as ES requires. */
function kindOf(fields: IndexFields, path: string): FieldValueKind | undefined {
  const f = fields.get(path);
  if (!f) return undefined;
  const t = f.type;
  if (t === 'date') return 'date';
  if (t === 'boolean') return 'boolean';
  if (t === 'geo_point') return 'geo_point';
  if (t === 'long' || t === 'integer' || t === 'short' || t === 'byte') return 'long';
  if (isNumericType(t)) return 'double';
  if ((t === 'text' || (t === 'string' && f.raw['index'] !== 'not_analyzed')) && f.raw['fielddata'] !== true) {
    throw new EsError(
      'illegal_argument_exception',
      400,
      `Fielddata is disabled on text fields by default. Set fielddata=true on [${path}] in order to load fielddata in memory by uninverting the inverted index. Note that this can however use significant memory.`,
    );
  }
  return 'string';
}

/** Compile `ref` for a search on this shard (errors: ES's script errors, unchanged). */
export function compileSearchScript(ctx: CompileContext, ref: ScriptRef, op: ScriptOperation = 'search'): SearchScript {
  if (!ctx.scripts) throw new EsError('illegal_state_exception', 500, 'scripts are not available on this node');
  const { script, lang, source } = ctx.scripts.compile(ref, op);
  const params = toScript(ref.params) as Map<unknown, unknown>;
  const kinds = (field: string): FieldValueKind | undefined => kindOf(ctx.fields, field);
  const lookupFor = (seg: SegmentReader): { g: ScriptGlobals; lookup: DocLookup } => {
    const lookup = new DocLookup(seg as unknown as DocValuesColumns, kinds);
    return { g: { params, doc: lookup, _score: 0 }, lookup };
  };
  return {
    lang,
    source,
    params,
    bind(seg) {
      const { g, lookup } = lookupFor(seg);
      const s: ExecutableScript = script;
      return (doc, score) => {
        lookup.doc = doc;
        g._score = score;
        return s.execute(g);
      };
    },
    bindValue(seg) {
      const { g, lookup } = lookupFor(seg);
      return (doc, score, value) => {
        lookup.doc = doc;
        g._score = score;
        g._value = value;
        return script.execute(g);
      };
    },
    bindNumber(seg) {
      const { g, lookup } = lookupFor(seg);
      if (script instanceof ExpressionScript) {
        return (doc, score) => {
          lookup.doc = doc;
          g._score = score;
          return script.evaluate(g);
        };
      }
      return (doc, score) => {
        lookup.doc = doc;
        g._score = score;
        const v = script.execute(g);
        return typeof v === 'number' ? v : runAsDouble(v);
      };
    },
  };
}

/** `script_fields` of a request (name → ES `ScriptField`), compiled for one shard. */
export function compileScriptFields(
  ctx: CompileContext,
  defs: Record<string, unknown>,
): Array<{ name: string; script: SearchScript; ignoreFailure: boolean }> {
  return Object.values(defs).map((d) => {
    const f = d as { name: string; script: ScriptRef; ignoreFailure: boolean };
    return { name: f.name, script: compileSearchScript(ctx, f.script), ignoreFailure: f.ignoreFailure };
  });
}

/** A script run with a caller-owned `params` (scripted_metric keeps its state in `params._agg`). */
export interface StatefulScript {
  /** Run once without a document (init, combine). */
  run(params: unknown): unknown;
  /** Bind to a segment: run per document with `doc` and `_score`. */
  bind(seg: SegmentReader, params: unknown): (doc: number, score: number) => unknown;
}

/** Compile `ref` for a stateful aggregation script on this shard (errors: ES's script errors). */
export function compileStatefulScript(ctx: CompileContext, ref: ScriptRef, op: ScriptOperation = 'aggs'): StatefulScript {
  if (!ctx.scripts) throw new EsError('illegal_state_exception', 500, 'scripts are not available on this node');
  const { script } = ctx.scripts.compile(ref, op);
  const kinds = (field: string): FieldValueKind | undefined => kindOf(ctx.fields, field);
  return {
    run: (params) => script.execute({ params }),
    bind(seg, params) {
      const lookup = new DocLookup(seg as unknown as DocValuesColumns, kinds);
      const g: ScriptGlobals = { params, doc: lookup, _score: 0 };
      return (doc, score) => {
        lookup.doc = doc;
        g._score = score;
        return script.execute(g);
      };
    },
  };
}
