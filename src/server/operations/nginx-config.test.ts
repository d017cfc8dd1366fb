import type { ChildProcess } from "node:child_process";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { expectOnlyReadsRetried, fakeBackends } from "../testing/fake-backends.ts";
import { freePort } from "../testing/local-servers.ts";

// config/nginx.conf, the reverse proxy of docs/operations.md, is a configuration nginx accepts:
// `nginx -t` on a copy whose certificate, log and pid paths point into a temporary folder (with a
// self-signed certificate made here), everything else as committed. Run with two upstream
// processes, it sends a read again to the second when the first drops it, and never a write
// (docs/decisions/049).

const CONFIG = fileURLToPath(new URL("../../../config/nginx.conf", import.meta.url));
const work = fs.mkdtempSync(path.join(os.tmpdir(), "kura-nginx-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

const nginxBinary = fs.existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";

function certificate(): void {
  if (fs.existsSync(path.join(work, "fullchain.pem"))) return;
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=shop.example.jp",
      "-keyout",
      path.join(work, "privkey.pem"),
      "-out",
      path.join(work, "fullchain.pem"),
    ],
    { stdio: "ignore" },
  );
}

/** The committed file with certificate, log and pid paths in the temporary folder. */
function localCopy(): string {
  certificate();
  const committed = fs.readFileSync(CONFIG, "utf8");
  const copy = committed
    .replaceAll("/etc/letsencrypt/live/shop.example.jp/", `${work}/`)
    .replaceAll("/var/log/nginx/", `${work}/`)
    .replace("/run/nginx.pid", `${work}/nginx.pid`);
  expect(copy).not.toBe(committed);
  return copy;
}

it("config/nginx.conf passes nginx -t", () => {
  fs.writeFileSync(path.join(work, "nginx.conf"), localCopy());
  const nginx = nginxBinary;
  const result = spawnSync(nginx, ["-t", "-p", work, "-e", path.join(work, "error.log"), "-c", path.join(work, "nginx.conf")], { encoding: "utf8" });
  expect(result.error, "nginx is not installed (apt-get install nginx)").toBeUndefined();
  expect(result.stderr).toContain("syntax is ok");
  expect(result.stderr).toContain("test is successful");
  expect(result.status).toBe(0);
});

/** One request through nginx's TLS port (self-signed certificate), answering the status. */
function through(port: number, method: string): Promise<number> {
  const body = method === "GET" || method === "HEAD" ? "" : JSON.stringify({ amount: 40 });
  // Content-Length always: Node sends a DELETE's body unframed otherwise.
  const headers = { host: "shop.example.jp", "content-type": "application/json", "content-length": String(Buffer.byteLength(body)) };
  return new Promise((resolve, reject) => {
    const request = https.request(
      { host: "127.0.0.1", port, method, path: "/admin/api/products/1/restock?from=nginx", servername: "shop.example.jp", rejectUnauthorized: false, headers },
      (response) => {
        response.resume();
        response.on("end", () => resolve(response.statusCode ?? 0));
      },
    );
    request.on("error", reject);
    request.end(body);
  });
}

it("sends a read that a process dropped to the next one, and never a write", { timeout: 60_000 }, async () => {
  // Two shop processes: one reads each request whole, then dies without answering (its
  // transaction may have committed); the other answers. Each counts what reached it.
  const backends = await fakeBackends([
    { name: "dying", answers: false },
    { name: "healthy", answers: true },
  ]);
  const { arrivals } = backends;
  const [dyingPort, healthyPort] = backends.ports;
  const tlsPort = await freePort();
  const config = localCopy()
    .replace(/server 127\.0\.0\.1:3000;/, `server 127.0.0.1:${dyingPort} max_fails=0;\n    server 127.0.0.1:${healthyPort} max_fails=0;`)
    .replace(/listen 80;\n\s*listen \[::\]:80;/, `listen 127.0.0.1:${await freePort()};`)
    .replace(/listen 443 ssl http2;\n\s*listen \[::\]:443 ssl http2;/, `listen 127.0.0.1:${tlsPort} ssl;`)
    .replace(/^worker_processes auto;/m, "worker_processes 1;\ndaemon off;");
  expect(config).toContain(`127.0.0.1:${tlsPort} ssl`);
  fs.writeFileSync(path.join(work, "running.conf"), config);
  let nginx: ChildProcess | undefined;
  try {
    nginx = spawn(nginxBinary, ["-p", work, "-e", path.join(work, "error.log"), "-c", path.join(work, "running.conf")], { stdio: "ignore" });
    await expect.poll(() => through(tlsPort, "GET").catch(() => 0), { timeout: 20_000, interval: 200 }).toBe(200);
    for (const method of ["GET", "HEAD", "POST", "PATCH", "PUT", "DELETE"]) {
      // Twice: round robin starts one of them at the dying process.
      for (let round = 0; round < 2; round++) {
        arrivals.length = 0;
        const status = await through(tlsPort, method);
        expectOnlyReadsRetried(method, status, arrivals);
        if (method !== "GET" && method !== "HEAD") {
          expect(arrivals[0]!.method).toBe(method);
          expect(arrivals[0]!.url).toBe("/admin/api/products/1/restock?from=nginx");
          expect(arrivals[0]!.body, method).toBe(JSON.stringify({ amount: 40 }));
        }
      }
    }
  } finally {
    nginx?.kill("SIGTERM");
    if (nginx && nginx.exitCode === null) await new Promise((resolve) => nginx!.once("exit", resolve));
    await backends.close();
  }
});
