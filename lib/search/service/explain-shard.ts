/**
 * `_explain` on the shard holding the document: compile the query with the same weight a search
 * would use (alias filters included), find the document by its `_uid` term and explain its score.
 */
import { parseQuery } from '../../dsl/parse-query.js';
import type { ExplainRequest, ExplainResult } from '../../messages/shard-search.js';
import { encodeRendered } from '../../messages/wire-json.js';
import { filterSourceObject } from '../../mapping/source-filter.js';
import { RawJson } from '../../units/java-number.js';
import { dict } from '../../dict.js';
import { compileQuery } from '../compile-query.js';
import { BooleanWeight } from '../boolean-weight.js';
import { explanationToJson } from '../explanation.js';
import type { ReaderContext } from './reader-context.js';

interface MetaReader {
  docType?(d: number): string;
  docId?(d: number): string;
  nestedPath?(d: number): string | undefined;
}

/** Explain document `r.type`/`r.id` on the open context `rc`. */
export async function explainShard(rc: ReaderContext, r: ExplainRequest): Promise<ExplainResult> {
  let weight = await compileQuery(rc.compile, r.query, { boost: 1, filter: false, segments: rc.segments });
  if (r.aliasFilters) {
    const fs = await Promise.all(r.aliasFilters.map((f) => compileQuery(rc.compile, parseQuery(f), { boost: 1, filter: true, segments: rc.segments })));
    weight = new BooleanWeight([{ occur: 'must', weight }, ...fs.map((w) => ({ occur: 'filter' as const, weight: w }))], 0, false);
  }
  for (const seg of rc.segments) {
    const m = seg as typeof seg & MetaReader;
    // the document by its `_uid` term (ES looks the id up the same way), not a scan of the segment
    const uid = seg.docFreq('_uid', `${r.type}#${r.id}`) > 0 ? await seg.postings('_uid', `${r.type}#${r.id}`) : null;
    for (const d of uid?.docs ?? []) {
      if (!seg.isLive(d) || m.nestedPath?.(d) !== undefined) continue;
      if (m.docId?.(d) !== r.id || m.docType?.(d) !== r.type) continue;
      const e = await weight.explain(seg, d);
      const out: ExplainResult = { found: true, matched: e.match, explanation: encodeRendered(explanationToJson(e)) };
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
        out.get = encodeRendered(get);
      }
      return out;
    }
  }
  return { found: false, matched: false };
}
