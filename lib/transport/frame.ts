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

/**
 * Reassembles frames from a byte stream; `push` returns the complete frames found so far. Chunks
 * of a frame still arriving are kept in a list and joined once, when the frame is complete
 * (joining on every chunk copied a large frame quadratically: a 4 MB recovery chunk in 64 KB reads
 * was ~128 MB of copying).
 */
export class FrameReader {
  private pending: Buffer[] = [];
  private pendingBytes = 0;

  push(chunk: Buffer): Buffer[] {
    this.pending.push(chunk);
    this.pendingBytes += chunk.length;
    const out: Buffer[] = [];
    while (this.pendingBytes >= 4) {
      const head = this.head(4);
      const len = head.readUInt32BE(0);
      if (len > MAX_FRAME_BYTES) throw new Error(`transport frame of ${len} bytes is over the limit of ${MAX_FRAME_BYTES}`);
      if (this.pendingBytes < 4 + len) break;
      const buf = this.head(4 + len);
      out.push(buf.subarray(4, 4 + len));
      const rest = buf.subarray(4 + len);
      if (rest.length > 0) this.pending[0] = rest;
      else this.pending.shift();
      this.pendingBytes -= 4 + len;
    }
    return out;
  }

  /** The pending bytes as one buffer holding at least `n` of them (joined only when needed). */
  private head(n: number): Buffer {
    if (this.pending[0]!.length < n) this.pending = [Buffer.concat(this.pending, this.pendingBytes)];
    return this.pending[0]!;
  }
}
