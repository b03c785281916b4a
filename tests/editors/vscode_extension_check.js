// Loads editors/vscode/src/extension.js with stand-ins for the `vscode` and
// `vscode-languageclient/node` modules (no npm here), activates it and prints what it asked
// for as one JSON object. Run by tests/editors/test_vscode_package.py:
//   node tests/editors/vscode_extension_check.js editors/vscode/src/extension.js '{"server.path": "/x/rpn"}'
// The setting "__start_error" (no real setting) makes LanguageClient.start() fail with that
// message, as vscode-languageclient's does when it cannot spawn the server.
'use strict';
const Module = require('module');
const path = require('path');

const settings = JSON.parse(process.argv[3] || '{}');
const report = { clients: [], commands: [], started: 0, stopped: 0, errors: [] };

const vscode = {
  workspace: {
    getConfiguration: (section) => ({
      get: (key, dflt) => (key in settings ? settings[key] : dflt),
    }),
    onDidChangeConfiguration: () => ({ dispose() {} }),
  },
  window: {
    createOutputChannel: (name) => ({ name, dispose() {}, appendLine() {} }),
    showErrorMessage: (m) => report.errors.push(m),
  },
  commands: {
    registerCommand: (name) => { report.commands.push(name); return { dispose() {} }; },
  },
};

class LanguageClient {
  constructor(id, name, serverOptions, clientOptions) {
    report.clients.push({
      id, name, serverOptions,
      documentSelector: clientOptions.documentSelector,
      initializationOptions: clientOptions.initializationOptions,
      synchronize: clientOptions.synchronize,
      hasInlayMiddleware: !!(clientOptions.middleware && clientOptions.middleware.provideInlayHints),
    });
  }
  async start() {
    report.started += 1;
    if (settings.__start_error) throw new Error(settings.__start_error);
  }
  async stop() { report.stopped += 1; }
}
const languageclient = { LanguageClient, TransportKind: { stdio: 0, ipc: 1, pipe: 2, socket: 3 } };

const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === 'vscode') return vscode;
  if (request === 'vscode-languageclient/node') return languageclient;
  return load.apply(this, arguments);
};

(async () => {
  const ext = require(path.resolve(process.argv[2]));
  const context = { subscriptions: [] };
  await ext.activate(context);
  report.subscriptions = context.subscriptions.length;
  await ext.deactivate();
  process.stdout.write(JSON.stringify(report) + '\n');
})().catch((e) => { process.stdout.write(JSON.stringify({ error: String(e && e.stack || e) }) + '\n'); process.exit(1); });
