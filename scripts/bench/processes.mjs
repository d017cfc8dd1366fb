// Child processes of `npm run bench`: the shop (production build) and the bare Fastify baseline.
// Every child is tracked and killed when the bench exits, however it exits.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { serverNodeFlags } from "../server-flags.mjs";
import { BENCH_OWNER } from "./load.mjs";

const children = new Set();

process.on("exit", () => {
  for (const child of children) child.kill("SIGKILL");
});

/** Kills every child still running (on an error or a signal). */
export function killAllChildren() {
  for (const child of children) child.kill("SIGKILL");
}

/** A TCP port on 127.0.0.1 that was free a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Spawns a tracked child; keeps the last 8 KB of its output for error messages. */
export function spawnTracked(command, args, env) {
  const child = spawn(command, args, { env, stdio: ["ignore", "pipe", "pipe"] });
  let tail = "";
  const keep = (chunk) => {
    tail = (tail + chunk.toString()).slice(-8192);
  };
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  children.add(child);
  child.exited = new Promise((resolve) => {
    child.once("exit", (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
  });
  child.outputTail = () => tail;
  return child;
}

/** Polls `url` until it answers 200; returns milliseconds since `since`. Fails if the child dies first. */
export async function waitForOk(child, url, since, timeoutMs = Number(process.env.BENCH_START_TIMEOUT ?? 600) * 1000) {
  let dead = null;
  void child.exited.then((status) => {
    dead = status;
  });
  while (performance.now() - since < timeoutMs) {
    if (dead) throw new Error(`${url}: the server exited (${dead.code ?? dead.signal}) before answering:\n${child.outputTail()}`);
    try {
      const response = await globalThis.fetch(url, { signal: globalThis.AbortSignal.timeout(5000) });
      await response.arrayBuffer();
      if (response.status === 200) return performance.now() - since;
    } catch {
      // not listening yet
    }
    await sleep(25);
  }
  throw new Error(`${url} did not answer 200 within ${timeoutMs / 1000} s:\n${child.outputTail()}`);
}

/**
 * Starts the shop's production server (`node <start flags> dist/server/main.js`) and waits for the first 200 on /.
 * Answers { child, port, base, startMs }.
 */
export async function startShop({ dataDir, databaseUrl }) {
  const port = await freePort();
  const env = {
    ...process.env,
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    HOST: "127.0.0.1",
    PORT: String(port),
    LOG_LEVEL: "warn",
    // Hundreds of checkouts come from 127.0.0.1 in seconds; the limits are tested in the API suite.
    RATE_LIMIT_MULTIPLIER: "1000",
    // The demo catalogue on PostgreSQL too (DATABASE_URL alone leaves it out): both databases serve the same shop.
    DEMO_DATA: "1",
    // A member signs up and confirms through the built-in mailbox, read as this owner (memberSession).
    ADMIN_EMAIL: BENCH_OWNER.email,
    ADMIN_PASSWORD: BENCH_OWNER.password,
    // An owner must have two-step verification (decision 063): the bench's owner is enrolled with a known key, as the browser tests' is.
    ADMIN_TOTP_SECRET: BENCH_OWNER.totpSecret,
    DEV_MAILBOX: "1",
  };
  delete env.PUBLIC_URL;
  if (databaseUrl) {
    env.DATABASE_URL = databaseUrl;
    env.SESSION_SECRET ??= "bench-secret-that-is-at-least-32-characters-long";
  } else delete env.DATABASE_URL;
  const since = performance.now();
  // Started as `npm start` starts it: with the Node flags of package.json's start script.
  const child = spawnTracked(process.execPath, [...serverNodeFlags(), "dist/server/main.js"], env);
  const base = `http://127.0.0.1:${port}`;
  const startMs = await waitForOk(child, `${base}/`, since);
  return { child, port, base, startMs };
}

/** Starts the bare Fastify baseline serving these files. */
export async function startBare(files) {
  const port = await freePort();
  const child = spawnTracked(process.execPath, ["scripts/bench/bare-server.mjs", String(port), JSON.stringify(files)], { ...process.env });
  const base = `http://127.0.0.1:${port}`;
  await waitForOk(child, `${base}/healthz`, performance.now(), 30_000);
  return { child, port, base };
}

/** SIGTERM, then SIGKILL after `graceMs`. */
export async function stopChild(child, graceMs = 15_000) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill("SIGTERM");
  const timer = sleep(graceMs).then(() => "late");
  if ((await Promise.race([child.exited, timer])) === "late") {
    child.kill("SIGKILL");
    await child.exited;
  }
}

/**
 * CPU time (user + system) a running process has used so far, in ms, or null without /proc. The
 * difference over a measurement divided by its answers is the CPU each answer cost, which the other
 * processes sharing this machine's cores slow down far less than they slow down req/s.
 */
export function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return null;
  }
}

/** Peak resident set size of a running process in MB (VmHWM), or null when /proc is not there. */
export function peakRssMb(pid) {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const match = /^VmHWM:\s+(\d+)\s+kB/m.exec(status);
    return match ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}
