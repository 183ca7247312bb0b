/**
 * `GET /{index}/{type}/{id}/_explain`: run the query on the shard holding the document and
 * explain its score with the same weight a search would use (alias filter included).
 */
import type { NodeContext } from '../context.js';
import { EsError } from '../../errors/errors.js';
import { parseQuery } from '../../dsl/parse-query.js';
import type { Query } from '../../dsl/query-types.js';
import { shardFor } from '../../cluster/routing.js';
import { numberOfShards } from '../../cluster/state.js';
import { compileQuery } from '../../search/compile-query.js';
import { BooleanWeight } from '../../search/boolean-weight.js';
import { explanationToJson } from '../../search/explanation.js';
import { filterSourceObject } from '../../mapping/source-filter.js';
import { resolveTargets } from './shard-targets.js';
import { openShardContext } from './shard-context.js';
import { STRICT_EXPAND_OPEN } from '../resolve-indices.js';
import { RawJson } from '../../units/java-number.js';
import { dict } from '../../dict.js';

export interface ExplainRequest {
  index: string;
  type: string;
  id: string;
  query: Query;
  routing?: string;
  source?: unknown;
  storedFields?: string[];
}

interface MetaReader {
  docType?(d: number): string;
  docId?(d: number): string;
  nestedPath?(d: number): string | undefined;
}

export async function explainDocument(ctx: NodeContext, r: ExplainRequest): Promise<{ status: number; body: Record<string, unknown> }> {
  const state = ctx.cluster.state();
  const targets = resolveTargets(state, [r.index], STRICT_EXPAND_OPEN, undefined, undefined);
  if (targets.length !== 1) {
    throw new EsError('illegal_argument_exception', 400, `Alias [${r.index}] has more than one indices associated with it [${targets.map((t) => t.index).join(', ')}], can't execute a single index op`);
  }
  const target = targets[0]!;
  const meta = state.indices[target.index]!;
  const svc = ctx.indices.get(target.index);
  if (!svc) throw new EsError('index_closed_exception', 403, 'closed', { metadata: { index: target.index } });
  const shard = shardFor(r.routing ?? r.id, numberOfShards(meta));
  const sc = openShardContext(ctx, svc, shard, 0, Date.now(), 1);
  try {
    let weight = await compileQuery(sc.compile, r.query, { boost: 1, filter: false, segments: sc.segments });
    if (target.aliasFilters) {
      const fs = await Promise.all(target.aliasFilters.map((f) => compileQuery(sc.compile, parseQuery(f), { boost: 1, filter: true, segments: sc.segments })));
      weight = new BooleanWeight([{ occur: 'must', weight }, ...fs.map((w) => ({ occur: 'filter' as const, weight: w }))], 0, false);
    }
    for (const seg of sc.segments) {
      const m = seg as typeof seg & MetaReader;
      for (let d = 0; d < seg.maxDoc; d++) {
        if (!seg.isLive(d) || m.nestedPath?.(d) !== undefined) continue;
        if (m.docId?.(d) !== r.id || m.docType?.(d) !== r.type) continue;
        const e = await weight.explain(seg, d);
        const body: Record<string, unknown> = { _index: target.index, _type: r.type, _id: r.id, matched: e.match, explanation: explanationToJson(e) };
        const wantSource = r.source !== undefined && r.source !== false;
        if (wantSource || (r.storedFields && r.storedFields.length > 0)) {
          const doc = await seg.document(d);
          const get: Record<string, unknown> = {};
          if (wantSource && doc.source) {
            const text = doc.source.toString('utf8');
            get._source = r.source === true ? new RawJson(text) : filterSourceObject(JSON.parse(text) as Record<string, unknown>, r.source);
          }
          if (r.storedFields) {
            const fields: Record<string, unknown[]> = dict(); // field names are user input
            for (const f of r.storedFields) if (Object.hasOwn(doc.stored, f) && doc.stored[f]) fields[f] = doc.stored[f] as unknown[];
            if (Object.keys(fields).length > 0) get.fields = fields;
          }
          body.get = get;
        }
        return { status: 200, body };
      }
    }
    return { status: 404, body: { _index: target.index, _type: r.type, _id: r.id, matched: false } };
  } finally {
    sc.searcher.release();
  }
}
