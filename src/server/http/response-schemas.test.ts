import { describe, expect, it } from "vitest";
import { z } from "zod";
import { wireTime } from "../../domain/answers/common.ts";
import { answerSerializerCompiler } from "./response-schemas.ts";

const schema = z.object({ data: z.object({ id: z.string(), at: wireTime }) });
const route = { schema, method: "GET", url: "/api/example", httpStatus: "200" };

function serializer(checkDroppedKeys: boolean) {
  return answerSerializerCompiler({ checkDroppedKeys })(route as never) as (data: unknown) => string;
}

describe("answers serialized with their response schemas", () => {
  it("writes the answer as JSON, a time as its ISO text", () => {
    const at = new Date("2026-11-27T01:02:03.000Z");
    expect(JSON.parse(serializer(true)({ data: { id: "7", at } }))).toEqual({ data: { id: "7", at: "2026-11-27T01:02:03.000Z" } });
    expect(JSON.parse(serializer(true)({ data: { id: "7", at: "2026-11-27T01:02:03.000Z" } }))).toEqual({ data: { id: "7", at: "2026-11-27T01:02:03.000Z" } });
  });

  it("outside production, refuses an answer with a key its schema does not name, naming the key but no value", () => {
    const answer = { data: { id: "7", at: "2026-11-27T01:02:03.000Z", email: "someone@example.com" } };
    expect(() => serializer(true)(answer)).toThrow(/GET \/api\/example .*\$\.data\.email/);
    expect(() => serializer(true)(answer)).not.toThrow(/someone@example\.com/);
  });

  it("in production, drops the key as zod does", () => {
    const answer = { data: { id: "7", at: "2026-11-27T01:02:03.000Z", email: "someone@example.com" } };
    expect(JSON.parse(serializer(false)(answer))).toEqual({ data: { id: "7", at: "2026-11-27T01:02:03.000Z" } });
  });

  it("refuses an answer of the wrong shape in every process", () => {
    expect(() => serializer(false)({ data: { id: 7, at: "x" } })).toThrow();
    expect(() => serializer(true)({ data: { id: 7, at: "x" } })).toThrow();
  });
});
