/**
 * The query client's own floor: the same `fetch` client and the same mix timed against a bare
 * `node:http` server (scripts/bare-server.ts) that answers every request at once with a constant
 * small body, uncompressed. No HTTP server can answer this client faster, so the floor's
 * queries/s over Lucene's in-process queries/s is the best ratio any server could reach in that
 * run: it says how much of a query row's gap to Lucene is the client's and the loopback's, not
 * the server's (docs/benchmarks.md, "The client's floor").
 */
import { join } from 'node:path';
import { freePort } from './cluster/ports.js';
import { firstAnswer, launch, stop } from './bench-start.js';
import { timeMix, type KindStats, type MixQuery } from './query-mix.js';

/** Per kind, the floor's queries/s (the bare server's answers are not checked). */
export async function clientFloor(root: string, queries: readonly MixQuery[], seconds: number, only: string): Promise<KindStats[]> {
  const port = await freePort();
  const bare = launch([join(root, 'dist', 'scripts', 'bare-server.js'), '--port', String(port)], port);
  try {
    await firstAnswer(bare);
    const send = async (body: string): Promise<{ total: null; ids: string[] }> => {
      const res = await fetch(`${bare.base}/bench/_search`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
      await res.text();
      return { total: null, ids: [] };
    };
    return (await timeMix(queries, send, { seconds, only })).stats;
  } finally {
    await stop(bare);
  }
}

/** The printed lines: per kind the floor's queries/s and, when Lucene's is known, the ratio it bounds. */
export function formatFloor(floor: readonly KindStats[], luceneQps: Readonly<Record<string, number>> | undefined): string {
  const lines = ["client floor (the same client against a bare node:http server answering at once): the best ratio any HTTP server could reach"];
  for (const f of floor) {
    const l = luceneQps?.[f.kind];
    lines.push(`  ${f.kind.padEnd(12)} ${f.qps.toFixed(0).padStart(7)} q/s  p50 ${f.p50.toFixed(3)} ms${l ? `  = at most ${(f.qps / l).toFixed(2)}x of Lucene's ${l.toFixed(0)}` : ''}`);
  }
  return `${lines.join('\n')}\n`;
}
