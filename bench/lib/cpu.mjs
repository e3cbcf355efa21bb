import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time of processes from /proc (Linux), sampled around a load phase: how busy the server, the load
 * generator and PostgreSQL were is the first piece of profile evidence for a figure that misses (a Node
 * server at ~100% of one core is CPU-bound in its event loop; PostgreSQL near its share means the database
 * limits). Elsewhere than Linux every reading is null.
 */

const TICKS_PER_SECOND = 100;

function cpuSecondsOf(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime are fields 14 and 15 of stat; here indices 11 and 12 (after pid and comm).
    return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

function postgresPids() {
  try {
    return readdirSync('/proc')
      .filter((entry) => /^[0-9]+$/.test(entry))
      .filter((pid) => {
        try {
          return readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'postgres';
        } catch {
          return false;
        }
      });
  } catch {
    return [];
  }
}

/** CPU seconds of every `postgres` process by pid. */
function postgresCpu() {
  const times = new Map();
  for (const pid of postgresPids()) {
    const seconds = cpuSecondsOf(pid);
    if (seconds !== null) times.set(pid, seconds);
  }
  return times;
}

/**
 * CPU PostgreSQL used between two readings: a backend born in between counts whole; one that ended in
 * between is lost (the server under test keeps its pool open, so that is little).
 */
function postgresDelta(start, end) {
  let total = 0;
  for (const [pid, seconds] of end) total += seconds - (start.get(pid) ?? 0);
  return total;
}

/**
 * Starts a sample; `end()` answers { seconds, cores: { <name>: cores used on average } } for the named
 * pids, PostgreSQL, and the whole machine (from /proc/stat).
 */
export function cpuSample(named) {
  const start = { at: performance.now(), postgres: postgresCpu(), machine: machineBusy() };
  const startNamed = Object.fromEntries(
    Object.entries(named).map(([name, pid]) => [name, cpuSecondsOf(pid)]),
  );
  return {
    end() {
      const seconds = (performance.now() - start.at) / 1000;
      const cores = {};
      for (const [name, pid] of Object.entries(named)) {
        const now = cpuSecondsOf(pid);
        cores[name] =
          now === null || startNamed[name] === null ? null : round((now - startNamed[name]) / seconds);
      }
      cores.postgres = round(postgresDelta(start.postgres, postgresCpu()) / seconds);
      const machine = machineBusy();
      cores.machineBusy =
        machine && start.machine ? round((machine.busy - start.machine.busy) / seconds) : null;
      return { seconds: round(seconds), cores };
    },
  };
}

function machineBusy() {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0];
    const [, user, nice, system, , , irq, softirq, steal] = line.trim().split(/\s+/).map(Number);
    return { busy: (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND };
  } catch {
    return null;
  }
}

function round(value) {
  return Math.round(value * 100) / 100;
}
