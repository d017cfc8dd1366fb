import { describe, expect, it } from "vitest";
import { hashToken, idOfSignedToken, newToken, signedIdToken } from "./link-tokens.ts";

// The tokens of mail links: random ones stored as a hash, and signed ids that every mail keeps working.

describe("newToken", () => {
  it("gives a fresh random token each time with the hash stored in its place", () => {
    const first = newToken();
    const second = newToken();
    expect(first.token).not.toBe(second.token);
    expect(first.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first.hash).toBe(hashToken(first.token));
    expect(first.hash).not.toContain(first.token);
  });
});

describe("signed ids", () => {
  const secret = "a-secret-of-the-shop";

  it("read back the id they were made for", () => {
    expect(idOfSignedToken(secret, "restock-cancel", signedIdToken(secret, "restock-cancel", 42))).toBe(42);
  });

  it("do not open a link of another purpose or signed with another secret", () => {
    const token = signedIdToken(secret, "magazine-unsubscribe", 42);
    expect(idOfSignedToken(secret, "restock-cancel", token)).toBeUndefined();
    expect(idOfSignedToken("another-secret", "magazine-unsubscribe", token)).toBeUndefined();
  });

  it("refuse another id under a signature, a changed signature and text of another shape", () => {
    const signature = signedIdToken(secret, "restock-cancel", 42).split(".")[1]!;
    expect(idOfSignedToken(secret, "restock-cancel", `43.${signature}`)).toBeUndefined();
    const changed = signature.slice(0, -1) + (signature.endsWith("A") ? "B" : "A");
    expect(idOfSignedToken(secret, "restock-cancel", `42.${changed}`)).toBeUndefined();
    for (const token of ["", "42", "42.", "x.y", `1234567890.${signature}`, `42.${signature}.1`])
      expect(idOfSignedToken(secret, "restock-cancel", token)).toBeUndefined();
  });
});
