import { Writable } from "node:stream";
import type * as FastifyModule from "fastify";
import type { FastifyInstance } from "fastify";

// For a test's `vi.mock("fastify", …)`: the real module, with each app the shop builds watched or
// logging into the test. Taken by a dynamic import inside the mock's factory, which vitest hoists
// above the file's imports.

type Fastify = typeof FastifyModule;

/** The fastify module whose every new app is handed to `watch` first (to add hooks that record routes or errors). */
export function fastifyWatching(actual: Fastify, watch: (app: FastifyInstance) => void): Fastify {
  const watched = ((options?: object) => {
    const app = actual.default(options);
    watch(app as unknown as FastifyInstance);
    return app;
  }) as unknown as Fastify["default"];
  return { ...actual, default: watched };
}

/** The fastify module whose apps log, with the app's own logger options, into `lines` instead of stdout. */
export function fastifyLoggingInto(actual: Fastify, lines: string[]): Fastify {
  const capture = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  const logging = ((options?: { logger?: object }) =>
    actual.default({ ...options, logger: { ...options?.logger, stream: capture } })) as unknown as Fastify["default"];
  return { ...actual, default: logging };
}
