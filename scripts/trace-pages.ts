/**
 * Main-thread profile of one page load, for `npm run trace:pages` (scripts/bench-pages.ts): a
 * Chrome trace of the page in Chromium at 4× CPU throttling, from navigation until 5 s after
 * `load`, summed by kind of work, with the long tasks listed.
 *
 * How the time is counted, so that nothing is counted twice: on the page's main thread, events
 * nest (a child lies within its parent's span), forming one tree per top-level task. Each event
 * contributes only its self time (its duration less its children's) to the kind of work of its
 * name, or, for names kindOf() does not know (`v8.run`, `RunTask`…), of its nearest ancestor's
 * ("other" at the top). So the kinds add up to the top-level tasks' total.
 *
 * Script time is "hydration" when the script it runs is one of the React islands' chunks: the
 * script is the event's own `data.url`, else its nearest ancestor's; events that have neither
 * (module evaluation, microtasks) take the script most of the CPU profile's samples within them
 * were running.
 *
 * Besides wall time, the tables give the thread's own CPU time (the events' thread durations).
 * Chromium throttles the CPU by making the thread spin, so that counts the throttling too; wall
 * less CPU time is time the thread was not running: descheduled on a busy machine, or waiting.
 */
import { writeFileSync } from 'node:fs';
import { chromium } from '@playwright/test';
import { DEBIAN_CHROMIUM, chromiumLaunchOptions } from './chromium.ts';

/** Lighthouse's mobile CPU slowdown, so that the profile matches what it simulates. */
export const CPU_SLOWDOWN = 4;
const AFTER_LOAD_MS = 5_000;
/** A task this long delays input (the Long Tasks API's and Lighthouse's TBT's threshold). */
const LONG_TASK_MS = 50;
/** The Performance panel's main categories: `toplevel` gives tasks, `cpu_profiler` samples. */
const CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'disabled-by-default-devtools.timeline.frame',
  'v8',
  'v8.execute',
  'disabled-by-default-v8.gc',
  'disabled-by-default-v8.cpu_profiler',
  'blink.user_timing',
  'loading',
];
/** The React islands' chunks: React DOM's client and the islands' own. */
const ISLAND_CHUNK = /\/(client|HomeSlider|AnnouncementTicker|EnquiryWizard)\.[\w-]+\.js$/;

/** The kinds of work, in the order the table lists them. */
const KIND_LABELS = {
  commit: 'navigation commit, JS context setup',
  html: 'parse HTML',
  style: 'style recalculation',
  layout: 'layout',
  paint: 'paint, layerize, composite',
  hydration: 'script: islands (hydration)',
  script: 'script: other',
  gc: 'garbage collection',
  other: 'other (scheduler, IPC, unlisted)',
} as const;
type Kind = keyof typeof KIND_LABELS;

/** Event names and their kind of work (kindOf() adds a few families by prefix). */
const KINDS: Record<string, Kind> = {
  ContextCreatedNotification: 'commit',
  InstallConditionalFeatures: 'commit',
  'V8.DeserializeContext': 'commit',
  ParseHTML: 'html',
  UpdateLayoutTree: 'style',
  RecalculateStyles: 'style',
  ParseAuthorStyleSheet: 'style',
  Layout: 'layout',
  HitTest: 'layout',
  'IntersectionObserverController::computeIntersections': 'layout',
  PrePaint: 'paint',
  Paint: 'paint',
  PaintImage: 'paint',
  'Decode Image': 'paint',
  Layerize: 'paint',
  UpdateLayer: 'paint',
  UpdateLayerTree: 'paint',
  Commit: 'paint',
  EvaluateScript: 'script',
  'v8.evaluateModule': 'script',
  'v8.compile': 'script',
  'v8.compileModule': 'script',
  FunctionCall: 'script',
  EventDispatch: 'script',
  TimerFire: 'script',
  FireAnimationFrame: 'script',
  FireIdleCallback: 'script',
  RunMicrotasks: 'script',
  MinorGC: 'gc',
  MajorGC: 'gc',
};

/** The kind of work of an event named `name`; undefined: its parent's. */
function kindOf(name: string): Kind | undefined {
  if (name.startsWith('DocumentLoader::') || name.startsWith('LocalWindowProxy::')) return 'commit';
  if (name.startsWith('V8.GC') || name.startsWith('BlinkGC')) return 'gc';
  return KINDS[name];
}

