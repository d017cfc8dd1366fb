import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";

/**
 * The secret that signs CSRF tokens. Several processes must share it, so production sets
 * SESSION_SECRET; without it one is generated once and kept beside the embedded database.
 */
export function resolveSessionSecret(configured: string | undefined, dataDir: string): string {
  if (configured) return configured;
  const file = path.join(dataDir, "session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(dataDir, { recursive: true });
    const secret = crypto.randomBytes(32).toString("base64url");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}
