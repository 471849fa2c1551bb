const test = require('node:test');
const assert = require('node:assert/strict');
const { readSettings, serverArgs, affectsServer } = require('../out/settings');

const getter = (values) => (key, def) => (key in values ? values[key] : def);

test('settings make the server command line', () => {
  const s = readSettings(getter({ select: ['LL1', ' LL401 ', ''], ignore: ['LL102'], platform: 'oss', args: ['--no-cache'] }));
  assert.deepEqual(serverArgs(s), ['server', '--select', 'LL1,LL401', '--ignore', 'LL102', '--platform', 'oss', '--no-cache']);
});

test('default settings start a plain server and allow the download', () => {
  const s = readSettings(getter({}));
  assert.deepEqual(serverArgs(s), ['server']);
  assert.equal(s.download, true);
  assert.equal(s.path, '');
});

test('only lakelint settings restart the server', () => {
  assert.equal(affectsServer({ affectsConfiguration: (s) => s === 'lakelint' }), true);
  assert.equal(affectsServer({ affectsConfiguration: (s) => s === 'python' }), false);
});
