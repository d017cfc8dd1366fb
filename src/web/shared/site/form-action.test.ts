import { describe, expect, it } from "vitest";
import { CSRF_FIELD, REQUEST_KEY_FIELD, cookieHeaders, readForm, refusalOf } from "./form-action.ts";

// What a route action reads of a form posted before or without JavaScript (decisions 052, 059).

function posted(fields: [string, string][], headers: Record<string, string> = {}): Request {
  const body = new URLSearchParams(fields).toString();
  return new Request("http://shop/inquiry", {
    method: "POST",
    body,
    headers: { "content-type": "application/x-www-form-urlencoded", "content-length": String(Buffer.byteLength(body)), ...headers },
  });
}

describe("readForm", () => {
  it("takes the token and the request key apart from the form's own fields", async () => {
    const form = await readForm(posted([["name", "山田"], [CSRF_FIELD, "token"], [REQUEST_KEY_FIELD, "key-1"], ["email", "a@example.jp"]]));
    expect(form).toEqual({ values: { name: "山田", email: "a@example.jp" }, csrfToken: "token", requestKey: "key-1" });
  });

  it("reads a form without token or key with both blank", async () => {
    expect(await readForm(posted([["q", "酒"]]))).toEqual({ values: { q: "酒" }, csrfToken: "", requestKey: "" });
  });

  it("refuses a body whose length is not given, is nothing, or is larger than any form", async () => {
    const chunked = new Request("http://shop/inquiry", { method: "POST", body: "name=a", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(await readForm(chunked)).toBeNull();
    expect(await readForm(posted([], { "content-length": "0" }))).toBeNull();
    expect(await readForm(posted([["name", "a"]], { "content-length": String(10 * 1024 * 1024) }))).toBeNull();
  });

  it("refuses a body that is no form", async () => {
    const json = new Request("http://shop/inquiry", { method: "POST", body: '{"name":"a"}', headers: { "content-type": "application/json", "content-length": "12" } });
    expect(await readForm(json)).toBeNull();
  });

  it("leaves out uploaded files", async () => {
    const data = new FormData();
    data.append("note", "こんにちは");
    data.append("file", new Blob(["x"]), "x.txt");
    const request = new Request("http://shop/upload", { method: "POST", body: data });
    const length = (await request.clone().arrayBuffer()).byteLength;
    const withLength = new Request(request, { headers: { "content-type": request.headers.get("content-type")!, "content-length": String(length) } });
    expect((await readForm(withLength))?.values).toEqual({ note: "こんにちは" });
  });
});

describe("refusalOf", () => {
  it("is the action's refusal, and nothing for an accepted post or none", () => {
    const refusal = { ok: false as const, errors: ["お名前を入力してください"], fields: { name: ["お名前を入力してください"] }, values: {} };
    expect(refusalOf(refusal)).toBe(refusal);
    expect(refusalOf({ ok: true, shown: "done" })).toBeUndefined();
    expect(refusalOf(undefined)).toBeUndefined();
  });
});

describe("cookieHeaders", () => {
  it("sets every cookie the API answered, each on its own header line", () => {
    const headers = cookieHeaders(["a=1; Path=/", "b=2; Path=/"]);
    expect(headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });
});
