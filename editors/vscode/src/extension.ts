// The VS Code extension: runs `lakelint server` for Python, SQL and
// notebook files through vscode-languageclient.
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/node';
import { Controller } from './controller';
import { downloadRelease, releaseTarget } from './release';

let controller: Controller | undefined;

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const version = String(context.extension.packageJSON.version);
  const storage = context.globalStorageUri.fsPath;
  controller = new Controller(
    vscode,
    (bin, args, onDiagnostics) =>
      new LanguageClient(
        'lakelint',
        'lakelint',
        { command: bin, args },
        {
          documentSelector: [
            { scheme: 'file', language: 'python' },
            { scheme: 'file', language: 'sql' },
            { notebook: 'jupyter-notebook', language: 'python' },
            // bundle files and spark-defaults.conf: the findings of their Spark settings
            { scheme: 'file', language: 'yaml' },
            { scheme: 'file', pattern: '**/spark-defaults.conf' },
          ],
          middleware: {
            handleDiagnostics(uri, diagnostics, next) {
              onDiagnostics(uri.toString(), diagnostics);
              next(uri, diagnostics);
            },
          },
        },
      ),
    {
      env: process.env,
      platform: process.platform,
      defaultVersion: `v${version}`,
      async download(v) {
        const target = releaseTarget(process.platform, process.arch);
        if (!target) throw new Error(`no lakelint release is built for ${process.platform}/${process.arch}: install it and set lakelint.path`);
        await vscode.workspace.fs.createDirectory(context.globalStorageUri);
        return vscode.window.withProgress(
          { location: vscode.ProgressLocation.Notification, title: `Downloading lakelint ${v}` },
          () => downloadRelease({ version: v, target, dir: storage }),
        );
      },
    },
  );
  context.subscriptions.push(controller, vscode.commands.registerCommand('lakelint.restart', () => controller?.restart()));
  await controller.start();
}

export async function deactivate(): Promise<void> {
  await controller?.stop();
}
