/**
 * The settings form's draft as plain data (no React): reading and replacing a value by its path, and
 * what a number field keeps of what was typed. The form's components are in settings-draft.tsx.
 */

/** Where a value sits in the settings form's data: object keys and list indexes, outermost first. */
export type Path = (string | number)[];

/** The value at `path`, or undefined when the path leaves the data. */
export function valueAt(data: unknown, path: Path): unknown {
  let value = data;
  for (const part of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string | number, unknown>)[part];
  }
  return value;
}

/** A copy of `data` with the value at `path` replaced (objects and lists on the way are copied). */
export function withValue<T>(data: T, path: Path, value: unknown): T {
  if (path.length === 0) return value as T;
  const [head, ...rest] = path;
  const container = (Array.isArray(data) ? [...data] : { ...(data as object) }) as Record<string | number, unknown>;
  container[head!] = withValue(container[head!] ?? (typeof rest[0] === "number" ? [] : {}), rest, value);
  return container as T;
}

/** Whole yen and counts: digits become a number, anything else is kept as typed so the server names the problem. */
export function numberOrText(text: string): number | string {
  return /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text;
}
