/**
 * A bad fixture stops `startNode` with a FixtureError naming the file and line at fault (and the
 * node it started is closed again).
 */
import test from 'ava';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, dirname } from 'node:path';
import { startNode, FixtureError } from '../../lib/index.js';

async function folder(t: { teardown(fn: () => Promise<void>): void }, files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'strata-fixtures-'));
  t.teardown(() => rm(dir, { recursive: true, force: true }));
  for (const [name, text] of Object.entries(files)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), text);
  }
  return dir;
}

async function failure(dir: string): Promise<FixtureError> {
  try {
    const node = await startNode({ memory: true, logger: false, fixtures: dir });
    await node.close();
  } catch (err) {
    if (err instanceof FixtureError) return err;
    throw err;
  }
  throw new Error('the fixtures loaded');
}

test('invalid JSON in a bulk file names its line', async (t) => {
  const dir = await folder(t, { 'data/a.ndjson': '{"index":{"_index":"i","_type":"t","_id":"1"}}\n{"a":1}\n{"index":{"_index":"i","_type":"t"}}\n{"a":\n' });
  const err = await failure(dir);
  t.is(err.file, join(dir, 'data/a.ndjson'));
  t.is(err.line, 4);
  t.regex(err.message, /^fixture .*data\/a\.ndjson:4: invalid JSON/);
});

test('a bulk item the node refuses names the line of its action', async (t) => {
  const dir = await folder(t, {
    'indices/i.json': '{"mappings":{"t":{"properties":{"n":{"type":"integer"}}}}}',
    'data/a.ndjson': '{"index":{"_index":"i","_type":"t","_id":"1"}}\n{"n":1}\n{"delete":{"_index":"i","_type":"t","_id":"9"}}\n\n{"index":{"_index":"i","_type":"t","_id":"2"}}\n{"n":"many"}\n',
  });
  const err = await failure(dir);
  t.is(err.line, 5);
  t.regex(err.message, /a\.ndjson:5: bulk item answered 400: mapper_parsing_exception: failed to parse \[n\]/);
});

test('an index body the node refuses names the file; a line without an action is refused at its line', async (t) => {
  const bad = await folder(t, { 'indices/i.json': '{"settings":{"number_of_shards":0}}' });
  const err = await failure(bad);
  t.is(err.file, join(bad, 'indices/i.json'));
  t.regex(err.message, /PUT \/i answered 400: illegal_argument_exception: Failed to parse value \[0\] for setting \[index.number_of_shards\] must be >= 1/);

  const noAction = await folder(t, { 'data/a.ndjson': '{"index":{"_index":"i","_type":"t"}}\n{"a":1}\n{"a":2}\n' });
  const e2 = await failure(noAction);
  t.is(e2.line, 3);
  t.regex(e2.message, /expected a bulk action/);
});

test('a file that fits no rule of the layout is refused, not skipped', async (t) => {
  const dir = await folder(t, { 'indices/notes.txt': 'x' });
  const err = await failure(dir);
  t.regex(err.message, /indices\/notes\.txt: not a fixture file \(expected \.json in indices\/\)/);
});

test('an elasticdump line without an _id is refused at its line', async (t) => {
  const dir = await folder(t, { 'data/dump.json': '{"_index":"i","_type":"t","_id":"1","_source":{}}\n{"_index":"i","_type":"t","_source":{}}\n' });
  const err = await failure(dir);
  t.is(err.line, 2);
  t.regex(err.message, /elasticdump line without a string \[_id\]/);
});
