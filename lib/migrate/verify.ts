/**
 * Checking one migrated index: the document counts of source and target (after a refresh of the
 * target), and a sample of documents — read from the source in a seeded random order, fetched from
 * the target by type, id and routing — whose `_source` must be equal (as JSON values: key order
 * does not matter).
 */
import type { ClusterClient } from './cluster-client.js';

export interface Verification {
  sourceCount: number;
  targetCount: number;
  sampled: number;
  /** Ids of sampled documents missing from the target or different there. */
  mismatched: string[];
}

/** Whether the verification found the index copied. */
export function verified(v: Verification): boolean {
  return v.sourceCount === v.targetCount && v.mismatched.length === 0;
}

/** Document count of `index` (0 when the index is missing). */
export async function countOf(cluster: ClusterClient, index: string): Promise<number> {
  const res = await cluster.send('GET', `/${encodeURIComponent(index)}/_count`);
  if (res.status === 404) return 0;
  if (res.status !== 200) return cluster.call('GET', `/${encodeURIComponent(index)}/_count`);
  return Number((res.body as { count: number }).count);
}

/** Deep equality of two parsed JSON values, ignoring object key order. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a)) return Array.isArray(b) && a.length === b.length && a.every((x, i) => sameJson(x, b[i]));
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object' || Array.isArray(b)) return false;
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return ka.length === kb.length && ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameJson((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]));
}

/** Compare `index` on both clusters; `sample` documents are compared one by one. */
export async function verifyIndex(source: ClusterClient, target: ClusterClient, index: string, sample: number): Promise<Verification> {
  const path = `/${encodeURIComponent(index)}`;
  await target.send('POST', `${path}/_refresh`);
  const [sourceCount, targetCount] = await Promise.all([countOf(source, index), countOf(target, index)]);
  const out: Verification = { sourceCount, targetCount, sampled: 0, mismatched: [] };
  if (sample <= 0 || sourceCount === 0) return out;
  const picked = (await source.call('POST', `${path}/_search`, {
    size: sample,
    query: { function_score: { query: { match_all: {} }, random_score: { seed: 42 } } },
  })) as { hits: { hits: Array<{ _type: string; _id: string; _routing?: string; _source: unknown }> } };
  const hits = picked.hits.hits;
  out.sampled = hits.length;
  if (hits.length === 0) return out;
  const docs = hits.map((h) => ({ _index: index, _type: h._type, _id: h._id, ...(h._routing !== undefined ? { _routing: h._routing } : {}) }));
  const got = (await target.call('POST', '/_mget', { docs })) as { docs: Array<{ found?: boolean; _source?: unknown }> };
  hits.forEach((h, i) => {
    const d = got.docs[i];
    if (!d?.found || !sameJson(d._source, h._source)) out.mismatched.push(h._id);
  });
  return out;
}
