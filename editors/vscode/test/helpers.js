// Shared pieces of the extension's tests.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const http = require('node:http');

const repo = path.resolve(__dirname, '..', '..', '..');

function tempDir(t) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lakelint-vscode-'));
  t.after(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

// A script standing in for a release's lakelint binary.
function fakeBinary(dir, says) {
  const p = path.join(dir, `lakelint-${says.replace(/\W+/g, '-')}`);
  fs.writeFileSync(p, `#!/bin/sh\necho '${says}'\n`, { mode: 0o755 });
  return p;
}

// Packs a release as the release workflow does, with scripts/release-dist.sh.
function releaseDist(...args) {
  return execFileSync('bash', [path.join(repo, 'scripts', 'release-dist.sh'), ...args], { encoding: 'utf8' });
}

// Serves dist as GitHub serves a release's assets, on loopback.
async function serveRelease(t, tag, dist) {
  const requests = [];
  const server = http.createServer((req, res) => {
    requests.push(req.url);
    const prefix = `/download/${tag}/`;
    const file = req.url.startsWith(prefix) ? path.join(dist, path.basename(req.url)) : '';
    if (file && fs.existsSync(file)) {
      res.writeHead(200, { 'content-type': 'application/octet-stream' });
      res.end(fs.readFileSync(file));
    } else {
      res.writeHead(404);
      res.end('not found');
    }
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  t.after(() => new Promise((resolve) => server.close(resolve)));
  return { url: `http://127.0.0.1:${server.address().port}`, requests };
}

module.exports = { repo, tempDir, fakeBinary, releaseDist, serveRelease };
