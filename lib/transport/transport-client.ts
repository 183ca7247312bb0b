/**
 * The calling side of the transport: one reused TCP connection per remote node (opened on first
 * use, dropped on error and reopened by the next request), requests multiplexed on it by id,
 * each with a timeout. Every request carries this node's cluster-state version. Failures are
 * ES's transport exceptions: `connect_transport_exception` (cannot reach the node),
 * `node_disconnected_exception` (the connection dropped with the request in flight),
 * `receive_timeout_transport_exception` (no answer in time).
 */
import { connect, type Socket } from 'node:net';
import { FrameReader, frameBytes } from './frame.js';
import { decodeFrame, encodeFrame } from './envelope.js';
import { EsError } from '../errors/errors.js';

export interface NodeAddress {
  id: string;
  host: string;
  port: number;
}

interface Pending {
  resolve(body: Uint8Array): void;
  reject(err: Error): void;
  timer: NodeJS.Timeout;
}

/** One connection to one node. */
class Connection {
  private readonly pending = new Map<number, Pending>();
  private readonly socket: Socket;
  private readonly ready: Promise<void>;
  closed = false;

  constructor(private readonly node: NodeAddress) {
    this.socket = connect({ host: node.host, port: node.port });
    this.socket.setNoDelay(true);
    const reader = new FrameReader();
    this.ready = new Promise((resolve, reject) => {
      this.socket.once('connect', () => resolve());
      this.socket.once('error', (err) => reject(new EsError('connect_transport_exception', 500, `[${node.id}][${node.host}:${node.port}] connect_exception: ${err.message}`)));
    });
    this.ready.catch(() => undefined);
    this.socket.on('data', (chunk: Buffer) => {
      try {
        for (const bytes of reader.push(chunk)) this.settle(bytes);
      } catch {
        this.socket.destroy();
      }
    });
    this.socket.on('error', () => undefined);
    this.socket.on('close', () => {
      this.closed = true;
      for (const [id, p] of this.pending) {
        clearTimeout(p.timer);
        p.reject(new EsError('node_disconnected_exception', 500, `[${node.id}][${node.host}:${node.port}] disconnected`));
        this.pending.delete(id);
      }
    });
  }

  async request(id: number, action: string, body: Uint8Array, stateVersion: number, timeoutMs: number): Promise<Uint8Array> {
    await this.ready;
    return new Promise<Uint8Array>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new EsError('receive_timeout_transport_exception', 500, `[${this.node.id}][${this.node.host}:${this.node.port}][${action}] request_id [${id}] timed out after [${timeoutMs}ms]`));
      }, timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      this.socket.write(frameBytes(encodeFrame({ id, reply: false, action, stateVersion, body, errorType: '', errorReason: '' })));
    });
  }

  private settle(bytes: Buffer): void {
    const f = decodeFrame(bytes);
    const p = this.pending.get(f.id);
    if (!p) return; // timed out already
    this.pending.delete(f.id);
    clearTimeout(p.timer);
    if (f.errorType !== '') p.reject(new EsError(f.errorType, 500, f.errorReason));
    else p.resolve(f.body);
  }

  close(): void {
    this.socket.destroy();
  }
}

export interface TransportClientOptions {
  /** This node's current cluster-state version, sent with every request. */
  stateVersion(): number;
  /** How long a request waits for its answer (default 60 s; ES's default action timeouts are 1 minute). */
  timeoutMs?: number;
}

export class TransportClient {
  private readonly connections = new Map<string, Connection>();
  private nextId = 1;

  constructor(private readonly opts: TransportClientOptions) {}

  /** Send `body` as `action` to `node`; resolves with the reply's bytes (`timeoutMs` overrides the client's). */
  async request(node: NodeAddress, action: string, body: Uint8Array, opts: { timeoutMs?: number } = {}): Promise<Uint8Array> {
    const key = `${node.id}@${node.host}:${node.port}`;
    let conn = this.connections.get(key);
    if (!conn || conn.closed) {
      conn = new Connection(node);
      this.connections.set(key, conn);
    }
    const c = conn;
    try {
      return await c.request(this.nextId++, action, body, this.opts.stateVersion(), opts.timeoutMs ?? this.opts.timeoutMs ?? 60_000);
    } catch (err) {
      if (c.closed || (err as EsError).type === 'connect_transport_exception') {
        if (this.connections.get(key) === c) this.connections.delete(key);
        c.close();
      }
      throw err;
    }
  }

  close(): void {
    for (const c of this.connections.values()) c.close();
    this.connections.clear();
  }
}
