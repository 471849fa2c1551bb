const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { resolveBinary, findOnPath } = require('../out/binary');
const { readSettings } = require('../out/settings');
const { tempDir, fakeBinary } = require('./helpers');

const settings = (values) => readSettings((key, def) => (key in values ? values[key] : def));

function env(t, pathDirs, downloads) {
  return {
    env: { PATH: pathDirs.join(':') },
    platform: 'linux',
    defaultVersion: 'v0.1.0',
    async download(version) {
      downloads.push(version);
      return `/store/${version}/lakelint`;
    },
  };
}

test('lakelint.path wins, and must be an executable file', async (t) => {
  const dir = tempDir(t);
  const onPath = path.join(dir, 'bin');
  fs.mkdirSync(onPath);
  fs.copyFileSync(fakeBinary(dir, 'on path'), path.join(onPath, 'lakelint'));
  const mine = fakeBinary(dir, 'mine');
  const downloads = [];
  assert.deepEqual(await resolveBinary(settings({ path: mine }), env(t, [onPath], downloads)), { path: mine, from: 'setting' });
  await assert.rejects(resolveBinary(settings({ path: path.join(dir, 'nope') }), env(t, [onPath], downloads)), /lakelint\.path is .*nope, which is not an executable file/);
  fs.writeFileSync(path.join(dir, 'plain'), 'x', { mode: 0o644 });
  await assert.rejects(resolveBinary(settings({ path: path.join(dir, 'plain') }), env(t, [onPath], downloads)), /not an executable/);
  assert.deepEqual(downloads, []);
});

test('lakelint on PATH comes before a download', async (t) => {
  const dir = tempDir(t);
  const empty = path.join(dir, 'empty'), bin = path.join(dir, 'bin'), notExec = path.join(dir, 'noexec');
  for (const d of [empty, bin, notExec]) fs.mkdirSync(d);
  fs.writeFileSync(path.join(notExec, 'lakelint'), 'x', { mode: 0o644 });
  fs.copyFileSync(fakeBinary(dir, 'on path'), path.join(bin, 'lakelint'));
  const downloads = [];
  const got = await resolveBinary(settings({}), env(t, [empty, notExec, bin], downloads));
  assert.deepEqual(got, { path: path.join(bin, 'lakelint'), from: 'PATH' });
  assert.deepEqual(downloads, []);
});

test('with nothing on PATH the release is downloaded, unless downloads are off', async (t) => {
  const dir = tempDir(t);
  const downloads = [];
  assert.deepEqual(await resolveBinary(settings({}), env(t, [dir], downloads)), { path: '/store/v0.1.0/lakelint', from: 'download' });
  assert.deepEqual(await resolveBinary(settings({ version: 'v0.3.0' }), env(t, [dir], downloads)), { path: '/store/v0.3.0/lakelint', from: 'download' });
  assert.deepEqual(downloads, ['v0.1.0', 'v0.3.0']);
  await assert.rejects(resolveBinary(settings({ download: false }), env(t, [dir], downloads)), /not on PATH and lakelint\.download is off/);
  assert.equal(downloads.length, 2);
});

test('PATH search on Windows tries PATHEXT', async (t) => {
  const dir = tempDir(t);
  fs.writeFileSync(path.join(dir, 'lakelint.exe'), 'MZ');
  assert.equal(await findOnPath({ Path: dir, PATHEXT: '.COM;.EXE' }, 'win32'), path.join(dir, 'lakelint.exe'));
  assert.equal(await findOnPath({ Path: dir, PATHEXT: '.COM;.BAT' }, 'win32'), undefined);
});
