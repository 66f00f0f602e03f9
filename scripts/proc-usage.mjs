// What a running process has used so far, read from Linux's /proc (for the bench scripts).
import * as fs from 'node:fs';

/** CPU time (ms, user + system, all threads) and peak RSS (MB, VmHWM) of process `pid`; zeros where /proc is missing. */
export function processUsage(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The fields after the command name (in parentheses, which may hold spaces): utime and stime are the 12th and 13th, in 10 ms ticks.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const hwm = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return { cpu: (Number(fields[11]) + Number(fields[12])) * 10, rss: Number(hwm?.[1] ?? 0) / 1024 };
  } catch {
    return { cpu: 0, rss: 0 };
  }
}
