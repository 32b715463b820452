import { readFileSync } from 'node:fs';

/**
 * One run of a process, told apart from any later process that gets the same PID: the kernel's boot id and the
 * process's start time in clock ticks since that boot.
 */
export interface ProcessStart {
  bootId: string;
  startTicks: string;
}

let bootId: string | null | undefined;

function readBootId(): string | null {
  if (bootId === undefined) {
    try {
      bootId = readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
    } catch {
      bootId = null;
    }
  }
  return bootId;
}

/**
 * The start of process `pid` from Linux's /proc (field 22 of /proc/<pid>/stat); null where there is no /proc
 * (macOS, Windows) or no such process. The command name in field 2 may hold spaces and parentheses, so the
 * fields are counted from its closing parenthesis.
 */
export function readProcessStart(pid: number): ProcessStart | null {
  const boot = readBootId();
  if (boot === null) return null;
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return null;
  }
  const afterName = stat
    .slice(stat.lastIndexOf(')') + 1)
    .trim()
    .split(/\s+/);
  // afterName[0] is field 3 (state), so field 22 is at index 19.
  const startTicks = afterName[19];
  return startTicks && /^\d+$/.test(startTicks) ? { bootId: boot, startTicks } : null;
}

export function sameProcessStart(a: ProcessStart, b: ProcessStart): boolean {
  return a.bootId === b.bootId && a.startTicks === b.startTicks;
}
