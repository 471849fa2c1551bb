// The status bar item's text: the platform and the number of findings.

export type State = 'starting' | 'running' | 'stopped' | 'failed';

export function statusText(platform: string, findings: number, state: State): string {
  const where = platform === '' || platform === 'auto' ? 'auto' : platform;
  switch (state) {
    case 'starting':
      return `$(sync~spin) lakelint (${where})`;
    case 'failed':
      return `$(error) lakelint (${where})`;
    case 'stopped':
      return `$(circle-slash) lakelint (${where})`;
  }
  return `$(database) lakelint (${where}): ${findings} ${findings === 1 ? 'finding' : 'findings'}`;
}

/** Counts the findings of the diagnostics the server published, per document. */
export class FindingCounter {
  private byUri = new Map<string, number>();

  /** Records one publishDiagnostics; returns the new total. */
  publish(uri: string, diagnostics: readonly unknown[]): number {
    if (diagnostics.length === 0) this.byUri.delete(uri);
    else this.byUri.set(uri, diagnostics.length);
    return this.total();
  }

  total(): number {
    let n = 0;
    for (const c of this.byUri.values()) n += c;
    return n;
  }

  clear(): void {
    this.byUri.clear();
  }
}
