import type { ChildProcess } from "node:child_process";
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { expectOnlyReadsRetried, fakeBackends } from "../testing/fake-backends.ts";
import { freePort } from "../testing/local-servers.ts";

// config/haproxy.cfg, the load balancer of decision 021, sends a request again to another process
// only when that is safe (decision 049): when it never reached a process, or when it is a GET or
// HEAD whose answer was lost. A write that reached a process that then died is not sent again (it
// may be booked already); the page resends it under its Idempotency-Key. Needs Debian's haproxy
// (scripts/ensure-haproxy.mjs); the whole shop behind it is load-balancer.test.ts.

const CONFIG = fileURLToPath(new URL("../../../config/haproxy.cfg", import.meta.url));
const HAPROXY = process.env.HAPROXY_PATH ?? "/usr/sbin/haproxy";
const work = fs.mkdtempSync(path.join(os.tmpdir(), "kura-haproxy-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

it("config/haproxy.cfg passes haproxy -c", () => {
  const result = spawnSync(HAPROXY, ["-c", "-f", CONFIG], { encoding: "utf8" });
  expect(result.error, "haproxy is not installed (apt-get install haproxy)").toBeUndefined();
  expect(result.status, result.stdout + result.stderr).toBe(0);
});

it("sends a read that a dying process dropped to the next one, and never a write", { timeout: 60_000 }, async () => {
  // The first process answers its health checks but drops every other request after reading it
  // whole (as one killed after its commit); the two others answer. Each counts what reached it.
  const backends = await fakeBackends([
    { name: "dying", answers: false },
    { name: "healthy", answers: true },
    { name: "healthy", answers: true },
  ]);
  const { arrivals, ports } = backends;
  const lbPort = await freePort();
  let next = 0;
  const config = fs
    .readFileSync(CONFIG, "utf8")
    .replace(/^(\s*bind\s+)\S+/m, `$1127.0.0.1:${lbPort}`)
    .replace(/^(\s*server\s+\S+\s+)\S+/gm, (_match, head: string) => `${head}127.0.0.1:${ports[next++]}`);
  expect(next).toBe(3);
  fs.writeFileSync(path.join(work, "haproxy.cfg"), config);
  let haproxy: ChildProcess | undefined;
  const send = async (method: string) => {
    const body = method === "GET" || method === "HEAD" ? undefined : JSON.stringify({ amount: 40 });
    const response = await fetch(`http://127.0.0.1:${lbPort}/admin/api/products/1/restock`, {
      method,
      ...(body ? { body, headers: { "content-type": "application/json" } } : {}),
    });
    await response.arrayBuffer();
    return response.status;
  };
  try {
    haproxy = spawn(HAPROXY, ["-db", "-f", path.join(work, "haproxy.cfg")], { stdio: "ignore" });
    await expect.poll(() => send("GET").catch(() => 0), { timeout: 20_000, interval: 200 }).toBe(200);
    for (const method of ["GET", "HEAD", "POST", "PATCH", "PUT", "DELETE"]) {
      // Three rounds: round robin gives one of them to the dying process.
      let metTheDying = false;
      for (let round = 0; round < 3; round++) {
        arrivals.length = 0;
        const status = await send(method);
        metTheDying ||= arrivals[0]?.process === "dying";
        expectOnlyReadsRetried(method, status, arrivals);
        if (method !== "GET" && method !== "HEAD") expect(arrivals[0]).toMatchObject({ method, body: JSON.stringify({ amount: 40 }) });
      }
      expect(metTheDying, method).toBe(true);
    }
  } finally {
    haproxy?.kill("SIGTERM");
    if (haproxy && haproxy.exitCode === null) await new Promise((resolve) => haproxy!.once("exit", resolve));
    await backends.close();
  }
});
