/**
 * The node processes of the cluster tests and `npm run cluster` (scripts/cluster/node-process.ts):
 * a port picked free can be taken before the node binds it (by a test beside this one, or an
 * outgoing connection), and such a node is started again on new ports instead of failing the
 * test; any other failed start reports the end of the node's log.
 */
import test, { type ExecutionContext } from 'ava';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startNodeProcess, type NodeSpec } from '../../scripts/cluster/node-process.js';

async function takenPort(t: ExecutionContext): Promise<number> {
  // connections to it (the start's readiness probes) are closed at once
  const holder = createServer((socket) => socket.destroy());
  await new Promise<void>((r) => holder.listen(0, '127.0.0.1', () => r()));
  t.teardown(() => new Promise<void>((r) => holder.close(() => r())));
  return (holder.address() as AddressInfo).port;
}

test('a node whose HTTP port was taken starts again on new ports; spec follows', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'strata-node-process-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const taken = await takenPort(t);
  const spec: NodeSpec = { name: 'node-1', clusterName: 'np', etcdEndpoint: '', httpPort: taken, transportPort: 0, dataPath: join(dir, 'node-1'), logFile: join(dir, 'node-1.log'), settings: { 'logger.level': 'warn' } };
  const node = await startNodeProcess(spec);
  t.teardown(() => node.stop('SIGKILL'));
  t.not(spec.httpPort, taken);
  t.is(node.url, `http://127.0.0.1:${spec.httpPort}`);
  t.is((await fetch(`${node.url}/`)).status, 200);
});

test('a node that cannot start for another reason fails at once with the end of its log', async (t) => {
  const dir = await mkdtemp(join(tmpdir(), 'strata-node-process-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  const spec: NodeSpec = { name: 'node-1', clusterName: 'np', etcdEndpoint: '', httpPort: 0, transportPort: 0, dataPath: join(dir, 'node-1'), logFile: join(dir, 'node-1.log'), settings: { 'no.such.setting': 'x' } };
  const err = await t.throwsAsync(startNodeProcess(spec));
  t.regex(err!.message, /^node \[node-1\] did not start \(exited with code 1\); the end of .*node-1\.log:\n[^]*no\.such\.setting/);
});
