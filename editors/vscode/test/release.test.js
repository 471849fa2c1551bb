const test = require('node:test');
const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { archiveName, releaseTarget, parseChecksums, downloadRelease, ChecksumError } = require('../out/release');
const { tempDir, fakeBinary, releaseDist, serveRelease } = require('./helpers');

test('release targets and archive names follow the release workflow', (t) => {
  assert.deepEqual(releaseTarget('linux', 'x64'), { os: 'linux', arch: 'amd64' });
  assert.deepEqual(releaseTarget('darwin', 'arm64'), { os: 'darwin', arch: 'arm64' });
  assert.deepEqual(releaseTarget('win32', 'x64'), { os: 'windows', arch: 'amd64' });
  assert.equal(releaseTarget('freebsd', 'x64'), undefined);
  assert.equal(releaseTarget('linux', 'ia32'), undefined);
  assert.equal(archiveName('v1.2.3', { os: 'linux', arch: 'arm64' }), 'lakelint_1.2.3_linux_arm64.tar.gz');
  assert.equal(archiveName('1.2.3', { os: 'windows', arch: 'amd64' }), 'lakelint_1.2.3_windows_amd64.zip');
  // the names scripts/release-dist.sh gives the archives it packs
  const dir = tempDir(t);
  const bin = fakeBinary(dir, 'x');
  for (const [os, arch] of [['linux', 'amd64'], ['windows', 'arm64']]) {
    const out = releaseDist('archive', '1.2.3', os, arch, bin, path.join(dir, 'dist')).trim();
    assert.equal(path.basename(out), archiveName('v1.2.3', { os, arch }));
  }
});

test('checksums.txt is read as sha256sum writes it', () => {
  const a = 'a'.repeat(64), b = 'B'.repeat(64);
  const sums = parseChecksums(`${a}  lakelint_1.2.3_linux_amd64.tar.gz\n${b} *lakelint_1.2.3_windows_amd64.zip\nnot a line\n`);
  assert.equal(sums.get('lakelint_1.2.3_linux_amd64.tar.gz'), a);
  assert.equal(sums.get('lakelint_1.2.3_windows_amd64.zip'), 'b'.repeat(64));
  assert.equal(sums.size, 2);
});

async function release(t, binaries) {
  const dir = tempDir(t);
  const dist = path.join(dir, 'dist');
  for (const [target, says] of Object.entries(binaries)) {
    const [os, arch] = target.split('/');
    releaseDist('archive', '1.2.3', os, arch, fakeBinary(dir, says), dist);
  }
  releaseDist('checksums', dist);
  const server = await serveRelease(t, 'v1.2.3', dist);
  return { dir, dist, server };
}

test('the release binary is downloaded, checked and unpacked once', async (t) => {
  const { dir, server } = await release(t, { 'linux/amd64': 'amd64 build', 'linux/arm64': 'arm64 build' });
  const store = path.join(dir, 'store');
  fs.mkdirSync(store);
  const target = { os: 'linux', arch: 'arm64' };
  const bin = await downloadRelease({ version: 'v1.2.3', target, dir: store, baseUrl: server.url });
  assert.equal(execFileSync(bin, { encoding: 'utf8' }).trim(), 'arm64 build');
  assert.deepEqual(server.requests, ['/download/v1.2.3/checksums.txt', '/download/v1.2.3/lakelint_1.2.3_linux_arm64.tar.gz']);
  // again: the unpacked binary is reused
  assert.equal(await downloadRelease({ version: '1.2.3', target, dir: store, baseUrl: server.url }), bin);
  assert.equal(server.requests.length, 2);
});

test('an archive that does not match checksums.txt is never unpacked', async (t) => {
  const { dir, dist, server } = await release(t, { 'linux/amd64': 'genuine' });
  releaseDist('archive', '1.2.3', 'linux', 'amd64', fakeBinary(dir, 'tampered'), dist); // after checksums.txt
  const store = path.join(dir, 'store');
  fs.mkdirSync(store);
  await assert.rejects(
    downloadRelease({ version: 'v1.2.3', target: { os: 'linux', arch: 'amd64' }, dir: store, baseUrl: server.url }),
    (err) => err instanceof ChecksumError && /lakelint_1\.2\.3_linux_amd64\.tar\.gz does not match its checksum/.test(err.message),
  );
  assert.deepEqual(fs.readdirSync(store), []);
});

test('a missing release or platform is an error', async (t) => {
  const { dir, server } = await release(t, { 'linux/amd64': 'x' });
  const store = path.join(dir, 'store');
  fs.mkdirSync(store);
  await assert.rejects(
    downloadRelease({ version: 'v1.2.3', target: { os: 'darwin', arch: 'arm64' }, dir: store, baseUrl: server.url }),
    /has no lakelint_1\.2\.3_darwin_arm64\.tar\.gz in its checksums\.txt/,
  );
  await assert.rejects(
    downloadRelease({ version: 'v9.9.9', target: { os: 'linux', arch: 'amd64' }, dir: store, baseUrl: server.url }),
    /HTTP status 404/,
  );
});
