/**
 * Stored scripts (`/_scripts/{id}`, `/_scripts/{lang}/{id}`) and file scripts (`config/scripts`)
 * over HTTP, used by updates and searches; stored scripts survive a restart.
 */
import test from 'ava';
import { mkdtemp, mkdir, writeFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestNode } from '../helpers/node.js';

test('stored scripts: put, get, use by id, delete, persist across restarts', async (t) => {
  const first = await startTestNode();
  let dataPath = first.dataPath;
  try {
    const put = await first.request('PUT', '/_scripts/inc', { script: { lang: 'painless', code: 'ctx._source.n += params.by' } });
    t.is(put.status, 200);
    t.deepEqual(put.body, { acknowledged: true });
    t.deepEqual((await first.request('GET', '/_scripts/inc')).body, { _id: 'inc', found: true, script: { lang: 'painless', code: 'ctx._source.n += params.by' } });
    // the 5.x language-in-path form
    t.deepEqual((await first.request('PUT', '/_scripts/painless/dbl', { script: "doc['n'].value * 2" })).body, { acknowledged: true });
    t.deepEqual((await first.request('GET', '/_scripts/painless/dbl')).body, { _id: 'dbl', lang: 'painless', found: true, script: "doc['n'].value * 2" });
    const wrongLang = await first.request('GET', '/_scripts/expression/dbl');
    t.is(wrongLang.status, 404);
    t.is(wrongLang.body.found, false);
    await first.request('PUT', '/_scripts/expression/edbl', { script: "doc['n'].value * 2" });
    await first.stop();
    const second = await startTestNode({ dataPath });
    try {
      t.deepEqual((await second.request('GET', '/_scripts/inc')).body.script, { lang: 'painless', code: 'ctx._source.n += params.by' });
      await second.request('PUT', '/i/t/1?refresh=true', { n: 1 });
      const u = await second.request('POST', '/i/t/1/_update', { script: { stored: 'inc', params: { by: 4 } } });
      t.is(u.status, 200, u.text);
      t.deepEqual((await second.request('GET', '/i/t/1')).body._source, { n: 5 });
      await second.request('POST', '/i/_refresh');
      const s = await second.request('POST', '/i/_search', {
        script_fields: { d: { script: { id: 'dbl' } }, e: { script: { stored: 'edbl' } } },
      });
      t.deepEqual(s.body.hits.hits[0].fields, { d: [10], e: [10] });
      t.deepEqual((await second.request('DELETE', '/_scripts/inc')).body, { acknowledged: true });
      const gone = await second.request('GET', '/_scripts/inc');
      t.is(gone.status, 404);
      t.deepEqual(gone.body, { _id: 'inc', found: false });
      const del = await second.request('DELETE', '/_scripts/inc');
      t.is(del.status, 404);
      t.is(del.body.error.type, 'resource_not_found_exception');
      const missing = await second.request('POST', '/i/t/1/_update', { script: { stored: 'inc' } });
      t.is(missing.status, 400);
      t.deepEqual(missing.body.error.caused_by, { type: 'resource_not_found_exception', reason: 'unable to find script [inc] in cluster state' });
    } finally {
      dataPath = second.dataPath;
      await second.close();
    }
  } catch (e) {
    await rm(dataPath, { recursive: true, force: true });
    throw e;
  }
});

test('stored scripts are compiled before they are stored', async (t) => {
  const node = await startTestNode();
  try {
    const bad = await node.request('PUT', '/_scripts/bad', { script: { lang: 'painless', code: 'x +' } });
    t.is(bad.status, 400);
    t.is(bad.body.error.type, 'script_exception');
    t.is(bad.body.error.reason, 'compile error');
    t.is((await node.request('GET', '/_scripts/bad')).status, 404);
    const noLang = await node.request('PUT', '/_scripts/x', { script: { code: '1' } });
    t.deepEqual(noLang.body.error.root_cause[0], { type: 'illegal_argument_exception', reason: 'must specify lang for stored script' });
    const unknown = await node.request('PUT', '/_scripts/x', { script: { lang: 'groovy', code: '1' } });
    t.is(unknown.body.error.reason, 'script_lang not supported [groovy]');
  } finally {
    await node.close();
  }
});

test('file scripts from config/scripts, and script.file / script.stored settings', async (t) => {
  const conf = await mkdtemp(join(tmpdir(), 'strata-conf-'));
  await mkdir(join(conf, 'scripts'));
  await writeFile(join(conf, 'scripts', 'bump.painless'), 'ctx._source.n += 10');
  await writeFile(join(conf, 'scripts', 'half.expression'), "doc['n'].value / 2");
  const node = await startTestNode({ settings: { 'path.conf': conf } });
  try {
    await node.request('PUT', '/f/t/1?refresh=true', { n: 1 });
    const u = await node.request('POST', '/f/t/1/_update', { script: { file: 'bump' } });
    t.is(u.status, 200, u.text);
    await node.request('POST', '/f/_refresh');
    const s = await node.request('POST', '/f/_search', { script_fields: { h: { script: { file: 'half', lang: 'expression' } } } });
    t.deepEqual(s.body.hits.hits[0].fields, { h: [5.5] });
    const missing = await node.request('POST', '/f/t/1/_update', { script: { file: 'nope' } });
    t.deepEqual(missing.body.error.caused_by, { type: 'illegal_argument_exception', reason: 'Unable to find on disk file script [nope] using lang [painless]' });
  } finally {
    await node.close();
  }
  const off = await startTestNode({ settings: { 'path.conf': conf, 'script.file': 'false', 'script.engine.painless.stored.update': 'false' } });
  try {
    await off.request('PUT', '/f/t/1?refresh=true', { n: 1 });
    await off.request('PUT', '/_scripts/s1', { script: { lang: 'painless', code: 'ctx._source.n = 0' } });
    const f = await off.request('POST', '/f/t/1/_update', { script: { file: 'bump' } });
    t.is(f.body.error.caused_by.reason, 'scripts of type [file], operation [update] and lang [painless] are disabled');
    const st = await off.request('POST', '/f/t/1/_update', { script: { stored: 's1' } });
    t.is(st.body.error.caused_by.reason, 'scripts of type [stored], operation [update] and lang [painless] are disabled');
    t.is((await off.request('POST', '/f/t/1/_update', { script: 'ctx._source.n = 2' })).status, 200);
  } finally {
    await off.close();
    await rm(conf, { recursive: true, force: true });
  }
});
