/**
 * The nodes APIs never stall the node: hot threads waits its interval without blocking the
 * event loop, and stats read the OS without long synchronous work.
 */
import test from 'ava';
import { probeDuring, startServerUnderTest } from '../helpers/responsiveness.js';

test('GET / keeps answering while hot_threads measures and stats are read', async (t) => {
  const server = await startServerUnderTest();
  try {
    const hot = await probeDuring(server, () => server.request('GET', '/_nodes/hot_threads?interval=1s'));
    t.is(hot.result.status, 200);
    t.true(hot.latencies.length > 20, `only ${hot.latencies.length} probes in a second`);
    t.true(hot.p99 < 100, `p99 ${hot.p99.toFixed(1)} ms`);
    const stats = await probeDuring(server, async () => {
      for (let i = 0; i < 20; i++) await server.request('GET', '/_nodes/stats');
      return server.request('GET', '/_cluster/stats');
    });
    t.is(stats.result.status, 200);
    t.true(stats.p99 < 100, `p99 ${stats.p99.toFixed(1)} ms`);
    t.true(server.alive());
  } finally {
    await server.close();
  }
});
