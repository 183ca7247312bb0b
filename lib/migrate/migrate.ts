/**
 * `strata migrate`: move indices off a live Elasticsearch 5 (or another Strata) onto a Strata
 * node. Cluster metadata first (templates, pipelines, stored scripts), then per selected index:
 * create it like the source (settings, mappings, aliases), have the target reindex it from the
 * source in slices while a progress line reports it, then verify it (counts, a sample of
 * documents). An index that already exists on the target is verified first and only copied again
 * when it differs — the copy then resumes (external versions: what is there is skipped). The
 * summary table ends the run. See docs/reindex.md#strata-migrate.
 */
import { ClusterClient, ClusterError } from './cluster-client.js';
import { copyClusterMetadata, createIndexLike, selectIndices } from './copy-metadata.js';
import { copyDocuments } from './copy-index.js';
import { countOf, verified, verifyIndex, type Verification } from './verify.js';
import { progressLine, summaryTable, type IndexRow } from './report.js';

export interface MigrateOptions {
  from: string;
  to: string;
  /** Comma-separated index patterns of the source (default `*`: every index not starting with a dot). */
  indices: string;
  slices: number;
  batchSize: number;
  /** Documents compared one by one per index. */
  sample: number;
  /** Milliseconds between progress polls. */
  pollMs: number;
  /** Only compare; copy nothing. */
  verifyOnly: boolean;
}

/** What one run did: a row per index; `ok` when every index is copied and verified. */
export interface MigrateResult {
  rows: IndexRow[];
  ok: boolean;
}

function mismatch(v: Verification): string {
  const parts: string[] = [];
  if (v.sourceCount !== v.targetCount) parts.push(`${v.targetCount} of ${v.sourceCount} docs`);
  if (v.mismatched.length > 0) parts.push(`${v.mismatched.length} of ${v.sampled} sampled docs differ (${v.mismatched.slice(0, 3).join(', ')})`);
  return `MISMATCH: ${parts.join('; ')}`;
}

/** Migrate (or verify) one index; any error of either cluster becomes the row's result. */
async function migrateIndex(source: ClusterClient, target: ClusterClient, index: string, o: MigrateOptions, print: (line: string) => void): Promise<IndexRow> {
  const started = Date.now();
  const row: IndexRow = { index, sourceDocs: 0, targetDocs: 0, written: 0, unchanged: 0, tookMs: 0, result: '', ok: false };
  const finish = (v: Verification, result: string, ok: boolean): IndexRow => {
    Object.assign(row, { sourceDocs: v.sourceCount, targetDocs: v.targetCount, result, ok, tookMs: Date.now() - started });
    return row;
  };
  try {
    if (o.verifyOnly) {
      const v = await verifyIndex(source, target, index, o.sample);
      return verified(v) ? finish(v, 'verified', true) : finish(v, mismatch(v), false);
    }
    const created = await createIndexLike(source, target, index);
    if (!created) {
      const before = await verifyIndex(source, target, index, o.sample);
      if (verified(before)) return finish(before, 'verified', true);
    }
    const total = await countOf(source, index);
    row.sourceDocs = total;
    print(progressLine(index, 0, total, 0));
    let last = -1;
    const outcome = await copyDocuments(source, target, index, { slices: o.slices, batchSize: o.batchSize, pollMs: o.pollMs }, (done) => {
      if (done === last) return;
      last = done;
      print(progressLine(index, done, total, Date.now() - started));
    });
    row.written = outcome.written;
    row.unchanged = outcome.unchanged;
    const v = await verifyIndex(source, target, index, o.sample);
    if (outcome.failure !== undefined) return finish(v, `FAILED: ${outcome.failure}`, false);
    return verified(v) ? finish(v, created ? 'copied' : 'resumed', true) : finish(v, mismatch(v), false);
  } catch (e) {
    if (!(e instanceof ClusterError)) throw e;
    row.result = `FAILED: ${e.reason}`;
    row.tookMs = Date.now() - started;
    return row;
  }
}

/** Run the migration, printing progress and the summary through `print`. */
export async function migrate(o: MigrateOptions, print: (line: string) => void): Promise<MigrateResult> {
  const source = new ClusterClient(o.from);
  const target = new ClusterClient(o.to);
  const [from, to] = await Promise.all([source.call('GET', '/'), target.call('GET', '/')]);
  print(`migrating ${o.indices} from ${source.url} (${from?.version?.number ?? '?'}) to ${target.url} (${to?.version?.number ?? '?'})${o.verifyOnly ? ', verifying only' : ''}`);
  const indices = await selectIndices(source, o.indices);
  if (!o.verifyOnly) {
    const copied = await copyClusterMetadata(source, target);
    print(`metadata: ${copied.templates} index templates, ${copied.pipelines} ingest pipelines, ${copied.scripts} stored scripts`);
  }
  print(`${indices.length} ${indices.length === 1 ? 'index' : 'indices'}: ${indices.join(', ')}`);
  const rows: IndexRow[] = [];
  for (const index of indices) rows.push(await migrateIndex(source, target, index, o, print));
  print('');
  print(summaryTable(rows).trimEnd());
  return { rows, ok: rows.every((r) => r.ok) };
}
