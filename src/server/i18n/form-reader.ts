import { INVALID_CHARACTERS, hasForbiddenCharacters, recordIdOf } from "../../domain/input-rules.ts";
import type { Locale } from "../../domain/locale.ts";
import { validationFailed } from "../../domain/errors.ts";
import type { ValidatedAttribute } from "./validation.ts";
import { FieldErrors } from "./validation.ts";

/**
 * Reads one JSON body of a back-office form field by field, collecting every problem as a per-field
 * message (so the form shows them all at once). With `partial`, absent fields read as undefined
 * ("leave as it is"), which is how the quick price and stock edits send only what changed; otherwise
 * an absent required field is blank and an absent optional one takes its default.
 */
export class FormReader {
  readonly errors: FieldErrors;
  private readonly body: Record<string, unknown>;

  constructor(
    body: unknown,
    readonly locale: Locale,
    private readonly partial = false,
  ) {
    this.errors = new FieldErrors(locale);
    this.body = body !== null && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  }

  private skipped(name: string): boolean {
    return this.partial && !(name in this.body);
  }

  /** One line unless `multiline` (descriptions, bodies): a line break in a name is refused like any control character. */
  text(name: ValidatedAttribute, options: { required?: boolean; max: number; multiline?: boolean }): string | undefined {
    if (this.skipped(name)) return undefined;
    const raw = this.body[name] ?? "";
    if (typeof raw !== "string") {
      this.errors.add(name, "invalid");
      return undefined;
    }
    // Line ends as the browser's textarea sends them; trimmed so a stray space is not a name.
    const value = raw.replace(/\r\n?/g, "\n").trim();
    if (hasForbiddenCharacters(value, { multiline: options.multiline })) this.errors.add(name, INVALID_CHARACTERS);
    else if (options.required && value === "") this.errors.add(name, "blank");
    else if (value.length > options.max) this.errors.add(name, "too_long", { count: options.max });
    return value;
  }

  /** A whole number; form fields may send it as a string. `nullable` accepts an empty value as null. */
  integer(name: ValidatedAttribute, options: { min: number; max: number; nullable?: boolean; fallback?: number }): number | null | undefined {
    if (this.skipped(name)) return undefined;
    const raw = this.body[name];
    if (raw === undefined || raw === null || raw === "") {
      if (options.nullable) return null;
      if (options.fallback !== undefined && raw === undefined) return options.fallback;
      this.errors.add(name, "blank");
      return undefined;
    }
    const value = typeof raw === "string" ? Number(raw.trim()) : raw;
    if (typeof value !== "number" || Number.isNaN(value)) this.errors.add(name, "not_a_number");
    else if (!Number.isInteger(value)) this.errors.add(name, "not_an_integer");
    else if (value < options.min) this.errors.add(name, "greater_than_or_equal_to", { count: options.min });
    else if (value > options.max) this.errors.add(name, "less_than_or_equal_to", { count: options.max });
    else return value;
    return undefined;
  }

  /** A number with at most `decimals` decimals (alcohol strength: 14.5). */
  decimal(name: ValidatedAttribute, options: { min: number; max: number; decimals: number }): number | null | undefined {
    if (this.skipped(name)) return undefined;
    const raw = this.body[name];
    if (raw === undefined || raw === null || raw === "") return null;
    const text = typeof raw === "number" ? String(raw) : typeof raw === "string" ? raw.trim() : "";
    if (!/^\d+(\.\d+)?$/.test(text)) {
      this.errors.add(name, "not_a_number");
      return undefined;
    }
    const value = Number(text);
    if ((text.split(".")[1]?.length ?? 0) > options.decimals) this.errors.add(name, "invalid");
    else if (value < options.min) this.errors.add(name, "greater_than_or_equal_to", { count: options.min });
    else if (value > options.max) this.errors.add(name, "less_than_or_equal_to", { count: options.max });
    else return value;
    return undefined;
  }

  boolean(name: ValidatedAttribute, fallback: boolean): boolean | undefined {
    if (this.skipped(name)) return undefined;
    const raw = this.body[name];
    if (raw === undefined) return fallback;
    if (typeof raw !== "boolean") {
      this.errors.add(name, "invalid");
      return undefined;
    }
    return raw;
  }

  oneOf<T extends string>(name: ValidatedAttribute, allowed: readonly T[], options: { nullable?: boolean; fallback?: T }): T | null | undefined {
    if (this.skipped(name)) return undefined;
    const raw = this.body[name];
    if (raw === undefined || raw === null || raw === "") {
      if (options.nullable) return null;
      if (options.fallback !== undefined) return options.fallback;
      this.errors.add(name, "blank");
      return undefined;
    }
    if (typeof raw !== "string" || !(allowed as readonly string[]).includes(raw)) {
      this.errors.add(name, "inclusion");
      return undefined;
    }
    return raw as T;
  }

  /** A list of positive ids without repeats. */
  ids(name: ValidatedAttribute): number[] | undefined {
    if (this.skipped(name)) return undefined;
    const raw = this.body[name] ?? [];
    const list = Array.isArray(raw) ? raw.map(recordIdOf) : null;
    if (!list || !list.every((each) => each !== undefined) || new Set(list).size !== list.length) {
      this.errors.add(name, "invalid");
      return undefined;
    }
    return list as number[];
  }

  /** Throws the 422 with every message collected so far. */
  finish(): void {
    if (!this.errors.empty) throw validationFailed(this.errors);
  }
}
