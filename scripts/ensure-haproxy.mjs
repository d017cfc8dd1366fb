// Finds the Debian servers some tests drive: HAProxy for the load-balancer test
// (src/server/load-balancer.test.ts; HAPROXY_PATH, else /usr/sbin/haproxy) and nginx for the
// reverse-proxy configuration test (src/server/operations/nginx-config.test.ts), and poppler's
// pdftotext/pdftoppm, with which the document tests read the PDFs back
// (src/server/documents/documents.test.ts). Where one is
// missing and we run as root with apt-get, installs it from Debian; otherwise stops with the one
// command to run (as scripts/ensure-chromium.mjs does).
import { spawnSync } from "node:child_process";
import fs from "node:fs";

export function haproxyPath() {
  return process.env.HAPROXY_PATH || "/usr/sbin/haproxy";
}

function missingPackages() {
  const wanted = [
    { binary: haproxyPath(), name: "haproxy" },
    { binary: "/usr/sbin/nginx", name: "nginx" },
    { binary: "/usr/bin/pdftotext", name: "poppler-utils" },
  ];
  return wanted.filter(({ binary }) => !fs.existsSync(binary)).map(({ name }) => name);
}

export function ensureHaproxy() {
  const missing = missingPackages();
  if (missing.length === 0) return haproxyPath();
  const command = `sudo apt-get update && sudo apt-get install -y ${missing.join(" ")}`;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasAptGet = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  if (!isRoot || !hasAptGet || (process.env.HAPROXY_PATH && missing.includes("haproxy"))) {
    console.error(`Not found: ${missing.join(", ")}.\nInstall with:\n  ${command}\n(or set HAPROXY_PATH to an haproxy binary).`);
    process.exit(1);
  }
  console.log(`Installing ${missing.join(" ")} from Debian…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", ...missing]]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (result.status !== 0) {
      console.error(`apt-get ${args[0]} failed. Install by hand:\n  ${command}`);
      process.exit(1);
    }
  }
  return haproxyPath();
}

if (import.meta.url === `file://${process.argv[1]}`) ensureHaproxy();
