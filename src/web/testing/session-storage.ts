import { afterEach, beforeEach, vi } from "vitest";

/** A tab's sessionStorage for each test of the file, empty at its start (the unit tests run without a browser). */
export function stubSessionStorage() {
  beforeEach(() => {
    const items = new Map<string, string>();
    vi.stubGlobal("sessionStorage", {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    });
  });
  afterEach(() => vi.unstubAllGlobals());
}
