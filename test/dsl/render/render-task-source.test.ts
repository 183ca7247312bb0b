/**
 * Over HTTP: a running search's task description (`GET /_tasks?detailed`) shows the whole
 * rendered source, a date_histogram and a highlight included, as ES 5.6's
 * `SearchSourceBuilder.toString` prints them (the approach of test/api/search-bulk-tasks.test.ts:
 * a script query slow enough to be listed, then cancelled).
 */
import test from 'ava';
import { seedNumbered } from '../../helpers/seed.js';
import { startTestNode } from '../../helpers/node.js';

/** A script query that runs for a second or more over the seeded documents, each call far within the script budget. */
const ENDLESS = 'long s = 0; for (int i = 0; i < 10000; i++) { s += i; } return s > 0;';

test('a listed search shows its date_histogram and highlight in source[...]', async (t) => {
  const n = await startTestNode();
  try {
    const day = (i: number): string => `2017-01-${String(1 + (i % 28)).padStart(2, '0')}`;
    await seedNumbered(n, 'slow', 3000, { settings: { number_of_shards: 1 }, doc: (i) => ({ n: i, tag: i % 2 === 0 ? 'even' : 'odd', d: day(i) }) });
    let answered: unknown;
    const pending = n.request('POST', '/slow/doc/_search', {
      size: 1,
      query: { script: { script: ENDLESS } },
      aggs: { per_day: { date_histogram: { field: 'd', interval: '1d', min_doc_count: 1 } } },
      highlight: { pre_tags: ['<b>'], post_tags: ['</b>'], fields: { tag: { number_of_fragments: 1 } } },
    });
    void pending.then((res) => (answered = res.body));
    let task: [string, { description: string }] | undefined;
    for (let i = 0; i < 1000 && task === undefined; i++) {
      if (answered !== undefined) throw new Error(`the search answered before it was listed: ${JSON.stringify(answered).slice(0, 300)}`);
      const list = await n.request('GET', '/_tasks?actions=indices:data/read/search&detailed');
      const tasks = Object.values<any>(list.body.nodes ?? {}).flatMap((node) => Object.entries<any>(node.tasks));
      task = tasks.find(([, v]) => v.action === 'indices:data/read/search');
      if (task === undefined) await new Promise((r) => setTimeout(r, 20));
    }
    if (task === undefined) throw new Error('never saw the search task');
    t.is(
      task[1].description,
      'indices[slow], types[doc], search_type[QUERY_THEN_FETCH], source[{"size":1,' +
        `"query":{"script":{"script":{"inline":${JSON.stringify(ENDLESS)},"lang":"painless"},"boost":1.0}},` +
        '"aggregations":{"per_day":{"date_histogram":{"field":"d","interval":"1d","offset":0,"order":{"_key":"asc"},"keyed":false,"min_doc_count":1}}},' +
        '"highlight":{"pre_tags":["<b>"],"post_tags":["</b>"],"fields":{"tag":{"number_of_fragments":1}}}}]',
    );
    t.is((await n.request('POST', `/_tasks/${task[0]}/_cancel`)).status, 200);
    t.is((await pending).status, 500);
  } finally {
    await n.close();
  }
});
