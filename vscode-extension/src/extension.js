// extension.js: entry point of the mlir-shape VS Code extension.
//
// It runs `mlir-shape lsp` (see settings.js for where the binary comes from)
// through vscode-languageclient for every `mlir` document. Diagnostics,
// hovers, inlay hints and quick fixes are plain LSP features and need no code
// here; this file adds what LSP does not cover: the server's life cycle
// (status bar, restart, a helpful error when the binary cannot start),
// settings changes without a reload, and the "Show Inferred Shape" command.
'use strict';

const vscode = require('vscode');
const {
  LanguageClient, State, ErrorAction, CloseAction, HoverRequest, ResponseError, ErrorCodes,
} = require('vscode-languageclient/node');
const { serverSettings, serverLaunch, launchProblem } = require('./settings');
const { ServerStatus } = require('./status');
const { hoverToText, inferredToText } = require('./inferred');

/** Custom request served by mlir-shape: {textDocument, position} -> {type, rule, markdown} | null. */
const INFERRED_SHAPE_REQUEST = 'mlirShape/inferredShape';
const CLIENT_ID = 'mlirShape'; // also makes the client honour `mlirShape.trace.server`

/** @type {LanguageClient | undefined} */
let client;
/** @type {ServerStatus | undefined} */
let status;
/** @type {vscode.LogOutputChannel | undefined} */
let output;
/** Serialises start/stop so quick setting changes cannot interleave them. */
let lifecycle = Promise.resolve();
/**
 * Set from a server.path change until the new client starts: the old
 * client must not push that change to a server that is about to stop
 * (the failed notification would pop up an error).
 */
let restartPending = false;
/** @type {vscode.FileSystemWatcher | undefined} one for all clients, forwarded as didChangeWatchedFiles */
let catalogWatcher;

/** @returns {import('vscode-languageclient/node').LanguageClientOptions} */
function clientOptions() {
  return {
    documentSelector: [{ scheme: 'file', language: 'mlir' }, { scheme: 'untitled', language: 'mlir' }],
    outputChannel: output,
    traceOutputChannel: output,
    initializationOptions: () => serverSettings(),
    synchronize: { configurationSection: 'mlirShape', fileEvents: catalogWatcher },
    errorHandler: errorHandler(),
    middleware: {
      workspace: {
        didChangeConfiguration: (sections, next) => (restartPending ? Promise.resolve() : next(sections)),
        // Answer `workspace/configuration` for our section with the cleaned
        // settings (absolute rule paths), not the raw settings tree.
        configuration: async (params, token, next) => {
          const raw = await next(params, token);
          if (raw instanceof ResponseError || !Array.isArray(raw)) return raw;
          return params.items.map((item, i) => {
            if (item.section !== 'mlirShape') return raw[i];
            return serverSettings(item.scopeUri ? vscode.Uri.parse(item.scopeUri) : undefined);
          });
        },
      },
    },
  };
}

/**
 * Restarts a crashed server a few times, then gives up visibly.
 * @returns {import('vscode-languageclient/node').ErrorHandler}
 */
function errorHandler() {
  /** @type {number[]} */
  const crashes = [];
  return {
    error: () => ({ action: ErrorAction.Continue }),
    closed: () => {
      const now = Date.now();
      crashes.push(now);
      while (crashes.length && now - crashes[0] > 3 * 60 * 1000) crashes.shift();
      if (crashes.length <= 4) return { action: CloseAction.Restart };
      status?.set('error', 'The server crashed 5 times in 3 minutes.');
      return {
        action: CloseAction.DoNotRestart,
        message: 'mlir-shape: the language server crashed 5 times in 3 minutes and will not be restarted. '
          + 'See the "mlir-shape" output, then run "mlir-shape: Restart Language Server".',
      };
    },
  };
}

/**
 * Tells the user what failed and how to fix it. Not awaited by callers: the
 * notification stays until dismissed and must not hold up a restart.
 * @param {string} command
 * @param {string} origin
 * @param {string} reason
 */
async function reportLaunchFailure(command, origin, reason) {
  status?.set('error', reason);
  output?.error(`cannot start ${command} (from ${origin}): ${reason}`);
  const openSettings = 'Open Settings';
  const showOutput = 'Show Output';
  const pick = await vscode.window.showErrorMessage(
    `mlir-shape: cannot start the language server: ${reason} (from ${origin}). `
      + 'Set "mlirShape.server.path" to your mlir-shape binary, or build it with `make` '
      + '(it is written to build/mlir-shape in the mlir-shape checkout).',
    openSettings, showOutput);
  if (pick === openSettings) {
    await vscode.commands.executeCommand('workbench.action.openSettings', 'mlirShape.server.path');
  } else if (pick === showOutput) {
    output?.show(true);
  }
}

