/**
 * The op-log records a primary keeps for a peer recovery (the writes made while the copy streams)
 * are bounded in bytes (lib/cluster/replication/primary-replication.ts): past the bound they are
 * dropped, the copy's next chunk and the hand-over refuse with `illegal_state_exception`, and the
 * recovery's retry starts from a fresh snapshot; other recoveries of the shard keep theirs.
 */
import test from 'ava';
import { EsError } from '../../lib/errors/errors.js';
import { PrimaryReplication } from '../../lib/cluster/replication/primary-replication.js';
import { emptyState, type ClusterState } from '../../lib/cluster/state.js';
import type { ClusterService } from '../../lib/cluster/cluster-service.js';
import type { Logger } from '../../lib/indices/index-service.js';
import type { TransportClient } from '../../lib/transport/transport-client.js';

const warnings: string[] = [];
const logger = { info() {}, warn: (m: string) => warnings.push(m), error() {}, debug() {} } as unknown as Logger;

function primaryState(): ClusterState {
  const s = emptyState('u');
  // this node's started primary, no started replica: a write replicates nowhere
  const routing = [{ node: 'n', state: 'STARTED' as const, primaryTerm: 1, inSync: ['p'], replicas: [{ node: 'm', state: 'INITIALIZING' as const, allocationId: 'r1' }, { node: 'o', state: 'INITIALIZING' as const, allocationId: 'r2' }] }];
  s.indices['i'] = { name: 'i', uuid: 'uuid-1', state: 'open', settings: { 'index.number_of_shards': '1', 'index.number_of_replicas': '2' }, mappings: {}, aliases: {}, mappingVersion: 1, routing };
  return s;
}

test('a recording past its bound is dropped and the recovery fails; a fresh one records again', async (t) => {
  const state = primaryState();
  const repl = new PrimaryReplication({ nodeId: 'n', cluster: { state: () => state } as unknown as ClusterService, transport: {} as TransportClient, logger, maxRecordingBytes: 1000 });
  const write = (bytes: number) => repl.write('i', 0, async (_term, onRecord) => onRecord(Buffer.alloc(bytes)));
  repl.startRecording('i', 0, 'r1');
  await write(600);
  // r2's recovery starts later: it keeps only what is written from then on
  repl.startRecording('i', 0, 'r2');
  await write(300);
  t.notThrows(() => repl.checkRecording('i', 0, 'r1'));
  await write(200); // r1: 1100 bytes > 1000; r2: 500
  const err = t.throws(() => repl.checkRecording('i', 0, 'r1'));
  t.true(err instanceof EsError);
  t.is((err as EsError).type, 'illegal_state_exception');
  t.regex(err!.message, /\[i\]\[0\] the operations written during the recovery of \[r1\] passed 1000 bytes/);
  t.is(warnings.length, 1);
  // the hand-over refuses too, and forgets the recording
  t.throws(() => repl.stopRecording('i', 0, 'r1'), { message: /passed 1000 bytes/ });
  t.deepEqual(repl.stopRecording('i', 0, 'r1'), []);
  // the other recovery of the shard is untouched
  t.notThrows(() => repl.checkRecording('i', 0, 'r2'));
  t.deepEqual(repl.stopRecording('i', 0, 'r2').map((b) => b.length), [300, 200]);
  // the retry of r1 starts from nothing
  repl.startRecording('i', 0, 'r1');
  await write(900);
  t.deepEqual(repl.stopRecording('i', 0, 'r1').map((b) => b.length), [900]);
  t.is(repl.trackedShards, 1, 'only the lock stays');
  // a failed recovery drops its recording without throwing
  repl.startRecording('i', 0, 'r2');
  await write(2000);
  t.is(repl.dropRecording('i', 0, 'r2')?.overflowed, true);
  t.deepEqual(repl.stopRecording('i', 0, 'r2'), []);
});
