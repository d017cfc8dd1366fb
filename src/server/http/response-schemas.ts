import { isDeepStrictEqual } from "node:util";
import type { FastifyReply } from "fastify";
import type { FastifySerializerCompiler } from "fastify/types/schema.js";
import { createSerializerCompiler } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { ApiErrors } from "../../domain/answers/common.ts";

/**
 * Answers are serialized with each route's response schema (issue #30 item 2): the handler's value
 * is encoded with the schema (a Date becomes its ISO text) and written as JSON. zod drops a key the
 * schema does not name, so a schema missing one of the answer's keys would change the answer
 * silently; `checkDroppedKeys` (every process but production's: the tests, the development server)
 * refuses such an answer as a 500 naming the route, which the API tests then report.
 */
export function answerSerializerCompiler(options: { checkDroppedKeys: boolean }): FastifySerializerCompiler<z.ZodType> {
  const plain = createSerializerCompiler({});
  if (!options.checkDroppedKeys) return plain as FastifySerializerCompiler<z.ZodType>;
  return (route) => {
    const serialize = plain(route as never) as (data: unknown) => string;
    return (data: unknown) => {
      const text = serialize(data);
      const sent = JSON.parse(text) as unknown;
      const given = JSON.parse(JSON.stringify(data) ?? "null") as unknown;
      if (!isDeepStrictEqual(sent, given)) {
        throw new Error(`${route.method} ${route.url} answered keys its response schema does not name: ${droppedPaths(given, sent).join(", ")}`);
      }
      return text;
    };
  };
}

/** Where `sent` lacks what `given` had (the keys' paths, no values: answers may hold personal data). */
function droppedPaths(given: unknown, sent: unknown, path = "$"): string[] {
  if (Array.isArray(given) && Array.isArray(sent)) return given.flatMap((each, index) => droppedPaths(each, sent[index], `${path}[${index}]`)).slice(0, 10);
  if (given && typeof given === "object" && sent && typeof sent === "object") {
    return Object.keys(given).flatMap((key) =>
      key in sent ? droppedPaths((given as Record<string, unknown>)[key], (sent as Record<string, unknown>)[key], `${path}.${key}`) : [`${path}.${key}`],
    );
  }
  return isDeepStrictEqual(given, sent) ? [] : [`${path} (changed)`];
}

/**
 * A refusal the handler answers itself (not through a thrown DomainError): the API's one error
 * shape, `{ errors }` with what the route adds (a form's `fields`, the destinations list's `rows`, …).
 * A route's declared response schemas are for its 2xx answers; the refusals are written as they are.
 */
export function sendRefusal(reply: FastifyReply, status: number, body: ApiErrors & Record<string, unknown>): FastifyReply {
  return reply.status(status).send(body);
}

/** An answer whose status the service chose (the checkout, the payment link): a 2xx is serialized with the route's schema. */
export function sendAnswer(reply: FastifyReply, answer: { status: number; body: unknown }): FastifyReply {
  return reply.status(answer.status).send(answer.body);
}
