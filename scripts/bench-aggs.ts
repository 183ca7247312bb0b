/**
 * `npm run bench -- --aggs [--docs 226974] [--query-seconds S]`: a dashboard's aggregation over
 * the whole npm corpus — a monthly `date_histogram` with `percentiles` of downloads and the
 * `cardinality` of scopes in every bucket (what a Kibana "downloads over time" panel asks) —
 * timed over HTTP after the load, one client, as the query mix is, with `request_cache=false`
 * (else every run after the first would be the shard request cache's answer).
 *
 * The corpus has no date, so in this mode each document gets a `published` date derived from
 * its name (MurmurHash3 of the name: uniform over 2010–2025, deterministic, the same for every
 * run and engine). The aggregation reads doc-values columns only (`published`,
 * `downloads`, `scope`), never `_source`.
 */
import { murmur3x86_32 } from '../lib/hash/murmur3-x86.js';

type Call = (method: string, path: string, body?: string) => Promise<unknown>;

const DAY_MS = 86_400_000;
const FROM = Date.UTC(2010, 0, 1);
const DAYS = 16 * 365;

/** The mapping of `published` added to the corpus's. */
export const PUBLISHED_MAPPING = { published: { type: 'date' } };

/** The document with its synthetic `published` date (`yyyy-MM-dd`). */
export function withPublished(source: Record<string, unknown>): Record<string, unknown> {
  const day = (murmur3x86_32(Buffer.from(String(source['name']), 'utf8')) >>> 0) % DAYS;
  return { ...source, published: new Date(FROM + day * DAY_MS).toISOString().slice(0, 10) };
}

/** The timed body. */
export const AGGS_BODY = {
  size: 0,
  aggs: {
    per_month: {
      date_histogram: { field: 'published', interval: 'month' },
      aggs: { downloads: { percentiles: { field: 'downloads', percents: [50, 95, 99] } }, scopes: { cardinality: { field: 'scope' } } },
    },
  },
};

interface Answer {
  hits: { total: number };
  aggregations: { per_month: { buckets: Array<{ doc_count: number; downloads: { values: Record<string, number | null> }; scopes: { value: number } }> } };
}

/** Time {@link AGGS_BODY} on `bench` for `seconds` (at least 5 runs after 2 warm-ups) and print the figures. */
export async function aggsBench(call: Call, opts: { docs: number; seconds: number; cpuSeconds: () => Promise<number> }): Promise<void> {
  const body = JSON.stringify(AGGS_BODY);
  // the shard request cache would answer every run after the first (size 0): time the aggregation itself
  const send = (): Promise<Answer> => call('POST', '/bench/_search?request_cache=false', body) as Promise<Answer>;
  let answer = await send();
  await send();
  const times: number[] = [];
  const cpuStart = await opts.cpuSeconds();
  const end = Date.now() + opts.seconds * 1000;
  while (times.length < 5 || Date.now() < end) {
    const t0 = process.hrtime.bigint();
    answer = await send();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  const cpu = (await opts.cpuSeconds()) - cpuStart;
  const buckets = answer.aggregations.per_month.buckets;
  const counted = buckets.reduce((n, b) => n + b.doc_count, 0);
  if (answer.hits.total !== opts.docs || counted !== opts.docs) throw new Error(`aggs bench: ${answer.hits.total} hits, ${counted} in buckets, ${opts.docs} docs loaded`);
  const sorted = [...times].sort((a, b) => a - b);
  const at = (p: number): number => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  const widest = Math.max(...buckets.map((b) => b.scopes.value));
  process.stdout.write(
    [
      `aggs: date_histogram (month, ${buckets.length} buckets) > percentiles(downloads) + cardinality(scope) over ${opts.docs} docs, one client over HTTP`,
      `aggs: ${times.length} runs, ${(1000 / mean).toFixed(1)} queries/s, mean ${mean.toFixed(1)} ms, p50 ${at(50).toFixed(1)} ms, p99 ${at(99).toFixed(1)} ms, server CPU ${((cpu * 1000) / times.length).toFixed(1)} ms per query`,
      `aggs: largest bucket cardinality ${widest}, first bucket p50 downloads ${String(buckets[0]?.downloads.values['50.0'])}`,
    ].join('\n') + '\n',
  );
}
