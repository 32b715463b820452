import { spawnSync } from 'node:child_process';

/** How this machine can confine a converter: the command prefix that takes its network away, and resource limits. */
export interface SandboxSupport {
  /** `unshare -n` (as root) or `unshare -rn` (an unprivileged user namespace), or null: the network stays reachable. */
  networkPrefix: readonly string[] | null;
  /** Whether `prlimit` can set memory and CPU-time limits. */
  limits: boolean;
  /** What is missing, said once in the log at start. */
  warnings: string[];
}

const works = (command: string, args: readonly string[]) => {
  const result = spawnSync(command, [...args, 'true'], { stdio: 'ignore', timeout: 5000 });
  return result.status === 0;
};

let detected: SandboxSupport | null = null;

/**
 * Found once per process by trying each way on `true`: containers often refuse new namespaces, and then converters
 * still run (with their links neutralised and their limits set) rather than not at all.
 */
export function sandboxSupport(): SandboxSupport {
  if (detected) return detected;
  const warnings: string[] = [];
  const networkPrefix = [
    ['unshare', '-n'],
    ['unshare', '-rn'],
  ].find(([command, ...args]) => works(command!, args));
  if (!networkPrefix) {
    warnings.push(
      'converters run with network access: this system refuses a network namespace (`unshare -n`); external links in documents are still removed before conversion',
    );
  }
  const limits = works('prlimit', ['--as=1073741824', '--']);
  if (!limits)
    warnings.push('converters run without memory and CPU-time limits: `prlimit` (util-linux) is missing');
  detected = { networkPrefix: networkPrefix ? [...networkPrefix, '--'] : null, limits, warnings };
  return detected;
}
