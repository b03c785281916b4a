// VS Code client of the rpn language server (`rpn lsp`): plain JavaScript, CommonJS.
'use strict';

const vscode = require('vscode');
const { LanguageClient, TransportKind } = require('vscode-languageclient/node');

/** @type {LanguageClient | undefined} */
let client;

function serverOptions() {
  const config = vscode.workspace.getConfiguration('rpn');
  const command = config.get('server.path') || 'rpn';
  const run = { command, args: ['lsp'], transport: TransportKind.stdio };
  return { run, debug: run };
}

// Sent as initializationOptions; the server reads formatting.glyphs, formatting.indentWidth,
// inlayHints.enabled and inlayHints.parameterNames.
function initializationOptions() {
  const config = vscode.workspace.getConfiguration('rpn');
  return {
    formatting: {
      glyphs: config.get('formatting.glyphs', 'keep'),
      indentWidth: config.get('formatting.indentWidth', 2),
    },
    inlayHints: {
      enabled: config.get('inlayHints.enabled', true),
      parameterNames: config.get('inlayHints.parameterNames', true),
    },
  };
}

function clientOptions(output) {
  return {
    documentSelector: [
      { scheme: 'file', language: 'rpn' },
      { scheme: 'untitled', language: 'rpn' },
    ],
    initializationOptions: initializationOptions(),
    synchronize: { configurationSection: 'rpn' },
    outputChannel: output,
    middleware: {
      // rpn.inlayHints.enabled = false hides the hints without restarting the server
      provideInlayHints: (document, range, token, next) =>
        vscode.workspace.getConfiguration('rpn').get('inlayHints.enabled', true)
          ? next(document, range, token)
          : [],
    },
  };
}

async function start(context, output) {
  client = new LanguageClient('rpn', 'RPN Language Server', serverOptions(), clientOptions(output));
  try {
    await client.start();
  } catch (err) {
    const path = vscode.workspace.getConfiguration('rpn').get('server.path') || 'rpn';
    vscode.window.showErrorMessage(
      `Could not start the rpn language server ('${path} lsp'): ${err && err.message ? err.message : err}. ` +
        "Install rpn with the repository's scripts/install (it puts rpn in ~/.local/bin, which must be " +
        'on the PATH VS Code was started with), or set rpn.server.path to the rpn executable.');
  }
}

async function stop() {
  if (!client) return;
  const c = client;
  client = undefined;
  try {
    await c.stop();
  } catch (_) {
    // already stopped
  }
}

/** @param {vscode.ExtensionContext} context */
async function activate(context) {
  const output = vscode.window.createOutputChannel('RPN Language Server');
  context.subscriptions.push(output);
  context.subscriptions.push(
    vscode.commands.registerCommand('rpn.restartServer', async () => {
      await stop();
      await start(context, output);
    }),
    vscode.workspace.onDidChangeConfiguration(async (event) => {
      // the other settings reach the server through workspace/didChangeConfiguration
      // (synchronize.configurationSection); the command is read at start only
      if (event.affectsConfiguration('rpn.server.path')) {
        await stop();
        await start(context, output);
      }
    }),
  );
  await start(context, output);
}

function deactivate() {
  return stop();
}

module.exports = { activate, deactivate };
