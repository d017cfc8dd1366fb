// Finds HAProxy for the load-balancer test (src/server/load-balancer.test.ts): HAPROXY_PATH, else
// Debian's /usr/sbin/haproxy. Where none is found and we run as root with apt-get, installs Debian's
// haproxy; otherwise stops with the one command to run (as scripts/ensure-chromium.mjs does).
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const INSTALL_COMMAND = "sudo apt-get update && sudo apt-get install -y haproxy";

export function haproxyPath() {
  return process.env.HAPROXY_PATH || "/usr/sbin/haproxy";
}

export function ensureHaproxy() {
  if (fs.existsSync(haproxyPath())) return haproxyPath();
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  const hasAptGet = spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
  if (!isRoot || !hasAptGet || process.env.HAPROXY_PATH) {
    console.error(`HAProxy for the load-balancer test was not found at ${haproxyPath()}.\nInstall it with:\n  ${INSTALL_COMMAND}\n(or set HAPROXY_PATH to an haproxy binary).`);
    process.exit(1);
  }
  console.log("Installing haproxy from Debian…");
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", "haproxy"]]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (result.status !== 0) {
      console.error(`apt-get ${args[0]} failed. Install by hand:\n  ${INSTALL_COMMAND}`);
      process.exit(1);
    }
  }
  return haproxyPath();
}

if (import.meta.url === `file://${process.argv[1]}`) ensureHaproxy();
