// Starts the language server for the settings, restarts it when they
// change, and keeps the status bar item up to date. It takes the parts of
// the vscode API it uses and the language client as arguments, so it runs
// (and is tested) outside VS Code too.
import { resolveBinary, Resolved, ResolveEnv } from './binary';
import { affectsServer, readSettings, serverArgs, Settings } from './settings';
import { FindingCounter, State, statusText } from './status';

export interface Disposable {
  dispose(): unknown;
}

export interface StatusItem extends Disposable {
  text: string;
  tooltip?: unknown;
  show(): void;
}

/** The slice of the vscode namespace the controller needs. */
export interface Api {
  workspace: {
    getConfiguration(section: string): { get<T>(key: string, defaultValue: T): T };
    onDidChangeConfiguration(listener: (e: { affectsConfiguration(section: string): boolean }) => unknown): Disposable;
  };
  window: {
    createStatusBarItem(alignment?: number, priority?: number): StatusItem;
    showErrorMessage(message: string): unknown;
  };
  StatusBarAlignment: { Left: number; Right: number };
}

export interface Client {
  start(): Promise<void>;
  stop(): Promise<void>;
}

/** Makes a language client running bin with args; it reports each publishDiagnostics. */
export type ClientFactory = (bin: string, args: string[], onDiagnostics: (uri: string, diagnostics: readonly unknown[]) => void) => Client;

export class Controller implements Disposable {
  private client: Client | undefined;
  private settings: Settings;
  private readonly counter = new FindingCounter();
  private readonly item: StatusItem;
  private readonly subscriptions: Disposable[] = [];
  private state: State = 'stopped';
  private binary: Resolved | undefined;
  private generation = 0; // a restart makes the diagnostics of older clients stale
  /** The last start or restart, for callers that wait on it. */
  ready: Promise<void> = Promise.resolve();

  constructor(
    private readonly api: Api,
    private readonly makeClient: ClientFactory,
    private readonly resolveEnv: ResolveEnv,
  ) {
    this.settings = this.read();
    this.item = api.window.createStatusBarItem(api.StatusBarAlignment.Right, 100);
    this.subscriptions.push(
      this.item,
      api.workspace.onDidChangeConfiguration((e) => {
        if (affectsServer(e)) this.ready = this.restart();
      }),
    );
    this.render();
    this.item.show();
  }

  private read(): Settings {
    const cfg = this.api.workspace.getConfiguration('lakelint');
    return readSettings((key, def) => cfg.get(key, def));
  }

  private render(): void {
    this.item.text = statusText(this.settings.platform, this.counter.total(), this.state);
    this.item.tooltip = this.binary
      ? `lakelint ${serverArgs(this.settings).join(' ')}\n${this.binary.path} (from ${this.binary.from})`
      : 'lakelint';
  }

  start(): Promise<void> {
    this.ready = this.run();
    return this.ready;
  }

  private async run(): Promise<void> {
    const generation = ++this.generation;
    this.state = 'starting';
    this.render();
    try {
      this.binary = await resolveBinary(this.settings, this.resolveEnv);
      const client = this.makeClient(this.binary.path, serverArgs(this.settings), (uri, diagnostics) => {
        if (generation !== this.generation) return;
        this.counter.publish(uri, diagnostics);
        this.render();
      });
      this.client = client;
      await client.start();
      this.state = 'running';
    } catch (err) {
      this.state = 'failed';
      this.api.window.showErrorMessage(`lakelint: ${err instanceof Error ? err.message : String(err)}`);
    }
    this.render();
  }

  /** Stops the running server and starts one for the current settings. */
  async restart(): Promise<void> {
    await this.stop();
    this.settings = this.read();
    this.counter.clear();
    await this.start();
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    this.generation++;
    if (client) await client.stop();
    this.state = 'stopped';
    this.render();
  }

  dispose(): void {
    void this.stop();
    for (const d of this.subscriptions) d.dispose();
  }
}
