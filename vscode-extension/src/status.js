// status.js: the status bar item that shows the language server's state
// (starting / ready / stopped / error). Clicking it opens the output channel,
// where the reason for a stop or an error is.
'use strict';

const vscode = require('vscode');

/** @typedef {'starting'|'ready'|'stopped'|'error'} ServerState */

/** @type {Record<ServerState, {icon: string, tip: string}>} */
const LOOK = {
  starting: { icon: '$(sync~spin)', tip: 'mlir-shape: starting the language server' },
  ready: { icon: '$(check)', tip: 'mlir-shape: language server ready' },
  stopped: { icon: '$(circle-slash)', tip: 'mlir-shape: language server stopped' },
  error: { icon: '$(error)', tip: 'mlir-shape: language server failed (click for the log)' },
};

class ServerStatus {
  /** @param {string} command command run on click */
  constructor(command) {
    this.item = vscode.window.createStatusBarItem('mlirShape.status', vscode.StatusBarAlignment.Left, 0);
    this.item.name = 'mlir-shape language server';
    this.item.command = command;
    /** @type {ServerState} */
    this.state = 'stopped';
    this.set('stopped');
    this.item.show();
  }

  /**
   * @param {ServerState} state
   * @param {string} [detail] appended to the tooltip
   */
  set(state, detail) {
    this.state = state;
    const look = LOOK[state];
    this.item.text = `${look.icon} mlir-shape`;
    this.item.tooltip = detail ? `${look.tip}\n${detail}` : look.tip;
    this.item.backgroundColor = state === 'error'
      ? new vscode.ThemeColor('statusBarItem.errorBackground')
      : undefined;
    // Exposed to tests and to `when` clauses.
    void vscode.commands.executeCommand('setContext', 'mlirShape.serverState', state);
  }

  dispose() {
    this.item.dispose();
  }
}

module.exports = { ServerStatus };
