// settings.js: how the extension reads its `mlirShape.*` settings and turns
// them into what the language server sees.
//
// The server gets the same object in three places: `initializationOptions`,
// answers to `workspace/configuration` (section "mlirShape"), and, through
// vscode-languageclient's configuration sync, `workspace/didChangeConfiguration`
// (there as the raw `mlirShape` settings). Only `rules`, `strict` and
// `severity` matter to the server; the server path and trace level are the
// client's business.
'use strict';

const fs = require('fs');
const path = require('path');
const vscode = require('vscode');

/** @typedef {'error'|'warning'|'information'|'hint'|'off'} SeverityName */

/**
 * What the server is told.
 * @typedef {object} ServerSettings
 * @property {string[]} rules extra rule catalog files, absolute paths
 * @property {boolean} strict report imprecise declared results too
 * @property {Record<string, SeverityName>} severity per diagnostic code
 */

/**
 * How to start the server.
 * @typedef {object} ServerLaunch
 * @property {string} command executable (absolute path or a name on PATH)
 * @property {string[]} args arguments
 * @property {string} origin where `command` came from, for error messages
 */

const SEVERITIES = new Set(['error', 'warning', 'information', 'hint', 'off']);

/**
 * Rule files may be written relative to the workspace folder; the server
 * runs with some other working directory, so it gets absolute paths.
 * @param {string} file
 * @param {vscode.WorkspaceFolder | undefined} folder
 * @returns {string}
 */
function resolveRuleFile(file, folder) {
  if (path.isAbsolute(file) || !folder) return file;
  return path.join(folder.uri.fsPath, file);
}

/**
 * The settings the server sees, for a resource (or the first workspace
 * folder). Invalid entries are dropped here rather than sent.
 * @param {vscode.Uri} [scope]
 * @returns {ServerSettings}
 */
function serverSettings(scope) {
  const cfg = vscode.workspace.getConfiguration('mlirShape', scope);
  const folder = scope
    ? vscode.workspace.getWorkspaceFolder(scope)
    : (vscode.workspace.workspaceFolders || [])[0];
  /** @type {unknown[]} */
  const listed = cfg.get('rules') || [];
  const rules = listed
    .filter(/** @returns {r is string} */ (r) => typeof r === 'string' && r.length > 0)
    .map((r) => resolveRuleFile(r, folder));
  /** @type {Record<string, SeverityName>} */
  const severity = {};
  const raw = cfg.get('severity') || {};
  for (const [code, level] of Object.entries(raw)) {
    if (typeof level === 'string' && SEVERITIES.has(level)) {
      severity[code] = /** @type {SeverityName} */ (level);
    }
  }
  return { rules, strict: cfg.get('strict') === true, severity };
}

/**
 * @param {string} file
 * @returns {boolean}
 */
function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

/**
 * Looks a bare command name up on PATH, as the OS will when spawning it.
 * @param {string} name
 * @returns {string | undefined}
 */
function whichOnPath(name) {
  for (const dir of (process.env.PATH || '').split(path.delimiter)) {
    if (dir && isExecutable(path.join(dir, name))) return path.join(dir, name);
  }
  return undefined;
}

/**
 * Server arguments: `lsp`, unless MLIR_SHAPE_SERVER_ARGS (a JSON array)
 * overrides them. The override exists so the extension can be developed
 * against another LSP server (e.g. `mlir-lsp-server-22`, which takes none).
 * @returns {string[]}
 */
function serverArgs() {
  const env = process.env.MLIR_SHAPE_SERVER_ARGS;
  if (env === undefined || env === '') return ['lsp'];
  const parsed = JSON.parse(env);
  if (!Array.isArray(parsed) || !parsed.every((a) => typeof a === 'string')) {
    throw new Error('MLIR_SHAPE_SERVER_ARGS must be a JSON array of strings');
  }
  return parsed;
}

/**
 * Where the server binary is: the setting, else the binary bundled in the
 * .vsix, else `mlir-shape` on PATH.
 * @param {string} extensionPath
 * @returns {ServerLaunch}
 */
function serverLaunch(extensionPath) {
  const configured = (vscode.workspace.getConfiguration('mlirShape').get('server.path') || '').trim();
  const args = serverArgs();
  if (configured) return { command: configured, args, origin: 'the setting mlirShape.server.path' };
  const bundled = path.join(extensionPath, 'bin', `${process.platform}-${process.arch}`, 'mlir-shape');
  if (isExecutable(bundled)) return { command: bundled, args, origin: 'the binary bundled with the extension' };
  return { command: 'mlir-shape', args, origin: 'PATH (no binary is bundled for this platform)' };
}

/**
 * Why `command` cannot be started, or undefined when it looks startable.
 * Checked before spawning because a failed spawn surfaces in the client
 * only as a generic "connection closed".
 * @param {string} command
 * @returns {string | undefined}
 */
function launchProblem(command) {
  if (command.includes('/') || command.includes(path.sep)) {
    if (!fs.existsSync(command)) return `${command} does not exist`;
    if (!isExecutable(command)) return `${command} is not an executable file`;
    return undefined;
  }
  return whichOnPath(command) ? undefined : `${command} was not found on PATH`;
}

module.exports = { serverSettings, serverLaunch, launchProblem, resolveRuleFile };
