/**
 * Command-line options shared by every bench (bench/run.mjs passes them through):
 *   --quick              tiny durations and sizes: proves the code runs and writes well-formed JSON (CI, a
 *                        developer's check); its figures mean nothing
 *   --duration=<s>       seconds of each measured load phase (default 10, quick 2)
 *   --connections=<n>    HTTP connections of every load (default 16, quick 4); pgbench also runs at this
 *                        client count
 *   --only=a,b           (run.mjs) run only these benches
 */
export function parseArgs(argv = process.argv.slice(2)) {
  const options = { quick: false, duration: null, connections: null, only: null, rest: [] };
  for (const arg of argv) {
    if (arg === '--quick') options.quick = true;
    else if (arg.startsWith('--duration=')) options.duration = positive(arg, Number(arg.slice(11)));
    else if (arg.startsWith('--connections=')) options.connections = positive(arg, Number(arg.slice(14)));
    else if (arg.startsWith('--only='))
      options.only = arg
        .slice(7)
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean);
    else options.rest.push(arg);
  }
  return {
    ...options,
    duration: options.duration ?? (options.quick ? 2 : 10),
    connections: options.connections ?? (options.quick ? 4 : 16),
  };
}

function positive(arg, value) {
  if (!Number.isFinite(value) || value <= 0) throw new Error(`bad option ${arg}`);
  return value;
}
