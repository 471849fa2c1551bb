// The controller with a stub of the vscode API and of the language client.
const test = require('node:test');
const assert = require('node:assert/strict');
const { Controller } = require('../out/controller');

function stubVscode(values) {
  const listeners = [];
  const errors = [];
  const items = [];
  const api = {
    StatusBarAlignment: { Left: 1, Right: 2 },
    workspace: {
      getConfiguration(section) {
        assert.equal(section, 'lakelint');
        return { get: (key, def) => (key in values ? values[key] : def) };
      },
      onDidChangeConfiguration(listener) {
        listeners.push(listener);
        return { dispose() {} };
      },
    },
    window: {
      createStatusBarItem(alignment) {
        const item = { text: '', alignment, shown: false, show() { this.shown = true; }, dispose() {} };
        items.push(item);
        return item;
      },
      showErrorMessage(message) {
        errors.push(message);
      },
    },
  };
  const change = (section) => listeners.forEach((l) => l({ affectsConfiguration: (s) => s === section }));
  return { api, values, errors, items, change };
}

function clients() {
  const made = [];
  const factory = (bin, args, onDiagnostics) => {
    const c = { bin, args, onDiagnostics, started: false, stopped: false };
    c.start = async () => { c.started = true; };
    c.stop = async () => { c.stopped = true; };
    made.push(c);
    return c;
  };
  return { made, factory };
}

const resolveEnv = { env: { PATH: '' }, platform: 'linux', defaultVersion: 'v0.1.0', download: async (v) => `/store/${v}/lakelint` };

test('starts the server with the settings and counts its findings in the status bar', async () => {
  const vs = stubVscode({ platform: 'databricks', select: ['LL1'] });
  const { made, factory } = clients();
  const c = new Controller(vs.api, factory, resolveEnv);
  await c.start();
  assert.equal(made.length, 1);
  assert.deepEqual(made[0].args, ['server', '--select', 'LL1', '--platform', 'databricks']);
  assert.equal(made[0].bin, '/store/v0.1.0/lakelint');
  const item = vs.items[0];
  assert.equal(item.shown, true);
  assert.equal(item.text, '$(database) lakelint (databricks): 0 findings');
  made[0].onDiagnostics('file:///a.py', [{}, {}]);
  made[0].onDiagnostics('file:///b.sql', [{}]);
  assert.equal(item.text, '$(database) lakelint (databricks): 3 findings');
  made[0].onDiagnostics('file:///a.py', []); // fixed
  assert.equal(item.text, '$(database) lakelint (databricks): 1 finding');
});

test('a change of lakelint settings restarts the server with the new ones', async () => {
  const vs = stubVscode({});
  const { made, factory } = clients();
  const c = new Controller(vs.api, factory, resolveEnv);
  await c.start();
  made[0].onDiagnostics('file:///a.py', [{}]);
  assert.equal(vs.items[0].text, '$(database) lakelint (auto): 1 finding');

  vs.change('python'); // not ours: nothing happens
  await c.ready;
  assert.equal(made.length, 1);

  vs.values.platform = 'oss';
  vs.values.ignore = ['LL102'];
  vs.change('lakelint');
  await c.ready;
  assert.equal(made.length, 2);
  assert.equal(made[0].stopped, true);
  assert.equal(made[1].started, true);
  assert.deepEqual(made[1].args, ['server', '--ignore', 'LL102', '--platform', 'oss']);
  assert.equal(vs.items[0].text, '$(database) lakelint (oss): 0 findings');
  made[0].onDiagnostics('file:///a.py', [{}, {}]); // the old server's late report
  assert.equal(vs.items[0].text, '$(database) lakelint (oss): 0 findings');
});

test('a binary that cannot be found is shown, not swallowed', async () => {
  const vs = stubVscode({ path: '/no/such/lakelint' });
  const { made, factory } = clients();
  const c = new Controller(vs.api, factory, resolveEnv);
  await c.start();
  assert.equal(made.length, 0);
  assert.equal(vs.items[0].text, '$(error) lakelint (auto)');
  assert.match(vs.errors[0], /^lakelint: lakelint\.path is \/no\/such\/lakelint, which is not an executable file/);
});
