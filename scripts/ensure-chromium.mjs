// Finds the Chromium the browser tests drive: CHROME_PATH, else Debian's /usr/bin/chromium.
// Where none is found and we run as root with apt-get, installs Debian's chromium and a Japanese
// font; otherwise stops with the one command to run. No test tool downloads a browser.
import { spawnSync } from "node:child_process";
import fs from "node:fs";

const APT_PACKAGES = ["chromium", "fonts-ipafont-gothic"];
const INSTALL_COMMAND = `sudo apt-get update && sudo apt-get install -y ${APT_PACKAGES.join(" ")}`;

export function chromiumPath() {
  return process.env.CHROME_PATH || "/usr/bin/chromium";
}

function fontInstalled() {
  return fs.existsSync("/usr/share/fonts/opentype/ipafont-gothic") || fs.existsSync("/usr/share/fonts/truetype/fonts-japanese-gothic.ttf");
}

function hasAptGet() {
  return spawnSync("sh", ["-c", "command -v apt-get"], { stdio: "ignore" }).status === 0;
}

export function ensureChromium() {
  if (fs.existsSync(chromiumPath()) && (process.env.CHROME_PATH || fontInstalled())) return chromiumPath();
  const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
  if (!isRoot || !hasAptGet() || process.env.CHROME_PATH) {
    console.error(
      `Chromium for the browser tests was not found at ${chromiumPath()}.\nInstall it with:\n  ${INSTALL_COMMAND}\n(or set CHROME_PATH to a Chromium binary).`,
    );
    process.exit(1);
  }
  console.log(`Installing ${APT_PACKAGES.join(", ")} from Debian…`);
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  for (const args of [["update"], ["install", "-y", ...APT_PACKAGES]]) {
    const result = spawnSync("apt-get", args, { stdio: "inherit", env });
    if (result.status !== 0) {
      console.error(`apt-get ${args[0]} failed. Install by hand:\n  ${INSTALL_COMMAND}`);
      process.exit(1);
    }
  }
  return chromiumPath();
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
