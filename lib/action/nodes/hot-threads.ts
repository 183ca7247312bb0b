/**
 * `GET /_nodes/hot_threads` (ES 5.6 `HotThreads`): which threads used the CPU during an
 * interval, as plain text. A Node.js process runs every request on one JavaScript thread, so
 * the report has one entry: the CPU the process used over the interval (V8 and libuv helper
 * threads included, as `process.cpuUsage` counts them). Stacks cannot be sampled from inside
 * the thread being measured, so no stack lines follow. Waiting and blocking on locks do not
 * happen on the event loop: `type=wait` and `type=block` report 0.
 */
import type { NodeContext } from '../context.js';
import { EsError } from '../../errors/errors.js';
import { TimeValue } from '../../units/time-value.js';
import { formatAddress } from './node-identity.js';

export interface HotThreadsRequest {
  threads: number;
  intervalMs: number;
  type: string;
  ignoreIdleThreads: boolean;
  snapshots: number;
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** ES's node line: `{name}{id}{ephemeral id}{host}{transport address}{attributes}`. */
function nodeLine(ctx: NodeContext): string {
  const attrs = [...ctx.attributes].map(([k, v]) => `${k}=${v}`).join(', ');
  return `::: {${ctx.nodeName}}{${ctx.nodeId}}{${ctx.nodeId}}{${ctx.httpAddress.host}}{${formatAddress(ctx.transportAddress)}}${attrs ? `{${attrs}}` : ''}`;
}

/** The text report; waits `intervalMs` (without blocking the event loop) to measure. */
export async function hotThreads(ctx: NodeContext, req: HotThreadsRequest): Promise<string> {
  if (!['cpu', 'wait', 'block'].includes(req.type)) throw new EsError('exception', 500, `type not supported [${req.type}]`);
  const before = process.cpuUsage();
  await sleep(req.intervalMs);
  const used = process.cpuUsage(before);
  const usedMs = req.type === 'cpu' ? (used.user + used.system) / 1000 : 0;
  const pct = req.intervalMs > 0 ? (usedMs / req.intervalMs) * 100 : 0;
  const interval = new TimeValue(req.intervalMs).toString();
  const lines = [
    nodeLine(ctx),
    `   Hot threads at ${new Date().toISOString()}, interval=${interval}, busiestThreads=${req.threads}, ignoreIdleThreads=${req.ignoreIdleThreads}:`,
    '   ',
  ];
  if (req.threads > 0 && !(req.ignoreIdleThreads && usedMs === 0)) {
    lines.push(`   ${pct.toFixed(1)}% (${new TimeValue(Math.round(usedMs)).toString()} out of ${interval}) ${req.type} usage by thread 'strata[${ctx.nodeName}][main event loop]'`);
    lines.push(`     ${req.snapshots}/${req.snapshots} snapshots sharing following 0 elements`);
  }
  return `${lines.join('\n')}\n\n`;
}