/** @param {vscode.ExtensionContext} context */
async function startClient(context) {
  /** @type {import('./settings').ServerLaunch} */
  let launch;
  try {
    launch = serverLaunch(context.extensionPath);
  } catch (e) {
    void reportLaunchFailure('mlir-shape', 'MLIR_SHAPE_SERVER_ARGS', String(e instanceof Error ? e.message : e));
    return;
  }
  const problem = launchProblem(launch.command);
  if (problem) {
    void reportLaunchFailure(launch.command, launch.origin, problem);
    return;
  }
  status?.set('starting', `${launch.command} ${launch.args.join(' ')}`);
  output?.info(`starting ${launch.command} ${launch.args.join(' ')} (from ${launch.origin})`);
  // No `transport` on purpose: TransportKind.stdio would append `--stdio`
  // to the arguments. Without it the client still speaks over stdin/stdout.
  const serverOptions = { command: launch.command, args: launch.args };
  const c = new LanguageClient(CLIENT_ID, 'mlir-shape', serverOptions, clientOptions());
  client = c;
  c.onDidChangeState((e) => {
    if (client !== c || status?.state === 'error') return;
    if (e.newState === State.Running) status?.set('ready', `${launch.command} ${launch.args.join(' ')}`);
    else if (e.newState === State.Starting) status?.set('starting');
    else status?.set('stopped');
  });
  try {
    await c.start();
  } catch (e) {
    if (client === c) client = undefined;
    void reportLaunchFailure(launch.command, launch.origin, String(e instanceof Error ? e.message : e));
  }
}

async function stopClient() {
  const c = client;
  client = undefined;
  if (!c) return;
  try {
    if (c.needsStop()) await c.stop(2000);
  } catch (e) {
    output?.warn(`stopping the server: ${e instanceof Error ? e.message : String(e)}`);
  }
  await c.dispose(2000).catch(() => undefined);
  status?.set('stopped');
}

/**
 * Queues a life-cycle step behind the previous one.
 * @param {() => Promise<void>} step
 * @returns {Promise<void>}
 */
function enqueue(step) {
  lifecycle = lifecycle.then(step, step);
  return lifecycle;
}

/** @param {vscode.ExtensionContext} context */
function restart(context) {
  return enqueue(async () => {
    await stopClient();
    if (status) status.state = 'stopped'; // clear a previous error so state events show again
    restartPending = false;
    await startClient(context);
  });
}

/**
 * "Show Inferred Shape": asks the server about the op under the cursor,
 * through the custom request when the server has it and hover otherwise.
 */
async function showInferredShape() {
  const editor = vscode.window.activeTextEditor;
  if (!editor || editor.document.languageId !== 'mlir') {
    void vscode.window.showInformationMessage('mlir-shape: put the cursor on an op in an MLIR file.');
    return;
  }
  const c = client;
  if (!c || !c.isRunning()) {
    void vscode.window.showWarningMessage('mlir-shape: the language server is not running.');
    return;
  }
  const params = c.code2ProtocolConverter.asTextDocumentPositionParams(editor.document, editor.selection.active);
  /** @type {string | undefined} */
  let text;
  /** @type {string | undefined} */
  let markdown;
  try {
    const r = await c.sendRequest(INFERRED_SHAPE_REQUEST, params);
    if (r) ({ text, markdown } = inferredToText(r));
  } catch (e) {
    // Servers without the custom request answer MethodNotFound: use hover.
    if (!(e instanceof ResponseError && e.code === ErrorCodes.MethodNotFound)) {
      output?.warn(`${INFERRED_SHAPE_REQUEST}: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  if (!text) {
    const hover = await c.sendRequest(HoverRequest.type, params);
    if (hover) ({ text, markdown } = hoverToText(hover.contents));
  }
  if (!text) {
    void vscode.window.showInformationMessage('mlir-shape: no inferred shape for the op under the cursor.');
    return;
  }
  const details = 'Details';
  const pick = await vscode.window.showInformationMessage(`mlir-shape: ${text}`, details);
  if (pick === details && markdown) {
    const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: markdown });
    await vscode.commands.executeCommand('markdown.showPreview', doc.uri).then(undefined,
      () => vscode.window.showTextDocument(doc));
  }
}

/** @param {vscode.ExtensionContext} context */
async function activate(context) {
  output = vscode.window.createOutputChannel('mlir-shape', { log: true });
  status = new ServerStatus('mlirShape.showOutput');
  catalogWatcher = vscode.workspace.createFileSystemWatcher('**/.mlir-shape.json');
  context.subscriptions.push(output, status, catalogWatcher,
    vscode.commands.registerCommand('mlirShape.restartServer', () => restart(context)),
    vscode.commands.registerCommand('mlirShape.showOutput', () => output?.show(true)),
    vscode.commands.registerCommand('mlirShape.showInferredShape', showInferredShape),
    vscode.workspace.onDidChangeConfiguration((e) => {
      // rules/strict/severity reach the running server as
      // didChangeConfiguration; only a new binary needs a new process.
      if (e.affectsConfiguration('mlirShape.server.path')) {
        restartPending = true;
        void restart(context);
      }
    }));
  await enqueue(() => startClient(context));
}

function deactivate() {
  return enqueue(stopClient);
}

module.exports = { activate, deactivate };
