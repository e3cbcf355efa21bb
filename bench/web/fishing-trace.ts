/**
 * Where a fishing frame's time goes (bench/web/fishing-fps.ts --trace): the renderer's main thread in a
 * Chromium trace, summed by event name as self time (an event's duration less its children's), and the V8
 * sampling profile of the same seconds summed by function. The two together say whether a frame's cost is
 * the page's script, the canvas's rasterisation, or style, layout and paint.
 */

type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** Thread (CPU) time: what the work cost, apart from the time the shared machine did not give it. */
  tdur?: number;
  args?: {
    name?: string;
    data?: { functionName?: string; url?: string; lineNumber?: number; type?: string };
  };
};

/** An event's label: a script call names its function (or the DOM event) and file, as DevTools shows it. */
function label(e: TraceEvent): string {
  const data = e.args?.data;
  if (!data || !(data.functionName || data.type)) return e.name;
  const file = data.url?.split('/').pop() ?? '';
  return `${e.name}(${data.functionName || data.type}${file ? ` ${file}:${data.lineNumber ?? 0}` : ''})`;
}

export type Share = { name: string; msPerSecond: number };

/** The page's main thread: the CrRendererMain with the most animation frames fired. */
function mainThread(events: TraceEvent[]): { pid: number; tid: number } | null {
  const mains = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args?.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const frames = new Map<string, number>();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.name === 'FireAnimationFrame' && mains.has(key)) frames.set(key, (frames.get(key) ?? 0) + 1);
  }
  const best = [...frames.entries()].sort((a, b) => b[1] - a[1])[0];
  if (!best) return null;
  const [pid, tid] = best[0].split(':').map(Number);
  return { pid: pid as number, tid: tid as number };
}

/**
 * Self CPU time per event name on the page's main thread, in ms per second of trace, largest first, and
 * the main thread's CPU time per frame it produced (top-level events' thread time ÷ animation frames).
 */
export function traceShares(
  json: string,
  top = 14,
): { shares: Share[]; seconds: number; cpuMsPerFrame: number } {
  const events = (JSON.parse(json) as { traceEvents: TraceEvent[] }).traceEvents;
  const thread = mainThread(events);
  if (!thread) return { shares: [], seconds: 0, cpuMsPerFrame: 0 };
  const complete = events
    .filter((e) => e.ph === 'X' && e.pid === thread.pid && e.tid === thread.tid && (e.dur ?? 0) > 0)
    .sort((a, b) => a.ts - b.ts || (b.dur ?? 0) - (a.dur ?? 0));
  const self = new Map<string, number>();
  let cpu = 0;
  // A stack of open events: each child's thread time comes off its parent's self time.
  const stack: { end: number; name: string }[] = [];
  for (const e of complete) {
    const dur = e.dur ?? 0;
    const used = e.tdur ?? dur;
    while (stack.length > 0 && (stack[stack.length - 1]?.end ?? 0) <= e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - used);
    else cpu += used;
    const name = label(e);
    self.set(name, (self.get(name) ?? 0) + used);
    stack.push({ end: e.ts + dur, name });
  }
  const frames = events.filter(
    (e) => e.name === 'FireAnimationFrame' && e.pid === thread.pid && e.tid === thread.tid,
  ).length;
  const first = complete[0]?.ts ?? 0;
  const last = complete.reduce((end, e) => Math.max(end, e.ts + (e.dur ?? 0)), first);
  const seconds = (last - first) / 1e6 || 1;
  const shares = [...self.entries()]
    .map(([name, us]) => ({ name, msPerSecond: Math.round(us / 1000 / seconds) }))
    .sort((a, b) => b.msPerSecond - a.msPerSecond)
    .slice(0, top);
  return { shares, seconds, cpuMsPerFrame: Math.round((cpu / 1000 / (frames || 1)) * 100) / 100 };
}

type ProfileNode = {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
};
export type CpuProfile = {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
};

/** Self time per function of a V8 CPU profile, in ms per second, largest first. */
export function profileShares(profile: CpuProfile, top = 14): Share[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const self = new Map<string, number>();
  for (let i = 0; i < profile.samples.length; i += 1) {
    const node = byId.get(profile.samples[i] as number);
    if (!node) continue;
    const file = node.callFrame.url.split('/').pop() ?? '';
    const name = `${node.callFrame.functionName || '(anonymous)'}${file ? ` ${file}:${node.callFrame.lineNumber + 1}` : ''}`;
    self.set(name, (self.get(name) ?? 0) + (profile.timeDeltas[i] ?? 0));
  }
  const seconds = (profile.endTime - profile.startTime) / 1e6 || 1;
  return [...self.entries()]
    .map(([name, us]) => ({ name, msPerSecond: Math.round(us / 1000 / seconds) }))
    .sort((a, b) => b.msPerSecond - a.msPerSecond)
    .slice(0, top);
}
