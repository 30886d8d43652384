// Timing helpers of the speed benchmark: whole processes (wall and CPU time, through /usr/bin/time
// when present) and summaries as medians with min-max.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface Summary {
  runs: number;
  median: number;
  min: number;
  max: number;
}

export function summary(values: readonly number[]): Summary {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length % 2 ? (s[(s.length - 1) / 2] as number) : ((s[s.length / 2 - 1] as number) + (s[s.length / 2] as number)) / 2;
  return { runs: s.length, median: round(mid), min: round(s[0] ?? Number.NaN), max: round(s[s.length - 1] ?? Number.NaN) };
}

export function round(x: number, digits = 1): number {
  return Math.round(x * 10 ** digits) / 10 ** digits;
}

/** "1.23 s (1.10-1.51)" */
export function show(s: Summary, unit: 'ms' | 's' = 'ms'): string {
  const f = (x: number) => (unit === 's' ? (x / 1000).toFixed(2) : String(Math.round(x)));
  return `${f(s.median)} ${unit} (${f(s.min)}-${f(s.max)})`;
}

export interface ProcessTime {
  wallMs: number;
  /** User + system CPU time of the process, when /usr/bin/time is there. */
  cpuMs: number | null;
  code: number | null;
  stdout: string;
}

const TIME = '/usr/bin/time';

/** Runs a command to completion and measures it (wall clock from spawn to exit). */
export function timeProcess(cmd: string, args: readonly string[], env: NodeJS.ProcessEnv = process.env): Promise<ProcessTime> {
  const withTime = existsSync(TIME);
  const argv = withTime ? ['-f', '__TIME__ %U %S', cmd, ...args] : [...args];
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(withTime ? TIME : cmd, argv, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = performance.now() - started;
      const m = /__TIME__ ([\d.]+) ([\d.]+)/.exec(stderr);
      resolve({ wallMs, cpuMs: m ? (Number(m[1]) + Number(m[2])) * 1000 : null, code, stdout });
    });
  });
}

/** Alternates `a` and `b` `runs` times (so load on a shared machine falls on both alike). */
export async function alternate<A, B>(runs: number, a: () => Promise<A>, b: () => Promise<B>): Promise<{ a: A[]; b: B[] }> {
  const out = { a: [] as A[], b: [] as B[] };
  for (let i = 0; i < runs; i++) {
    out.a.push(await a());
    out.b.push(await b());
  }
  return out;
}
