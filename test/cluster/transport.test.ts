/**
 * The node-to-node transport (lib/transport): length-prefixed frames reassembled across chunks
 * and refused over the limit; requests multiplexed on one reused connection; a request waits for
 * the sender's cluster-state version; ES's transport errors for an unknown action, a timeout and
 * a node that cannot be reached.
 */
import test from 'ava';
import { createConnection } from 'node:net';
import { FrameReader, frameBytes, MAX_FRAME_BYTES } from '../../lib/transport/frame.js';
import { TransportServer } from '../../lib/transport/transport-server.js';
import { TransportClient } from '../../lib/transport/transport-client.js';
import { freePort } from '../../scripts/cluster/ports.js';
import type { ActionHandler } from '../../lib/transport/actions.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

test('frames are reassembled across any chunking, and an oversized length is refused', (t) => {
  const bytes = Buffer.concat([frameBytes(Buffer.from('hello')), frameBytes(Buffer.alloc(0)), frameBytes(Buffer.from('world!'))]);
  for (let cut = 1; cut < bytes.length; cut++) {
    const r = new FrameReader();
    const got = [...r.push(bytes.subarray(0, cut)), ...r.push(bytes.subarray(cut))].map((b) => b.toString());
    t.deepEqual(got, ['hello', '', 'world!'], `cut at ${cut}`);
  }
  const oneByOne = new FrameReader();
  t.deepEqual([...bytes].flatMap((b) => oneByOne.push(Buffer.from([b]))).map((b) => b.toString()), ['hello', '', 'world!']);
  const huge = Buffer.alloc(4);
  huge.writeUInt32BE(MAX_FRAME_BYTES + 1, 0);
  t.throws(() => new FrameReader().push(huge), { message: /over the limit/ });
});

test('requests share one connection, wait for the state version, and fail as ES transport errors', async (t) => {
  let version = 0;
  const waited: number[] = [];
  const server = await TransportServer.listen({
    host: '127.0.0.1',
    port: 0,
    logger: quiet,
    actions: new Map<string, ActionHandler>([
      ['echo', async (b: Uint8Array) => Buffer.concat([Buffer.from('echo:'), b])],
      ['slow', () => new Promise<Uint8Array>((r) => setTimeout(() => r(new Uint8Array(0)), 1000))],
    ]),
    awaitStateVersion: async (v) => {
      waited.push(v);
    },
  });
  t.teardown(() => server.close());
  // generous for the answered requests (the full suite runs on a loaded machine); the slow one times out on its own
  const client = new TransportClient({ stateVersion: () => version, timeoutMs: 30_000 });
  t.teardown(() => client.close());
  const node = { id: 'n1', ...server.address };
  version = 7;
  const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => client.request(node, 'echo', Buffer.from(String(i)))));
  t.deepEqual(answers.map((a) => Buffer.from(a).toString()), Array.from({ length: 20 }, (_, i) => `echo:${i}`));
  t.is(server.acceptedConnections, 1, 'one reused connection');
  t.true(waited.every((v) => v === 7));
  const unknown = await t.throwsAsync(client.request(node, 'nope', new Uint8Array(0)));
  t.is((unknown as { type?: string }).type, 'action_not_found_transport_exception');
  const slow = await t.throwsAsync(client.request(node, 'slow', new Uint8Array(0), { timeoutMs: 100 }));
  t.is((slow as { type?: string }).type, 'receive_timeout_transport_exception');
  // the connection survives a timeout
  t.is(Buffer.from(await client.request(node, 'echo', Buffer.from('x'))).toString(), 'echo:x');
  t.is(server.acceptedConnections, 1);
  // an undecodable frame from a peer drops that connection, never the node
  const dropped = await new Promise<boolean>((resolve) => {
    const raw = createConnection({ host: node.host, port: node.port }, () => raw.write(frameBytes(Buffer.from([0xff, 0xff, 0xff, 0xff, 0xff]))));
    raw.on('close', () => resolve(true));
    raw.on('error', () => undefined);
  });
  t.true(dropped);
  t.is(Buffer.from(await client.request(node, 'echo', Buffer.from('y'))).toString(), 'echo:y');
  const down = await t.throwsAsync(client.request({ id: 'gone', host: '127.0.0.1', port: await freePort() }, 'echo', new Uint8Array(0)));
  t.is((down as { type?: string }).type, 'connect_transport_exception');
});
