/**
 * The envelope of every transport frame (protobuf, as the shard messages it carries): a request
 * names its action and carries the sender's cluster-state version (the receiver applies at
 * least that state before answering, so a shard allocated in it is open); a reply carries the
 * request's id and either the encoded answer or a transport-level failure (the shard's own
 * failures travel inside the answer, as ShardError messages).
 */
import protobuf from 'protobufjs';

const ENVELOPE_PROTO = `
syntax = "proto3";
package strata.transport;
message Frame {
  double id = 1;
  bool reply = 2;
  string action = 3;
  double state_version = 4;
  bytes body = 5;
  // a reply that failed outside the shard (unknown action, undecodable request): ES type and reason
  string error_type = 6;
  string error_reason = 7;
}
`;

const FrameType = protobuf.parse(ENVELOPE_PROTO).root.lookupType('strata.transport.Frame');

/** One frame's envelope. */
export interface TransportFrame {
  id: number;
  reply: boolean;
  action: string;
  stateVersion: number;
  body: Uint8Array;
  errorType: string;
  errorReason: string;
}

export function encodeFrame(f: TransportFrame): Uint8Array {
  return FrameType.encode(FrameType.fromObject(f)).finish();
}

export function decodeFrame(bytes: Uint8Array): TransportFrame {
  const m = FrameType.toObject(FrameType.decode(bytes), { defaults: true, bytes: Buffer }) as TransportFrame;
  return m;
}
