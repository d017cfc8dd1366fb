import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";

// config/nginx.conf, the reverse proxy of docs/operations.md, is a configuration nginx accepts:
// `nginx -t` on a copy whose certificate, log and pid paths point into a temporary folder (with a
// self-signed certificate made here), everything else as committed.

const CONFIG = fileURLToPath(new URL("../../../config/nginx.conf", import.meta.url));
const work = fs.mkdtempSync(path.join(os.tmpdir(), "kura-nginx-"));
afterAll(() => fs.rmSync(work, { recursive: true, force: true }));

it("config/nginx.conf passes nginx -t", () => {
  execFileSync("openssl", [
    "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=shop.example.jp",
    "-keyout", path.join(work, "privkey.pem"), "-out", path.join(work, "fullchain.pem"),
  ], { stdio: "ignore" });
  const committed = fs.readFileSync(CONFIG, "utf8");
  const copy = committed
    .replaceAll("/etc/letsencrypt/live/shop.example.jp/", `${work}/`)
    .replaceAll("/var/log/nginx/", `${work}/`)
    .replace("/run/nginx.pid", `${work}/nginx.pid`);
  expect(copy).not.toBe(committed);
  fs.writeFileSync(path.join(work, "nginx.conf"), copy);
  const nginx = fs.existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx";
  const result = spawnSync(nginx, ["-t", "-p", work, "-e", path.join(work, "error.log"), "-c", path.join(work, "nginx.conf")], { encoding: "utf8" });
  expect(result.error, "nginx is not installed (apt-get install nginx)").toBeUndefined();
  expect(result.stderr).toContain("syntax is ok");
  expect(result.stderr).toContain("test is successful");
  expect(result.status).toBe(0);
});
