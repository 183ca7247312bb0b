/**
 * The nodes APIs never stall the node: hot threads waits its interval without blocking the
 * event loop, and stats read the OS without long synchronous work. (Measured with the shared
 * harness; the bound is on the longest probe, which a blocking implementation would push past
 * the interval, because p99 under 100 ms does not hold on a machine the whole suite loads.)
 */
import test from 'ava';
import { probeDuring, startServerUnderTest } from '../helpers/responsiveness.js';

test('GET / keeps answering while hot_threads measures and stats are read', async (t) => {
  const server = await startServerUnderTest();
  try {
    // A hot threads call that blocked its interval would hold one probe for the whole second;
    // the bound is loose because the suite runs on a loaded machine, but far below that.
    const hot = await probeDuring(server, () => server.request('GET', '/_nodes/hot_threads?interval=1s'));
    t.is(hot.result.status, 200);
    t.true(hot.latencies.length > 10, `only ${hot.latencies.length} probes in a second`);
    t.true(hot.max < 500, `max ${hot.max.toFixed(1)} ms`);
    const stats = await probeDuring(server, async () => {
      for (let i = 0; i < 20; i++) await server.request('GET', '/_nodes/stats');
      return server.request('GET', '/_cluster/stats');
    });
    t.is(stats.result.status, 200);
    t.true(stats.max < 500, `max ${stats.max.toFixed(1)} ms`);
    t.true(server.alive());
  } finally {
    await server.close();
  }
});
