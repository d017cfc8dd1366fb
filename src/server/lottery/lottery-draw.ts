import crypto from "node:crypto";
import { type DrawnEntry, rankByKey } from "../../domain/lottery.ts";

/**
 * The key that places an entry in the draw: HMAC-SHA256(seed, "entry:" + id) in hex (decision 084).
 * An auditor recomputes it from the recorded seed with any HMAC tool, e.g.
 * `printf 'entry:42' | openssl dgst -sha256 -hmac <seed>`.
 */
export function drawKey(seed: string, entryId: number): string {
  return crypto.createHmac("sha256", seed).update(`entry:${entryId}`).digest("hex");
}

/** Every entry placed by its key from the seed; 1 is the first drawn. */
export function drawOrder(seed: string, entryIds: readonly number[]): DrawnEntry[] {
  return rankByKey(entryIds.map((entryId) => ({ entryId, key: drawKey(seed, entryId) })));
}
