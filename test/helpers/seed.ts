/**
 * Numbered test documents: ids `1`…`docs` of type `doc` in `index`, bulk-indexed with a refresh.
 * The index is created first with `settings` when they are given (else it is auto-created).
 */
import type { TestNode } from './node.js';

/** The default document `i`: its number and whether it is even or odd. */
export const numbered = (i: number): Record<string, unknown> => ({ n: i, tag: i % 2 === 0 ? 'even' : 'odd' });

export async function seedNumbered(
  n: TestNode,
  index: string,
  docs: number,
  opts: { settings?: Record<string, unknown>; doc?: (i: number) => Record<string, unknown> } = {},
): Promise<void> {
  if (opts.settings) {
    const created = await n.request('PUT', `/${index}`, { settings: opts.settings });
    if (created.status !== 200) throw new Error(`create ${index}: ${JSON.stringify(created.body)}`);
  }
  const doc = opts.doc ?? numbered;
  const lines: string[] = [];
  for (let i = 1; i <= docs; i++) lines.push(JSON.stringify({ index: { _index: index, _type: 'doc', _id: String(i) } }), JSON.stringify(doc(i)));
  const bulk = await n.request('POST', '/_bulk?refresh=true', lines.join('\n') + '\n');
  if (bulk.status !== 200 || bulk.body.errors) throw new Error(`seed ${index}: ${JSON.stringify(bulk.body).slice(0, 300)}`);
}
