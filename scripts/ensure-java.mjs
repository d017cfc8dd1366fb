// Finds the Java the HTML validity test runs the W3C Nu validator (vnu-jar) on: `java` on PATH.
// Where none is found and we run as root with apt-get, installs Debian's headless JRE, as
// ensure-chromium.mjs does for Chromium; otherwise stops with the one command to run. The
// validator's own downloader (vnu-jar's postinstall) is not used: no test tool downloads a runtime.
import { spawnSync } from "node:child_process";

const APT_PACKAGES = ["default-jre-headless"];
const INSTALL_COMMAND = `sudo apt-get update && sudo apt-get install -y ${APT_PACKAGES.join(" ")}`;

function hasCommand(command) {
  return spawnSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" }).status === 0;
}

export function ensureJava() {
  if (hasCommand("java")) return;
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !hasCommand("apt-get")) {
    console.error(`Java for the HTML validity test (W3C Nu validator) was not found.\nInstall it with:\n  ${INSTALL_COMMAND}`);
    process.exit(1);
  }
  console.log(`Installing ${APT_PACKAGES.join(", ")} from Debian…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", "--no-install-recommends", ...APT_PACKAGES]]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (result.status !== 0) {
      console.error(`apt-get ${args[0]} failed. Install by hand:\n  ${INSTALL_COMMAND}`);
      process.exit(1);
    }
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureJava();
