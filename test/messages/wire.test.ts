/**
 * The shard boundary's protobuf encoding (lib/messages/schema.ts, wire.ts): every message comes
 * back from encode → decode exactly as it went in, and the wire bytes of a fixed message are
 * pinned, so renumbering a field (which would break mixed-version clusters) fails here.
 */
import test from 'ava';
import { EsError } from '../../lib/errors/es-error.js';
import { indexNotFound, versionConflict } from '../../lib/errors/errors.js';
import { esErrorOf, shardErrorOf, type ShardError } from '../../lib/messages/shard-error.js';
import { shardSchema } from '../../lib/messages/schema.js';
import protobuf from 'protobufjs';
import { FREE_CONTEXT_WIRE, RENEW_CONTEXT_WIRE, SEARCH_METHOD_WIRES, SHARD_METHOD_WIRES } from '../../lib/messages/wire-methods.js';
import {
  ClearCachesResultWire,
  SegmentSummaryWire,
  ShardErrorWire,
  ShardFieldStatsWire,
  ShardRecoveryInfoWire,
  type WireType,
} from '../../lib/messages/wire.js';
import type { SegmentSummary, ShardFieldStats, ShardRecoveryInfo } from '../../lib/messages/shard-maintenance.js';

function roundTrip<T>(t: import('ava').ExecutionContext, wire: WireType<T>, value: T): void {
  t.deepEqual(wire.decode(wire.encode(value)), value, wire.name);
}

test('shard errors: metadata, null reasons and cause chains survive the wire', (t) => {
  const conflict = versionConflict('t', '1', 'i', 3, 'uuid-1', 'current version [2] is different than the one provided [1]');
  const chained = new EsError('illegal_argument_exception', 400, 'failed to execute script', { causedBy: conflict });
  const npe = new EsError('null_pointer_exception', 500, 'null', { nullReason: true });
  for (const e of [conflict, chained, npe, indexNotFound('__proto__')]) {
    const message = shardErrorOf(e);
    roundTrip(t, ShardErrorWire, message);
    const back = esErrorOf(ShardErrorWire.decode(ShardErrorWire.encode(message)));
    t.deepEqual(shardErrorOf(back), message);
  }
  // an unexpected error crosses as the internal error, never with its JavaScript message
  const internal = shardErrorOf(new TypeError("Cannot read properties of undefined (reading 'x')"));
  t.deepEqual(ShardErrorWire.decode(ShardErrorWire.encode(internal)), { type: 'exception', status: 500, reason: 'internal error; the node log has the details' });
  // a `__proto__` metadata key stays an own key
  const proto: ShardError = { type: 'x', status: 400, reason: 'r', metadata: JSON.parse('{"__proto__":{"polluted":true}}') as Record<string, unknown> };
  const decoded = ShardErrorWire.decode(ShardErrorWire.encode(proto));
  t.true(Object.hasOwn(decoded.metadata!, '__proto__'));
  t.is(({} as Record<string, unknown>).polluted, undefined);
});

test('maintenance messages keep zeros, falses, empty lists and absent optionals apart', (t) => {
  const segment: SegmentSummary = {
    name: '_0',
    generation: 0,
    numDocs: 0,
    deletedDocs: 0,
    sizeInBytes: 2 ** 40,
    memoryInBytes: 12.5,
    memory: [],
    committed: false,
    search: true,
  };
  roundTrip(t, SegmentSummaryWire, segment);
  roundTrip(t, SegmentSummaryWire, { ...segment, memory: [{ description: 'postings', sizeInBytes: 10 }, { description: '', sizeInBytes: 0 }] });
  const recovery: ShardRecoveryInfo = {
    type: 'EXISTING_STORE',
    startTimeMs: 1732579200000,
    stopTimeMs: 1732579200123,
    totalTimeMs: 123,
    indexTimeMs: 0,
    files: [{ name: 'segments_1', length: 0 }],
    translogOps: 7,
    translogTimeMs: 1,
  };
  roundTrip(t, ShardRecoveryInfoWire, recovery);
  roundTrip(t, ClearCachesResultWire, { docSets: 0, storedDocs: 3, postings: 0 });
  const stats: ShardFieldStats = { field: 'f', maxDoc: 10, docCount: 0, sumDocFreq: -1, sumTotalTermFreq: -1 };
  roundTrip(t, ShardFieldStatsWire, stats);
  roundTrip(t, ShardFieldStatsWire, { ...stats, minTerm: '', maxTerm: 'zé\u{1F600}' });
});

test('the wire bytes are pinned: field numbers never change', (t) => {
  const bytes = ShardErrorWire.encode({ type: 'a', status: 404, reason: 'r', metadata: { i: 1 }, causedBy: { type: 'b', status: 400, reason: '' } });
  // 1: "a", 2: 404, 3: "r", 5: {"i":1}, 6: { 1: "b", 2: 400, 3: "" } (set fields are written, defaults too)
  t.is(Buffer.from(bytes).toString('hex'), '0a0161 109403 1a0172 2a077b2269223a317d 32080a0162 109003 1a00'.replace(/ /g, ''));
  // doubles: 1: 1.0, 2: 0.0, 3: 2.0
  t.is(Buffer.from(ClearCachesResultWire.encode({ docSets: 1, storedDocs: 0, postings: 2 })).toString('hex'), '09000000000000f03f 110000000000000000 190000000000000040'.replace(/ /g, ''));
});

test('every message of the schema is part of a shard method', (t) => {
  // what the methods' requests and replies reach through their fields; nothing else is in the schema
  const reached = new Set<string>();
  const visit = (type: protobuf.Type): void => {
    if (reached.has(type.fullName)) return;
    reached.add(type.fullName);
    for (const f of type.fieldsArray) if (f.resolvedType instanceof protobuf.Type) visit(f.resolvedType);
  };
  const wires = [...Object.values(SHARD_METHOD_WIRES), ...Object.values(SEARCH_METHOD_WIRES), RENEW_CONTEXT_WIRE, FREE_CONTEXT_WIRE];
  for (const w of wires) for (const x of [w.req, w.res]) visit(shardSchema.lookupType(x.name));
  const all = (shardSchema.lookup('strata.shard') as protobuf.Namespace).nestedArray.map((n) => n.fullName);
  t.deepEqual(all.filter((n) => !reached.has(n)), []);
  t.true(all.length > 80);
});
