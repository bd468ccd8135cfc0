import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface SpawnedServer {
  name: string;
  /** http://127.0.0.1:PORT */
  url: string;
  port: number;
  /** Last lines the child wrote to stdout/stderr, for error messages. */
  output(): string;
  /** CPU seconds used so far by the server's process group (tsx and the node it runs); null off Linux. */
  cpuSeconds(): number | null;
  /** Resident memory of the server's process group in bytes, from /proc; null off Linux. */
  rssBytes(): number | null;
  /** SIGTERM, then SIGKILL to its process group if it has not exited after graceMs. */
  stop(graceMs?: number): Promise<void>;
}

/** A port that was free a moment ago (the product derives APP_URL from PORT, so PORT=0 will not do). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => {
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('could not find a free port'));
      });
    });
  });
}

let clockTicks: number | undefined;

/** Sum of user+system CPU seconds of the live processes in process group `pgid`, from /proc (Linux only). */
export function processGroupCpuSeconds(pgid: number): number | null {
  if (process.platform !== 'linux') return null;
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  let ticks = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    // Fields after "(comm)": state ppid pgrp session tty tpgid flags minflt cminflt majflt cmajflt utime stime …
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== pgid) continue;
    ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks / clockTicks;
}

/** Sum of the resident memory (VmRSS) of the live processes in process group `pgid`, in bytes (Linux only). */
export function processGroupRssBytes(pgid: number): number | null {
  if (process.platform !== 'linux') return null;
  let kb = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    let status: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      status = readFileSync(`/proc/${entry}/status`, 'utf8');
    } catch {
      continue; // exited meanwhile
    }
    if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2]) !== pgid) continue;
    kb += Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1] ?? 0);
  }
  return kb * 1024;
}

export interface SpawnOptions {
  name: string;
  /** Repository root: the child runs there, with node_modules/.bin/tsx. */
  root: string;
  /** TypeScript entry, relative to root. */
  script: string;
  /** Variables for the child on top of PATH/HOME/TMPDIR; nothing else is inherited, so a developer's .env or
   * DATABASE_URL cannot leak into a scenario. */
  env: Record<string, string>;
  port: number;
  /** Extra node flags (e.g. --cpu-prof, which NODE_OPTIONS refuses): the child is then `node FLAGS --import tsx
   * script` rather than `tsx script`. */
  nodeFlags?: string[];
  healthPath: string;
  startTimeoutMs?: number;
}

const KEEP_LINES = 40;

/** Runs a server in its own process (its own process group) and resolves once healthPath answers 200. */
export async function spawnServer({
  name,
  root,
  script,
  env,
  port,
  healthPath,
  nodeFlags,
  startTimeoutMs = 60_000,
}: SpawnOptions): Promise<SpawnedServer> {
  const inherited: Record<string, string> = {};
  for (const key of ['PATH', 'HOME', 'TMPDIR', 'LANG']) {
    const value = process.env[key];
    if (value !== undefined) inherited[key] = value;
  }
  const [command, args] = nodeFlags?.length
    ? [process.execPath, [...nodeFlags, '--import', 'tsx', script]]
    : [path.join(root, 'node_modules/.bin/tsx'), [script]];
  const child: ChildProcess = spawn(command, args, {
    cwd: root,
    env: { ...inherited, ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });

  const lines: string[] = [];
  const collect = (stream: NodeJS.ReadableStream | null) => {
    stream?.setEncoding('utf8');
    stream?.on('data', (chunk: string) => {
      for (const line of chunk.split('\n')) {
        if (!line) continue;
        lines.push(line);
        if (lines.length > KEEP_LINES) lines.shift();
        // Warnings and errors (LOG_LEVEL=warn) are worth seeing while the bench runs.
        process.stderr.write(`  [${name}] ${line}\n`);
      }
    });
  };
  collect(child.stdout);
  collect(child.stderr);

  let exited = false;
  const exit = new Promise<void>((resolve) => {
    const done = () => {
      exited = true;
      resolve();
    };
    child.once('exit', done);
    child.once('error', (error) => {
      lines.push(`could not run ${command}: ${error.message}`);
      done();
    });
  });
  const output = () => lines.join('\n');

  const killGroup = (signal: NodeJS.Signals) => {
    if (exited || child.pid === undefined) return;
    try {
      process.kill(-child.pid, signal);
    } catch {
      // already gone
    }
  };

  const stop = async (graceMs = 8_000) => {
    if (exited) return;
    killGroup('SIGTERM');
    const timer = setTimeout(() => killGroup('SIGKILL'), graceMs);
    await exit;
    clearTimeout(timer);
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + startTimeoutMs;
  for (;;) {
    if (exited) throw new Error(`${name} exited before it was healthy:\n${output()}`);
    try {
      const response = await fetch(url + healthPath, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} not healthy after ${startTimeoutMs} ms:\n${output()}`);
    }
    await sleep(100);
  }
  const pgid = child.pid;
  const cpuSeconds = () => (pgid === undefined ? null : processGroupCpuSeconds(pgid));
  const rssBytes = () => (pgid === undefined ? null : processGroupRssBytes(pgid));
  return { name, url, port, output, cpuSeconds, rssBytes, stop };
}