interface ProfileNode {
  id: number;
  parent?: number;
  callFrame: { url?: string };
}

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** The thread's CPU time: at the start (`tts`) and spent (`tdur`). */
  tts?: number;
  tdur?: number;
  pid: number;
  tid: number;
  id?: string;
  args?: {
    data?: {
      url?: string;
      documentLoaderURL?: string;
      startTime?: number;
      cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] };
      timeDeltas?: number[];
    };
    beginData?: { url?: string };
  };
}

/** A main-thread event with its nesting (times in µs, as in the trace). */
interface Slice {
  name: string;
  start: number;
  end: number;
  /** CPU time, when the trace gives it: wall time less the time the thread was not running. */
  cpu: number | undefined;
  url: string | undefined;
  children: Slice[];
}

/** A CPU profile sample: when, and the script of the innermost frame that has one. */
interface Sample {
  ts: number;
  url: string | undefined;
}

export interface LongTask {
  /** From navigation start, ms. */
  startMs: number;
  durationMs: number;
  cpuMs: number;
  kind: Kind;
  /** The script the task spent the most script time in, if any. */
  script: string | undefined;
}

export interface Profile {
  /** Self time per kind of work, ms; these add up to `totalMs`. */
  byKind: Record<Kind, number>;
  /** The same in CPU time, ms. */
  cpuByKind: Record<Kind, number>;
  /** All top-level tasks from navigation to the end of the trace, ms. */
  totalMs: number;
  totalCpuMs: number;
  /** Script self time (wall) per script file, ms, the largest first. */
  scripts: [string, number][];
  longTasks: LongTask[];
}

/** Loads `url` at 4× CPU throttling, saves its trace to `file` and profiles its main thread. */
export async function profilePage(url: string, file: string): Promise<Profile> {
  const browser = await chromium.launch(chromiumLaunchOptions(DEBIAN_CHROMIUM));
  try {
    // Lighthouse's mobile screen, so that the pages lay out as in the Lighthouse bench.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await browser.startTracing(page, { categories: CATEGORIES });
    const response = await page.goto(url, { waitUntil: 'load' });
    if (!response?.ok()) throw new Error(`${url}: HTTP ${response?.status()}`);
    await page.waitForTimeout(AFTER_LOAD_MS);
    const trace = await browser.stopTracing();
    writeFileSync(file, trace);
    const { traceEvents } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
    return profileMainThread(traceEvents, url);
  } finally {
    await browser.close();
  }
}

