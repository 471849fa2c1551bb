// Which lakelint binary the extension runs.
import { promises as fs, constants } from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Settings } from './settings';

export interface Resolved {
  path: string;
  from: 'setting' | 'PATH' | 'download';
}

export interface ResolveEnv {
  env: NodeJS.ProcessEnv;
  platform: string; // process.platform
  /** Downloads (or reuses) the release binary of this version. */
  download(version: string): Promise<string>;
  /** The release that matches the extension (v + its version). */
  defaultVersion: string;
}

async function executable(p: string, platform: string): Promise<boolean> {
  try {
    const st = await fs.stat(p);
    if (!st.isFile()) return false;
    if (platform !== 'win32') await fs.access(p, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Finds lakelint on PATH (with PATHEXT's extensions on Windows). */
export async function findOnPath(env: NodeJS.ProcessEnv, platform: string): Promise<string | undefined> {
  const sep = platform === 'win32' ? ';' : ':';
  const exts = platform === 'win32' ? (env.PATHEXT ?? '.EXE;.CMD;.BAT').split(';').filter((e) => e) : [''];
  const dirs = (env.PATH ?? env.Path ?? '').split(sep).filter((d) => d);
  for (const dir of dirs) {
    for (const ext of exts) {
      const p = path.join(dir, 'lakelint' + ext.toLowerCase());
      if (await executable(p, platform)) return p;
    }
  }
  return undefined;
}

/**
 * The binary for these settings: lakelint.path when set (which must exist),
 * else lakelint on PATH, else the downloaded release (unless downloads are
 * off).
 */
export async function resolveBinary(s: Settings, e: ResolveEnv): Promise<Resolved> {
  if (s.path !== '') {
    const p = s.path.startsWith('~') ? path.join(os.homedir(), s.path.slice(1)) : s.path;
    if (!(await executable(p, e.platform))) {
      throw new Error(`lakelint.path is ${s.path}, which is not an executable file`);
    }
    return { path: p, from: 'setting' };
  }
  const onPath = await findOnPath(e.env, e.platform);
  if (onPath) return { path: onPath, from: 'PATH' };
  if (!s.download) {
    throw new Error('lakelint is not on PATH and lakelint.download is off: install lakelint or set lakelint.path');
  }
  return { path: await e.download(s.version || e.defaultVersion), from: 'download' };
}
