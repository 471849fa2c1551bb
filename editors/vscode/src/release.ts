// lakelint's GitHub releases: archive names, checksums.txt and a verified
// download, as the release workflow (scripts/release-dist.sh) makes them.
import { createHash } from 'node:crypto';
import { execFile } from 'node:child_process';
import { promises as fs } from 'node:fs';
import * as path from 'node:path';
import { promisify } from 'node:util';

export const RELEASES_URL = 'https://github.com/lakelint/lakelint/releases';

export interface Target {
  os: 'linux' | 'darwin' | 'windows';
  arch: 'amd64' | 'arm64';
}

/** The release target for a Node platform and architecture, if there is one. */
export function releaseTarget(platform: string, arch: string): Target | undefined {
  const os = ({ linux: 'linux', darwin: 'darwin', win32: 'windows' } as const)[platform as 'linux' | 'darwin' | 'win32'];
  const goArch = ({ x64: 'amd64', arm64: 'arm64' } as const)[arch as 'x64' | 'arm64'];
  return os && goArch ? { os, arch: goArch } : undefined;
}

/** lakelint_<version>_<os>_<arch>.tar.gz (.zip for windows); version with or without its v. */
export function archiveName(version: string, t: Target): string {
  const ext = t.os === 'windows' ? 'zip' : 'tar.gz';
  return `lakelint_${version.replace(/^v/, '')}_${t.os}_${t.arch}.${ext}`;
}

export function binaryName(t: Target): string {
  return t.os === 'windows' ? 'lakelint.exe' : 'lakelint';
}

/** The sha256 of each file in a checksums.txt ("<hex>  <name>" lines). */
export function parseChecksums(text: string): Map<string, string> {
  const sums = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^([0-9a-f]{64}) [ *]?(\S+)\s*$/i.exec(line);
    if (m) sums.set(m[2], m[1].toLowerCase());
  }
  return sums;
}

export class ChecksumError extends Error {}

export interface DownloadOptions {
  version: string; // a tag such as v0.2.0
  target: Target;
  dir: string; // where versions are kept
  baseUrl?: string;
  fetch?: typeof fetch;
}

async function get(f: typeof fetch, url: string): Promise<Buffer> {
  const res = await f(url, { redirect: 'follow' });
  if (!res.ok) throw new Error(`downloading ${url}: HTTP status ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/**
 * Downloads the release archive for the target, checks it against the
 * release's checksums.txt and unpacks the binary; returns its path. A
 * version already unpacked (after its check) is reused. An archive whose
 * sha256 differs is never unpacked.
 */
export async function downloadRelease(o: DownloadOptions): Promise<string> {
  const version = o.version.startsWith('v') ? o.version : `v${o.version}`;
  const dest = path.join(o.dir, version);
  const binary = path.join(dest, binaryName(o.target));
  try {
    await fs.access(binary);
    return binary;
  } catch {
    // not downloaded yet
  }
  const f = o.fetch ?? fetch;
  const base = `${(o.baseUrl ?? RELEASES_URL).replace(/\/$/, '')}/download/${version}`;
  const name = archiveName(version, o.target);
  const want = parseChecksums((await get(f, `${base}/checksums.txt`)).toString('utf8')).get(name);
  if (!want) throw new Error(`lakelint ${version} has no ${name} in its checksums.txt`);
  const data = await get(f, `${base}/${name}`);
  const got = createHash('sha256').update(data).digest('hex');
  if (got !== want) {
    throw new ChecksumError(`${name} does not match its checksum in checksums.txt (sha256 ${got}, want ${want}); not using it`);
  }
  const staging = await fs.mkdtemp(path.join(o.dir, `.${version}-`));
  try {
    const archive = path.join(staging, name);
    await fs.writeFile(archive, data);
    // tar reads both: GNU and BSD tar gzip, and Windows' bsdtar zip
    await promisify(execFile)('tar', ['-xf', archive, '-C', staging, binaryName(o.target)]);
    await fs.chmod(path.join(staging, binaryName(o.target)), 0o755);
    await fs.rm(archive);
    await fs.rm(dest, { recursive: true, force: true });
    await fs.rename(staging, dest);
  } catch (err) {
    await fs.rm(staging, { recursive: true, force: true });
    throw err;
  }
  return binary;
}
