/**
 * Two query kinds `npm run bench` adds to the shared mix (issue 11), which the other engines of
 * the shared harness do not answer, so they have no Lucene ratio:
 * - `highlight`: the mix's `match` bodies with `highlight: {fields: {summary: {}}}` (plain
 *   highlighter over the summary of each of the top 10 hits), on the bench index;
 * - `nested`: a `nested` query over a second index, `bench_nested`, loaded (untimed) from the first
 *   20,000 documents of the corpus with `words` as nested objects `{w, i}` (the package name's
 *   words and their position): 30 bodies, each asking for packages whose name has a given word
 *   first (`bool` of two terms inside `nested`).
 */
import { timeMix, type Answer, type KindStats, type MixQuery } from './query-mix.js';

type Call = (method: string, path: string, body?: string, ndjson?: boolean) => Promise<unknown>;

/** Documents loaded into the nested index. */
const NESTED_DOCS = 20000;
/** Bodies of the nested kind. */
const NESTED_QUERIES = 30;

/** The `highlight` kind: the mix's match bodies, highlighted. */
export function highlightQueries(mix: readonly MixQuery[]): MixQuery[] {
  return mix
    .filter((q) => q.class === 'match')
    .map((q) => ({ id: `hl-${q.id}`, class: 'highlight', body: { ...q.body, highlight: { fields: { summary: {} } } } }));
}

/**
 * Load `bench_nested` from the bench's bulk bodies (`{index}` / source line pairs) and return the
 * `nested` kind's bodies.
 */
export async function loadNested(call: Call, bulkBodies: readonly string[]): Promise<MixQuery[]> {
  await call('PUT', '/bench_nested', JSON.stringify({
    settings: { number_of_shards: 1, number_of_replicas: 0 },
    mappings: { pkg: { properties: { name: { type: 'keyword' }, words: { type: 'nested', properties: { w: { type: 'keyword' }, i: { type: 'integer' } } } } } },
  }));
  const firsts: string[] = [];
  let lines: string[] = [];
  let n = 0;
  const flush = async (): Promise<void> => {
    if (lines.length === 0) return;
    const r = (await call('POST', '/bench_nested/pkg/_bulk', lines.join('\n') + '\n', true)) as { errors: boolean };
    if (r.errors) throw new Error('bench_nested: bulk reported errors');
    lines = [];
  };
  outer: for (const body of bulkBodies) {
    const parts = body.split('\n');
    for (let i = 0; i + 1 < parts.length; i += 2) {
      if (n >= NESTED_DOCS) break outer;
      const src = JSON.parse(parts[i + 1] as string) as { name?: string; name_words?: string };
      const words = String(src.name_words ?? src.name ?? '').split(/\s+/).filter((w) => w !== '');
      if (words.length === 0) continue;
      lines.push(parts[i] as string, JSON.stringify({ name: src.name, words: words.map((w, pos) => ({ w: w.toLowerCase(), i: pos })) }));
      if (n % Math.floor(NESTED_DOCS / NESTED_QUERIES) === 0) firsts.push((words[0] as string).toLowerCase());
      n++;
      if (lines.length >= 2000) await flush();
    }
  }
  await flush();
  await call('POST', '/bench_nested/_refresh');
  return firsts.slice(0, NESTED_QUERIES).map((w, i) => ({
    id: `nested-${i}`,
    class: 'nested',
    body: { query: { nested: { path: 'words', score_mode: 'max', query: { bool: { must: [{ term: { 'words.w': w } }, { term: { 'words.i': 0 } }] } } } } },
  }));
}

/** Time both kinds (those `only` keeps): `highlight` on `/bench`, `nested` on `/bench_nested`. */
export async function timeSearchKinds(call: Call, bulkBodies: readonly string[], mix: readonly MixQuery[], seconds: number, only: string): Promise<KindStats[]> {
  const send = (index: string) => async (body: string): Promise<Answer> => {
    const r = (await call('POST', `/${index}/_search`, body)) as { hits: { total: number; hits: Array<{ _id: string }> } };
    return { total: r.hits.total, ids: r.hits.hits.map((h) => h._id) };
  };
  const stats: KindStats[] = [];
  if (only === '' || only === 'highlight') stats.push(...(await timeMix(highlightQueries(mix), send('bench'), { seconds })).stats);
  if (only === '' || only === 'nested') stats.push(...(await timeMix(await loadNested(call, bulkBodies), send('bench_nested'), { seconds })).stats);
  return stats;
}
