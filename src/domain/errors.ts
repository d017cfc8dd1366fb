/**
 * What a service says went wrong, in the domain's words (decision 032): a kind, the message it
 * names (a key of the server's message table), and for invalid input the per-field messages. No
 * HTTP here: src/server/http/errors.ts maps a kind to a status, once, for every route.
 */
export type DomainErrorKind = "not-found" | "invalid" | "conflict" | "unauthorized" | "forbidden" | "payment-failed" | "unavailable" | "too-many";

/**
 * The message keys a DomainError may name. Empty here (domain/ knows no server texts); the server's
 * message table adds its keys by declaration merging (src/server/i18n/messages.ts), so a key that
 * has no ja/en text fails the typecheck.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface DomainMessageKeys {}

export type DomainMessageKey = keyof DomainMessageKeys;

/** The one error type services throw; the HTTP layer maps its kind to a status. */
export class DomainError extends Error {
  constructor(
    readonly kind: DomainErrorKind,
    /** The message to show; without one, the kind's general message. */
    readonly messageKey?: DomainMessageKey,
    /** Per-field messages of invalid input. */
    readonly fields?: Record<string, string[]>,
    /** Already translated messages that replace the one of `messageKey`. */
    readonly messages?: string[],
  ) {
    super(messageKey ?? kind);
    this.name = "DomainError";
  }
}

/** Invalid input carrying every field message: `errors` lists them all, `fields` groups them per field. */
export function validationFailed(errors: { fields: Record<string, string[]>; list(): string[] }): DomainError {
  return new DomainError("invalid", undefined, errors.fields, errors.list());
}
