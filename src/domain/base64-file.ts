import { z } from "./zod.ts";

// A file posted to the API as base64 text, as the page reads the chosen file (the carrier's
// issued-data upload, the checkout's list of destinations): one rule for what such a field takes.

/** Bytes a base64 text decodes to: its alphabet's characters before any padding, 6 bits each (blank space is skipped). */
export function base64Bytes(text: string): number {
  const data = text.replace(/\s+/g, "").replace(/=.*$/s, "");
  return Math.floor((data.length * 3) / 4);
}

/**
 * A form field holding a file's bytes as base64 (a data: URL's prefix allowed, blank space
 * skipped). Missing, not base64 or empty: the message "file"; over `maxBytes` decoded: "large".
 * The output is the base64 text without its prefix or blank space, for the route to decode.
 */
export function base64FileField(maxBytes: number) {
  return z
    .string({ error: "file" })
    .optional()
    .transform((raw, context) => {
      const text = (raw ?? "").replace(/^data:[^,]*,/, "").replace(/\s+/g, "");
      const bytes = /^[A-Za-z0-9+/]*={0,2}$/.test(text) ? base64Bytes(text) : 0;
      const found = bytes === 0 ? "file" : bytes > maxBytes ? "large" : undefined;
      if (found === undefined) return text;
      context.addIssue({ code: "custom", message: found });
      return z.NEVER;
    });
}
