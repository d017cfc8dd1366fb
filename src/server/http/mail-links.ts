import { z } from "zod";
import { lineText } from "../../domain/input-rules.ts";
import type { Locale } from "../../domain/locale.ts";
import { queryValue } from "./route-schemas.ts";

// What the routes behind a mail's link share (account confirmation, the magazine's opt-in and
// unsubscribe, 再入荷のお知らせ): the token it carries, and the page it lands on.

/** A mail link's token posted back by its page. */
export const tokenBody = z.object({ token: lineText(200) });

/** The mail links' ?token=, as sent. */
export const tokenQuery = z.object({ token: queryValue });

/** Pages a mail link lands on, in the language of the mail. */
export function pageInLocale(locale: Locale, path: string): string {
  return `/locale/${locale}?to=${encodeURIComponent(path)}`;
}
