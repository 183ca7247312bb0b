/**
 * Framing on a node-to-node TCP connection: each message is a 4-byte big-endian length followed
 * by that many bytes (one encoded {@link TransportFrame}). The reader reassembles frames across
 * chunk boundaries and refuses a length over the limit (a corrupt or hostile peer) instead of
 * buffering it.
 */

/** The largest frame accepted (ES's default `http.max_content_length` is 100mb; a shard bulk carries at most that). */
export const MAX_FRAME_BYTES = 256 * 1024 * 1024;

/** The bytes of one frame on the wire. */
export function frameBytes(body: Uint8Array): Buffer {
  const out = Buffer.allocUnsafe(4 + body.length);
  out.writeUInt32BE(body.length, 0);
  out.set(body, 4);
  return out;
}

/** Reassembles frames from a byte stream; `push` returns the complete frames found so far. */
export class FrameReader {
  private buf: Buffer = Buffer.alloc(0);

  push(chunk: Buffer): Buffer[] {
    this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
    const out: Buffer[] = [];
    while (this.buf.length >= 4) {
      const len = this.buf.readUInt32BE(0);
      if (len > MAX_FRAME_BYTES) throw new Error(`transport frame of ${len} bytes is over the limit of ${MAX_FRAME_BYTES}`);
      if (this.buf.length < 4 + len) break;
      out.push(this.buf.subarray(4, 4 + len));
      this.buf = this.buf.subarray(4 + len);
    }
    return out;
  }
}