/** Sums the main thread's work from the navigation to `url` on; see the header for how. */
export function profileMainThread(events: TraceEvent[], url: string): Profile {
  // The page's main thread is the one that parsed its HTML (other renderers, about:blank's
  // among them, are left out).
  const parse = events.find((e) => e.name === 'ParseHTML' && e.args?.beginData?.url === url);
  if (parse === undefined) throw new Error(`no ParseHTML of ${url} in the trace`);
  const navigation = events.find(
    (e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL === url,
  );
  const origin = navigation?.ts ?? parse.ts;
  const onThread = events.filter(
    (e) => e.pid === parse.pid && e.tid === parse.tid && e.ts >= origin,
  );
  const samples = profileSamples(events, parse);
  const all: Tally = { wall: noTime(), cpu: noTime(), scripts: new Map() };
  const longTasks: LongTask[] = [];
  for (const task of nest(onThread)) {
    const tally: Tally = { wall: noTime(), cpu: noTime(), scripts: new Map() };
    addSelfTimes(task, { kind: 'other', url: undefined }, samples, tally);
    for (const kind of Object.keys(KIND_LABELS) as Kind[]) {
      all.wall[kind] += tally.wall[kind];
      all.cpu[kind] += tally.cpu[kind];
    }
    for (const [script, time] of tally.scripts) {
      all.scripts.set(script, (all.scripts.get(script) ?? 0) + time);
    }
    if (task.end - task.start > LONG_TASK_MS * 1_000) {
      longTasks.push({
        startMs: (task.start - origin) / 1_000,
        durationMs: (task.end - task.start) / 1_000,
        cpuMs: sum(tally.cpu) / 1_000,
        kind: largest(tally.wall),
        script: tally.scripts.size > 0 ? largest(Object.fromEntries(tally.scripts)) : undefined,
      });
    }
  }
  return {
    byKind: inMs(all.wall),
    cpuByKind: inMs(all.cpu),
    totalMs: sum(all.wall) / 1_000,
    totalCpuMs: sum(all.cpu) / 1_000,
    scripts: [...all.scripts]
      .map(([script, time]): [string, number] => [script, time / 1_000])
      .sort((a, b) => b[1] - a[1]),
    longTasks,
  };
}

/** Self time per kind of work, wall and CPU (µs), and script time per script. */
interface Tally {
  wall: Record<Kind, number>;
  cpu: Record<Kind, number>;
  scripts: Map<string, number>;
}

const sum = (times: Record<Kind, number>) =>
  Object.values<number>(times).reduce((a, b) => a + b, 0);

/** `times` (µs) in ms. */
function inMs(times: Record<Kind, number>): Record<Kind, number> {
  return Object.fromEntries(Object.entries(times).map(([k, v]) => [k, v / 1_000])) as Record<
    Kind,
    number
  >;
}

/** No time yet for any kind of work. */
function noTime(): Record<Kind, number> {
  return Object.fromEntries(Object.keys(KIND_LABELS).map((k) => [k, 0])) as Record<Kind, number>;
}

/** The key with the largest value. */
function largest<K extends string>(values: Record<K, number>): K {
  return (Object.entries(values) as [K, number][]).reduce((a, b) => (b[1] > a[1] ? b : a))[0];
}

/**
 * The thread's top-level events, each with its nested events. Chromium writes most as complete
 * events (`X`, with their duration), a few as begin/end pairs (`B`/`E`): a begin whose end the
 * trace missed ran until its last event. Instant and async events have no span.
 */
function nest(events: TraceEvent[]): Slice[] {
  const traceEnd = events.reduce((end, e) => Math.max(end, e.ts + (e.dur ?? 0)), 0);
  const slices: Slice[] = [];
  const open: { slice: Slice; tts: number | undefined }[] = [];
  for (const e of [...events].sort((a, b) => a.ts - b.ts)) {
    if (e.ph === 'X' || e.ph === 'B') {
      const end = e.ph === 'X' ? e.ts + (e.dur ?? 0) : traceEnd;
      const url = e.args?.data?.url || undefined;
      const slice: Slice = { name: e.name, start: e.ts, end, cpu: e.tdur, url, children: [] };
      slices.push(slice);
      if (e.ph === 'B') open.push({ slice, tts: e.tts });
    } else if (e.ph === 'E') {
      const index = open.findLastIndex((o) => o.slice.name === e.name);
      if (index < 0) continue;
      const [{ slice, tts }] = open.splice(index, 1) as [(typeof open)[number]];
      slice.end = e.ts;
      if (tts !== undefined && e.tts !== undefined) slice.cpu = e.tts - tts;
    }
  }
  // Parents before their children: by start, the longer first when two start together.
  slices.sort((a, b) => a.start - b.start || b.end - a.end);
  const roots: Slice[] = [];
  const stack: Slice[] = [];
  for (const slice of slices) {
    while (stack.length > 0 && stack.at(-1)!.end <= slice.start) stack.pop();
    const parent = stack.at(-1);
    if (parent === undefined) roots.push(slice);
    else {
      // Timestamps are rounded to the µs: a child may overrun its parent by one.
      slice.end = Math.min(slice.end, parent.end);
      parent.children.push(slice);
    }
    stack.push(slice);
  }
  return roots;
}

/** The CPU profile samples of `thread`, in time order. */
function profileSamples(events: TraceEvent[], thread: { pid: number; tid: number }): Sample[] {
  const profile = events.find(
    (e) => e.name === 'Profile' && e.pid === thread.pid && e.tid === thread.tid,
  );
  if (profile === undefined) return [];
  const chunks = events
    .filter((e) => e.name === 'ProfileChunk' && e.pid === profile.pid && e.id === profile.id)
    .sort((a, b) => a.ts - b.ts);
  const nodes = new Map<number, ProfileNode>();
  const raw: { ts: number; node: number }[] = [];
  let ts = profile.args?.data?.startTime ?? profile.ts;
  for (const chunk of chunks) {
    const data = chunk.args?.data;
    for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
    (data?.cpuProfile?.samples ?? []).forEach((node, i) => {
      ts += data?.timeDeltas?.[i] ?? 0;
      raw.push({ ts, node });
    });
  }
  const scriptOf = (id: number | undefined): string | undefined => {
    const node = id === undefined ? undefined : nodes.get(id);
    return node === undefined ? undefined : node.callFrame.url || scriptOf(node.parent);
  };
  return raw.map(({ ts, node }) => ({ ts, url: scriptOf(node) })).sort((a, b) => a.ts - b.ts);
}

/** The script most of the samples between `start` and `end` were running. */
function sampledScript(samples: Sample[], start: number, end: number): string | undefined {
  const counts = new Map<string, number>();
  for (const sample of samples) {
    if (sample.ts >= start && sample.ts < end && sample.url !== undefined) {
      counts.set(sample.url, (counts.get(sample.url) ?? 0) + 1);
    }
  }
  return counts.size > 0 ? largest(Object.fromEntries(counts)) : undefined;
}

/** Adds the self times of `slice` and its descendants to `tally`; see the header for how. */
function addSelfTimes(
  slice: Slice,
  parent: { kind: Kind; url: string | undefined },
  samples: Sample[],
  tally: Tally,
): void {
  let kind = kindOf(slice.name) ?? parent.kind;
  let url = slice.url ?? parent.url;
  if (kind === 'script') {
    url ??= sampledScript(samples, slice.start, slice.end);
    if (url !== undefined && ISLAND_CHUNK.test(url)) kind = 'hydration';
  }
  const self = (time: (s: Slice) => number) =>
    Math.max(0, time(slice) - slice.children.reduce((total, child) => total + time(child), 0));
  const wall = self((s) => s.end - s.start);
  tally.wall[kind] += wall;
  // Events without CPU time (a few instrumentation ones) count as none, leaving it to the parent.
  tally.cpu[kind] += self((s) => s.cpu ?? 0);
  if ((kind === 'script' || kind === 'hydration') && url !== undefined) {
    const name = scriptName(url);
    tally.scripts.set(name, (tally.scripts.get(name) ?? 0) + wall);
  }
  for (const child of slice.children) addSelfTimes(child, { kind, url }, samples, tally);
}

/** A script's file name; a page's own (inline) scripts by the page's path. */
function scriptName(url: string): string {
  const path = url.replace(/^\w+:\/\/[^/]*/, '');
  return path.endsWith('/') ? `${path} (inline)` : path.slice(path.lastIndexOf('/') + 1);
}

/** The profile as Markdown: time by kind of work, then the long tasks. */
export function profileTables(profile: Profile): string {
  const ms = (value: number) => Math.round(value).toLocaleString('en-GB');
  const share = (value: number) => `${((100 * value) / profile.totalMs).toFixed(1)} %`;
  const lines = [
    '| main thread | wall ms | share | CPU ms |',
    '| --- | ---: | ---: | ---: |',
    ...(Object.entries(KIND_LABELS) as [Kind, string][]).map(
      ([kind, label]) =>
        `| ${label} | ${ms(profile.byKind[kind])} | ${share(profile.byKind[kind])} | ${ms(profile.cpuByKind[kind])} |`,
    ),
    `| **all top-level tasks** | **${ms(profile.totalMs)}** | 100 % | **${ms(profile.totalCpuMs)}** |`,
  ];
  const scripts = profile.scripts.slice(0, 6).map(([script, time]) => `${script} ${ms(time)}`);
  lines.push('', `Script time (ms) by script: ${scripts.join(', ')}.`);
  const long = profile.longTasks;
  const longTotal = long.reduce((total, task) => total + task.durationMs, 0);
  lines.push(
    '',
    `Long tasks (> ${LONG_TASK_MS} ms): ${long.length}, ${ms(longTotal)} ms in all.`,
    '',
    '| start (ms) | wall ms | CPU ms | mostly | top script |',
    '| ---: | ---: | ---: | --- | --- |',
    ...long.map(
      (task) =>
        `| ${ms(task.startMs)} | ${ms(task.durationMs)} | ${ms(task.cpuMs)} | ${KIND_LABELS[task.kind]} | ${task.script ?? ''} |`,
    ),
  );
  return lines.join('\n');
}
