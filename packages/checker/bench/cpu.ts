import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU seconds a process has used (user + system), from /proc; null when it is gone. */
export function cpuSecondsOf(pid: number | undefined): number | null {
  try {
    // Fields 14 and 15 of /proc/PID/stat (after the parenthesised name) are utime and stime in ticks.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** CPU seconds the whole machine has been busy (every core, idle and I/O wait left out), from /proc/stat. */
export function machineBusySeconds(): number {
  const [cpu] = readFileSync('/proc/stat', 'utf8').split('\n');
  const [user, nice, system, , , irq, softirq, steal] = cpu.split(/\s+/).slice(1).map(Number);
  return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
}
