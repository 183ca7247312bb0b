/**
 * Cluster-mode settings (lib/cluster/coordination/cluster-settings.ts, lib/node-settings.ts): no
 * `discovery.etcd.endpoints` means a single node exactly as before (and its roles cannot be
 * turned off); with it, ES's names take effect and bad values stop the start with ES's messages.
 */
import test from 'ava';
import { clusterModeSettings } from '../../lib/cluster/coordination/cluster-settings.js';
import { validateNodeSettings } from '../../lib/node-settings.js';

test('without discovery.etcd.endpoints the node is a single node with every role', (t) => {
  t.is(clusterModeSettings({ 'cluster.name': 'c' }, '127.0.0.1'), undefined);
  t.throws(() => clusterModeSettings({ 'node.data': 'false' }, '127.0.0.1'), { message: /a single node has every role/ });
  t.regex(validateNodeSettings({ 'node.master': 'false' }) ?? '', /setting \[node\.master\] with value \[false\] is not supported by Strata yet/);
  t.is(validateNodeSettings({ 'transport.tcp.port': '9300' }), undefined);
  // read by the node (lib/action/nodes/node-identity.ts, lib/action/reindex/remote-info.ts), so taken from the command line too
  t.is(validateNodeSettings({ 'node.attr.zone': 'east', 'reindex.remote.whitelist': '127.0.0.1:*' }), undefined);
});

test('with discovery.etcd.endpoints: ES names for roles and transport, one lease TTL', (t) => {
  const s = clusterModeSettings(
    { 'discovery.etcd.endpoints': 'http://a:2379, http://b:2379', 'cluster.name': 'prod', 'node.data': 'false', 'transport.tcp.port': '0' },
    '10.0.0.1',
  );
  t.deepEqual(s, {
    clusterName: 'prod',
    endpoints: ['http://a:2379', 'http://b:2379'],
    master: true,
    data: false,
    transportPort: 0,
    transportHost: '10.0.0.1',
    leaseTtlSeconds: 3,
  });
  t.is(validateNodeSettings({ 'discovery.etcd.endpoints': 'http://a:2379', 'node.master': 'false', 'node.data': 'true', 'transport.host': '0.0.0.0' }), undefined);
  t.throws(() => clusterModeSettings({ 'discovery.etcd.endpoints': 'http://a:2379', 'transport.tcp.port': 'x' }, 'h'), {
    message: 'Failed to parse value [x] for setting [transport.tcp.port]',
  });
  t.throws(() => clusterModeSettings({ 'discovery.etcd.endpoints': 'http://a:2379', 'node.master': 'yes' }, 'h'), {
    message: 'Failed to parse value [yes] as only [true] or [false] are allowed.',
  });
  t.throws(() => clusterModeSettings({ 'discovery.etcd.endpoints': 'http://a:2379', 'discovery.etcd.lease_ttl': '1' }, 'h'), { message: /must be between 2 and 60/ });
});
