/**
 * A fault-injecting transport for tests (ES's `MockTransportService` in spirit): the node's
 * `TransportClient` with rules, set and changed by the test while the cluster runs, that drop or
 * delay the messages from one node to another. Only the node-to-node transport is affected, not
 * etcd: it models a network that loses and slows the links between members while every member
 * still reaches the coordination store.
 *
 * - `delayMs`: the request leaves after that long (a slow link), then travels normally;
 * - `drop: 'request'`: the request never arrives; the sender gets what a lost message gives it,
 *   no answer, so `receive_timeout_transport_exception` once `timeoutMs` passed;
 * - `drop: 'reply'`: the request arrives and runs, its answer is lost (the same timeout): the
 *   sender cannot tell whether it was applied.
 * A rule applies with its `probability` (1 when absent), drawn from the `random` the test gives,
 * so a seeded run repeats. `timeoutMs` stands in for the 60 s request timeout, which a test
 * cannot afford to wait for on every lost message.
 */
import { EsError } from '../errors/errors.js';
import { TransportClient, type NodeAddress, type TransportClientOptions } from './transport-client.js';

/** Which messages a rule affects and what it does to them. */
export interface FaultRule {
  /** Sending node id (any when absent). */
  from?: string;
  /** Receiving node id (any when absent). */
  to?: string;
  /** Action name prefixes (`replica:`, `shard:bulk`, `master:task`; any when absent). */
  actions?: string[];
  drop?: 'request' | 'reply';
  delayMs?: number;
  /** Chance that a matching message is affected (default 1). */
  probability?: number;
  /** How long the sender waits for a dropped message's answer before it times out (default 1000). */
  timeoutMs?: number;
}

/** What happened to the messages, by kind, for the test's report. */
export interface FaultCounts {
  sent: number;
  delayed: number;
  droppedRequests: number;
  droppedReplies: number;
}

/** The rules of one test, shared by every node's client; change them at any time. */
export class TransportFaults {
  private rules: FaultRule[] = [];
  readonly counts: FaultCounts = { sent: 0, delayed: 0, droppedRequests: 0, droppedReplies: 0 };

  constructor(private readonly random: () => number = Math.random) {}

  /** Add a rule; returns a function that removes it. */
  add(rule: FaultRule): () => void {
    this.rules = [...this.rules, rule];
    return () => {
      this.rules = this.rules.filter((r) => r !== rule);
    };
  }

  /** Remove every rule (the network heals). */
  heal(): void {
    this.rules = [];
  }

  /** The rules that hit one message from `from` to `to` (each drawn with its probability). */
  decide(from: string, to: string, action: string): { delayMs: number; drop?: 'request' | 'reply'; timeoutMs: number } {
    let delayMs = 0;
    let drop: 'request' | 'reply' | undefined;
    let timeoutMs = 1000;
    for (const r of this.rules) {
      if ((r.from !== undefined && r.from !== from) || (r.to !== undefined && r.to !== to)) continue;
      if (r.actions && !r.actions.some((a) => action.startsWith(a))) continue;
      if (r.probability !== undefined && this.random() >= r.probability) continue;
      delayMs += r.delayMs ?? 0;
      if (r.drop && drop !== 'request') {
        drop = r.drop;
        timeoutMs = r.timeoutMs ?? timeoutMs;
      }
    }
    return drop ? { delayMs, drop, timeoutMs } : { delayMs, timeoutMs };
  }
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

function lost(from: string, node: NodeAddress, action: string, timeoutMs: number): EsError {
  return new EsError('receive_timeout_transport_exception', 500, `[${node.id}][${node.host}:${node.port}][${action}] request from [${from}] timed out after [${timeoutMs}ms]`);
}

/** A node's transport client whose outgoing messages pass through `faults`. */
export class FaultyTransportClient extends TransportClient {
  constructor(
    opts: TransportClientOptions,
    private readonly nodeId: string,
    private readonly faults: TransportFaults,
  ) {
    super(opts);
  }

  override async request(node: NodeAddress, action: string, body: Uint8Array, opts: { timeoutMs?: number } = {}): Promise<Uint8Array> {
    const d = this.faults.decide(this.nodeId, node.id, action);
    this.faults.counts.sent++;
    if (d.delayMs > 0) {
      this.faults.counts.delayed++;
      await sleep(d.delayMs);
    }
    if (d.drop === 'request') {
      this.faults.counts.droppedRequests++;
      await sleep(d.timeoutMs);
      throw lost(this.nodeId, node, action, d.timeoutMs);
    }
    const started = Date.now();
    const reply = await super.request(node, action, body, opts);
    if (d.drop === 'reply') {
      this.faults.counts.droppedReplies++;
      await sleep(Math.max(0, d.timeoutMs - (Date.now() - started)));
      throw lost(this.nodeId, node, action, d.timeoutMs);
    }
    return reply;
  }
}
