/**
 * The node settings of cluster mode, spelled as ES 5.6 spells them (`cluster.name`,
 * `node.name`, `node.master`, `node.data`, `transport.tcp.port`, `transport.host`) plus
 * Strata's `discovery.etcd.endpoints`: the comma-separated etcd client URLs. Without that
 * setting the node is a single node exactly as before: no etcd, no transport.
 */
import { EsError } from '../../errors/errors.js';

export interface ClusterModeSettings {
  clusterName: string;
  endpoints: string[];
  master: boolean;
  data: boolean;
  /** 0: any free port (the bound one is published). */
  transportPort: number;
  transportHost: string;
  /** Seconds a member's lease (and the master's election lease) lives without a keep-alive. */
  leaseTtlSeconds: number;
}

/** The setting that turns cluster mode on. */
export const ETCD_ENDPOINTS_SETTING = 'discovery.etcd.endpoints';

function bool(settings: Record<string, string>, key: string): boolean {
  const v = settings[key] ?? 'true';
  if (v !== 'true' && v !== 'false') throw new EsError('illegal_argument_exception', 400, `Failed to parse value [${v}] as only [true] or [false] are allowed.`);
  return v === 'true';
}

/** The cluster-mode settings, or undefined when the node is a single node. */
export function clusterModeSettings(settings: Record<string, string>, httpHost: string): ClusterModeSettings | undefined {
  const raw = settings[ETCD_ENDPOINTS_SETTING];
  const master = bool(settings, 'node.master');
  const data = bool(settings, 'node.data');
  if (raw === undefined || raw.trim() === '') {
    if (!master || !data) {
      throw new EsError('illegal_argument_exception', 400, `a single node has every role: [node.master] and [node.data] need [${ETCD_ENDPOINTS_SETTING}] (cluster mode)`);
    }
    return undefined;
  }
  const portRaw = settings['transport.tcp.port'] ?? '9300';
  const transportPort = /^\d+$/.test(portRaw) ? Number(portRaw) : NaN;
  if (!(transportPort >= 0 && transportPort <= 65535)) throw new EsError('illegal_argument_exception', 400, `Failed to parse value [${portRaw}] for setting [transport.tcp.port]`);
  const ttlRaw = settings['discovery.etcd.lease_ttl'] ?? '3';
  const leaseTtlSeconds = /^\d+$/.test(ttlRaw) ? Number(ttlRaw) : NaN;
  if (!(leaseTtlSeconds >= 2 && leaseTtlSeconds <= 60)) throw new EsError('illegal_argument_exception', 400, `Failed to parse value [${ttlRaw}] for setting [discovery.etcd.lease_ttl] must be between 2 and 60 (seconds)`);
  return {
    clusterName: settings['cluster.name'] ?? 'elasticsearch',
    endpoints: raw.split(',').map((e) => e.trim()).filter((e) => e !== ''),
    master,
    data,
    transportPort,
    transportHost: settings['transport.bind_host'] ?? settings['transport.host'] ?? httpHost,
    leaseTtlSeconds,
  };
}

/** The etcd key prefix of one cluster: every key of the cluster lives under it. */
export function clusterPrefix(clusterName: string): string {
  return `strata/${encodeURIComponent(clusterName)}/`;
}
