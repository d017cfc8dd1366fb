/**
 * What the log may say about an error. A failed query must never bring its values into the log:
 * Drizzle's error message is "Failed query: … params: …" (e-mail addresses, names, phones,
 * addresses, password hashes), both drivers attach `query` and `params` to the database error,
 * and PostgreSQL's own message, detail and hint quote values too ("Key (email)=(a@b.jp) already
 * exists", "Failing row contains (…)", 'invalid input syntax for type integer: "…"'). So a
 * database error is described by its SQLSTATE code and the names of what it concerns (statement
 * verb and table, constraint, column), and other errors by their message with addresses, links and
 * token-like strings removed. Stacks keep their frames only: their first line repeats the message.
 */
export type LoggedError = {
  type: string;
  /** For a failed query, only what failed ("failed query: insert users"). */
  message: string;
  code?: string;
  /** The failed statement's verb and table, e.g. "insert users". */
  statement?: string;
  table?: string;
  constraint?: string;
  column?: string;
  dataType?: string;
  routine?: string;
  /** Frames only. */
  stack: string;
  cause?: LoggedError;
};

const MAX_CAUSES = 4;
const MAX_FRAMES = 12;

export function errorForLog(error: unknown, depth = 0): LoggedError {
  if (typeof error !== "object" || error === null) {
    // A thrown string or number could be anything the thrower had at hand.
    return { type: typeof error, message: "a value was thrown", stack: "" };
  }
  const fields = error as Record<string, unknown>;
  const logged: LoggedError = { type: typeOf(error, fields), message: "", stack: "" };
  const code = stringField(fields.code);
  if (code) logged.code = code;
  const query = stringField(fields.query);
  if (query !== undefined) logged.statement = statementOf(query);
  if (isDatabaseError(fields)) {
    for (const key of ["table", "constraint", "column", "dataType", "routine"] as const) {
      const value = stringField(fields[key]);
      if (value) logged[key] = value;
    }
    logged.message = `database error ${code}`;
  } else if (query !== undefined || "params" in fields) {
    logged.message = `failed query: ${logged.statement ?? "unknown"}`;
  } else {
    logged.message = scrubbedText(stringField(fields.message) ?? "");
  }
  const stack = stringField(fields.stack);
  if (stack) {
    const frames = stack
      .split("\n")
      .filter((line) => /^\s+at /.test(line))
      .slice(0, MAX_FRAMES);
    logged.stack = frames.map((line) => line.trim()).join("\n");
  }
  if (fields.cause !== undefined && depth < MAX_CAUSES) logged.cause = errorForLog(fields.cause, depth + 1);
  return logged;
}

/** A one-line reason for stored failure notes (the mail outbox): code, statement or scrubbed message. */
export function errorSummary(error: unknown): { code: string; text: string } {
  const chain: LoggedError[] = [];
  for (let entry: LoggedError | undefined = errorForLog(error); entry; entry = entry.cause) chain.push(entry);
  const code = chain.find((entry) => entry.code)?.code ?? "ERROR";
  const statement = chain.find((entry) => entry.statement)?.statement;
  const database = chain.find((entry) => entry.table || entry.constraint);
  const text = statement ? `failed query (${statement}${database?.constraint ? `, ${database.constraint}` : ""})` : (chain[0]?.message ?? "");
  return { code, text };
}

/** Removes what could identify a person or open something: addresses, links, token-like strings. */
export function scrubbedText(text: string): string {
  return text
    .replace(/[a-z][a-z0-9+.-]*:\/\/\S+/gi, "[url]")
    .replace(/[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g, "[address]")
    .replace(/[A-Za-z0-9_$+/=-]{24,}/g, "[…]")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 300);
}

/** The class name; PGlite's minified classes get the name PostgreSQL errors have in node-postgres. */
function typeOf(error: object, fields: Record<string, unknown>): string {
  if (isDatabaseError(fields)) return "DatabaseError";
  const name = error.constructor?.name;
  return name && name !== "Object" ? name : (stringField(fields.name) ?? "Object");
}

function stringField(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** PostgreSQL's errors (node-postgres and PGlite alike) carry a five-character SQLSTATE and a severity. */
function isDatabaseError(fields: Record<string, unknown>): boolean {
  return typeof fields.code === "string" && /^[0-9A-Z]{5}$/.test(fields.code) && typeof fields.severity === "string";
}

/** "insert users", "update orders", "select products": names only, whatever literals the text holds. */
function statementOf(query: string): string {
  const verb = /^\s*(\w+)/.exec(query)?.[1]?.toLowerCase() ?? "query";
  const table = /\b(?:into|update|from)\s+(?:"?\w+"?\.)?"?(\w+)"?/i.exec(query)?.[1];
  return table ? `${verb} ${table}` : verb;
}
