/**
 * `npm run bench -- --reindex`: after the corpus is bulk-loaded (and its rate printed), reindex
 * the loaded index into a second one with the same settings and mapping, timed the same way (up
 * to its flush), and print the reindex rate beside the node's own `_bulk` rate of the same run —
 * issue 10's speed goal is a reindex at ≥ 0.8× that rate.
 */

type Call = (method: string, path: string, body?: string) => Promise<unknown>;

/** Reindex `bench` into `bench_copy` on the node behind `call`, and print the figures. */
export async function reindexBench(call: Call, opts: { docs: number; bulkDocsPerSecond: number; shards: number; type: string; mapping: unknown; cpuSeconds: () => Promise<number> }): Promise<void> {
  await call('PUT', '/bench_copy', JSON.stringify({ settings: { number_of_shards: opts.shards, number_of_replicas: 0 }, mappings: { [opts.type]: opts.mapping } }));
  const started = process.hrtime.bigint();
  const cpuStart = await opts.cpuSeconds();
  const res = (await call('POST', '/_reindex', JSON.stringify({ source: { index: 'bench' }, dest: { index: 'bench_copy' } }))) as { created: number; batches: number; failures: unknown[] };
  if (res.failures.length > 0) throw new Error(`reindex failures: ${JSON.stringify(res.failures[0])}`);
  await call('POST', '/bench_copy/_flush');
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const cpu = (await opts.cpuSeconds()) - cpuStart;
  const rate = res.created / seconds;
  process.stdout.write(
    [
      `reindex: ${res.created} docs (${res.batches} batches) in ${seconds.toFixed(2)} s = ${Math.round(rate)} docs/s, server CPU ${cpu.toFixed(2)} s = ${Math.round(res.created / cpu)} docs per CPU-second`,
      `reindex / _bulk rate: ${(rate / opts.bulkDocsPerSecond).toFixed(2)}× (goal ≥ 0.8×)`,
    ].join('\n') + '\n',
  );
}
