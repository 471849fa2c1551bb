// The extension's settings and the `lakelint server` command line they make.

export interface Settings {
  path: string;
  args: string[];
  select: string[];
  ignore: string[];
  platform: string;
  download: boolean;
  version: string;
}

/** A getter over the "lakelint" section, as vscode's WorkspaceConfiguration.get. */
export type Getter = <T>(key: string, defaultValue: T) => T;

export function readSettings(get: Getter): Settings {
  const list = (key: string) => get<string[]>(key, []).map((s) => String(s).trim()).filter((s) => s !== '');
  return {
    path: get<string>('path', '').trim(),
    args: list('args'),
    select: list('select'),
    ignore: list('ignore'),
    platform: get<string>('platform', '').trim(),
    download: get<boolean>('download', true),
    version: get<string>('version', '').trim(),
  };
}

/** The arguments `lakelint` is started with for these settings. */
export function serverArgs(s: Settings): string[] {
  const args = ['server'];
  if (s.select.length > 0) args.push('--select', s.select.join(','));
  if (s.ignore.length > 0) args.push('--ignore', s.ignore.join(','));
  if (s.platform !== '') args.push('--platform', s.platform);
  return args.concat(s.args);
}

/** Whether a change of settings needs the server restarted. */
export function affectsServer(e: { affectsConfiguration(section: string): boolean }): boolean {
  return e.affectsConfiguration('lakelint');
}
