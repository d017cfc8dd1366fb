import { expect } from "vitest";
import type { TestApp } from "./test-app.ts";

// The links the shop mails (confirmations, magazine sign-ups, back-in-stock notices) are followed
// in tests as a shopper clicks them: the path and query, injected into the test app.

/** The path and query of the first link in `text` whose URL contains `fragment`. */
export function linkIn(text: string, fragment: string): string {
  const link = text.match(/https?:\/\/\S+/g)?.find((url) => url.includes(fragment));
  expect(link, `a link with ${fragment}`).toBeDefined();
  const url = new URL(link!);
  return url.pathname + url.search;
}

/** The same link in the newest mail to `to`, which must have been sent. */
export async function linkInMail(shop: Pick<TestApp, "mailsTo">, to: string, fragment: string): Promise<string> {
  const [mail] = await shop.mailsTo(to);
  expect(mail, `a mail to ${to}`).toBeDefined();
  return linkIn(mail!.text, fragment);
}
