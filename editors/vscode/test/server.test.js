// The real language server, started with the command line the extension's
// settings make, over stdio with the language client's JSON-RPC layer.
// LAKELINT_SERVER_BIN names a built lakelint; without it the test builds one.
const test = require('node:test');
const assert = require('node:assert/strict');
const { spawn, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { pathToFileURL } = require('node:url');
const { createMessageConnection, StreamMessageReader, StreamMessageWriter } = require('vscode-jsonrpc/node');
const { readSettings, serverArgs } = require('../out/settings');
const { repo, tempDir } = require('./helpers');

function lakelintBinary(t) {
  if (process.env.LAKELINT_SERVER_BIN) return process.env.LAKELINT_SERVER_BIN;
  const out = path.join(tempDir(t), 'lakelint');
  execFileSync('go', ['build', '-o', out, './cmd/lakelint'], { cwd: repo, stdio: 'inherit' });
  return out;
}

const job = 'df = spark.table("main.a.src")\ndf.coalesce(1).write.format("delta").mode("append").saveAsTable("main.a.orders")\n';

// lint opens file in a server started for settings and returns the
// diagnostics it publishes, and the server's capabilities.
async function lint(t, bin, settings, file) {
  const args = serverArgs(readSettings((key, def) => (key in settings ? settings[key] : def)));
  const proc = spawn(bin, args, { cwd: path.dirname(file), stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createMessageConnection(new StreamMessageReader(proc.stdout), new StreamMessageWriter(proc.stdin));
  const exited = new Promise((resolve) => proc.on('exit', resolve));
  t.after(() => proc.kill());
  const uri = pathToFileURL(file).href;
  const published = new Promise((resolve) =>
    conn.onNotification('textDocument/publishDiagnostics', (p) => {
      if (p.uri === uri) resolve(p);
    }),
  );
  conn.onRequest(() => null); // registrations and other requests from the server
  conn.listen();
  const root = pathToFileURL(path.dirname(file)).href;
  const init = await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri: root,
    workspaceFolders: [{ uri: root, name: 'project' }],
    capabilities: { textDocument: { publishDiagnostics: { relatedInformation: true } } },
  });
  await conn.sendNotification('initialized', {});
  await conn.sendNotification('textDocument/didOpen', {
    textDocument: { uri, languageId: 'python', version: 1, text: fs.readFileSync(file, 'utf8') },
  });
  const diagnostics = (await published).diagnostics;
  await conn.sendRequest('shutdown');
  await conn.sendNotification('exit');
  assert.equal(await exited, 0);
  conn.dispose();
  return { capabilities: init.capabilities, diagnostics };
}

test('the language server publishes findings for the settings', { timeout: 300_000 }, async (t) => {
  const bin = lakelintBinary(t);
  const dir = tempDir(t);
  const file = path.join(dir, 'job.py');
  fs.writeFileSync(file, job);

  const { capabilities, diagnostics } = await lint(t, bin, { platform: 'databricks' }, file);
  assert.ok(capabilities.textDocumentSync, 'no textDocumentSync');
  const codes = diagnostics.map((d) => d.code);
  assert.ok(codes.includes('LL102'), `codes ${codes}`);
  const d = diagnostics.find((d) => d.code === 'LL102');
  assert.equal(d.source, 'lakelint');
  assert.equal(d.range.start.line, 1);

  // near miss: ignored in the settings, the finding is gone
  const ignored = await lint(t, bin, { platform: 'databricks', ignore: ['LL102'] }, file);
  assert.ok(!ignored.diagnostics.some((d) => d.code === 'LL102'), JSON.stringify(ignored.diagnostics));
});
