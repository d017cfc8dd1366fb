import { describe, expect, it } from "vitest";
import { CSRF_FIELD, REQUEST_KEY_FIELD, cookieHeaders, formFields, postedForm, readForm, refusalOf } from "./form-action.ts";

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
    const form = await readForm(
      posted([
        ["name", "山田"],
        [CSRF_FIELD, "token"],
        [REQUEST_KEY_FIELD, "key-1"],
        ["email", "a@example.jp"],
      ]),
    );
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
    const json = new Request("http://shop/inquiry", {
      method: "POST",
      body: '{"name":"a"}',
      headers: { "content-type": "application/json", "content-length": "12" },
    });
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

describe("postedForm", () => {
  it("answers the status a page's action refuses with: 413 past its bound or without a length, 400 for no form", async () => {
    expect(await postedForm(posted([["line", "1"]]), 4)).toBe(413);
    const chunked = new Request("http://shop/admin/orders/1/lines", {
      method: "POST",
      body: "line=1",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(await postedForm(chunked, 1024)).toBe(413);
    const json = new Request("http://shop/admin/orders/1/lines", {
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json", "content-length": "2" },
    });
    expect(await postedForm(json, 1024)).toBe(400);
  });

  it("reads a form within its bound", async () => {
    const form = await postedForm(
      posted([
        ["line", "1"],
        ["quantity", "2"],
      ]),
      1024,
    );
    expect(form instanceof FormData && form.get("quantity")).toBe("2");
  });
});

describe("formFields", () => {
  it("takes the token and the request key apart, blank when not posted", () => {
    const form = new FormData();
    form.append("quantity", "2");
    expect(formFields(form)).toEqual({ values: { quantity: "2" }, csrfToken: "", requestKey: "" });
    form.append(CSRF_FIELD, "t");
    form.append(REQUEST_KEY_FIELD, "k");
    expect(formFields(form)).toEqual({ values: { quantity: "2" }, csrfToken: "t", requestKey: "k" });
  });
});
