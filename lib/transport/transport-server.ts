/**
 * The listening side of the transport (`transport.tcp.port`): reads length-prefixed frames,
 * waits until this node has applied the sender's cluster-state version (bounded), runs the
 * named action and writes the reply frame. Back-pressure: when a socket's write buffer is full
 * the server stops reading from it until it drains, so a slow reader cannot make it buffer
 * without bound.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { FrameReader, frameBytes } from './frame.js';
import { decodeFrame, encodeFrame, type TransportFrame } from './envelope.js';
import type { ActionHandler } from './actions.js';
import type { Logger } from '../indices/index-service.js';

export interface TransportServerOptions {
  host: string;
  port: number;
  actions: ReadonlyMap<string, ActionHandler>;
  /** Resolves once this node's cluster state is at least `version` (or the wait timed out). */
  awaitStateVersion(version: number): Promise<void>;
  logger: Logger;
}

export class TransportServer {
  private constructor(
    private readonly server: Server,
    private readonly sockets: Set<Socket>,
    private readonly accepted: { count: number },
    /** Where it listens (the port bound when 0 was asked for). */
    readonly address: { host: string; port: number },
  ) {}

  static async listen(opts: TransportServerOptions): Promise<TransportServer> {
    const sockets = new Set<Socket>();
    const accepted = { count: 0 };
    const server = createServer((socket) => (accepted.count++, serve(socket, opts, sockets)));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(opts.port, opts.host, () => resolve());
    });
    const addr = server.address();
    const port = typeof addr === 'object' && addr ? addr.port : opts.port;
    return new TransportServer(server, sockets, accepted, { host: opts.host, port });
  }

  /** Connections accepted since the start (ES `transport.server_open` counts the open ones). */
  get acceptedConnections(): number {
    return this.accepted.count;
  }

  async close(): Promise<void> {
    const done = new Promise<void>((resolve) => this.server.close(() => resolve()));
    for (const s of this.sockets) s.destroy();
    await done;
  }
}

function serve(socket: Socket, opts: TransportServerOptions, sockets: Set<Socket>): void {
  sockets.add(socket);
  socket.setNoDelay(true);
  const reader = new FrameReader();
  socket.on('close', () => sockets.delete(socket));
  socket.on('error', () => socket.destroy());
  const send = (f: TransportFrame): void => {
    if (socket.destroyed) return;
    if (!socket.write(frameBytes(encodeFrame(f)))) {
      socket.pause();
      socket.once('drain', () => socket.resume());
    }
  };
  socket.on('data', (chunk: Buffer) => {
    let frames: Buffer[];
    try {
      frames = reader.push(chunk);
    } catch (err) {
      opts.logger.warn(`transport: dropping a connection: ${(err as Error).message}`);
      socket.destroy();
      return;
    }
    for (const bytes of frames) {
      let req: TransportFrame;
      try {
        req = decodeFrame(bytes);
      } catch (err) {
        // An undecodable frame from a peer (corrupt or hostile) drops its connection, never the node.
        opts.logger.warn(`transport: dropping a connection: undecodable frame (${(err as Error).message})`);
        socket.destroy();
        return;
      }
      void answer(req, opts).then(send);
    }
  });
}

async function answer(req: TransportFrame, opts: TransportServerOptions): Promise<TransportFrame> {
  const reply = { id: req.id, reply: true, action: req.action, stateVersion: 0, body: new Uint8Array(0), errorType: '', errorReason: '' };
  const action = opts.actions.get(req.action);
  if (!action) return { ...reply, errorType: 'action_not_found_transport_exception', errorReason: `No handler for action [${req.action}]` };
  try {
    await opts.awaitStateVersion(req.stateVersion);
    return { ...reply, body: await action(req.body) };
  } catch (err) {
    // the shard side answers its own failures as messages; this is a bug
    opts.logger.error({ err }, `transport action [${req.action}] failed`);
    return { ...reply, errorType: 'remote_transport_exception', errorReason: `[${req.action}] failed on the remote node` };
  }
}
