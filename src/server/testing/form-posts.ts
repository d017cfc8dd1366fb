import type { FastifyInstance } from "fastify";
import type { Locale } from "../../domain/locale.ts";
import { LOCALE_COOKIE } from "../../domain/locale.ts";
import { CSRF_HEADER } from "../http/csrf.ts";
import type { BrowserSession } from "./test-app.ts";

/**
 * A browser without JavaScript posting a page's form (decision 052): the fields urlencoded, the
 * session cookie and the language cookie, and the page's token in the hidden `_csrf` field unless
 * the test leaves it out (`csrf: null`) or sends another one.
 */
export async function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  options: {
    session: BrowserSession;
    locale?: Locale;
    csrf?: string | null;
    remoteAddress?: string;
    /** The client's address as a reverse proxy passes it on (X-Forwarded-For). */
    forwardedFor?: string;
  },
) {
  const token = options.csrf === undefined ? options.session.headers[CSRF_HEADER] : options.csrf;
  const body = new URLSearchParams(token === null || token === undefined ? fields : { _csrf: token, ...fields });
  return app.inject({
    method: "POST",
    url,
    remoteAddress: options.remoteAddress ?? "127.0.0.1",
    headers: {
      cookie: `${options.session.cookie}; ${LOCALE_COOKIE}=${options.locale ?? "ja"}`,
      "content-type": "application/x-www-form-urlencoded",
      ...(options.forwardedFor ? { "x-forwarded-for": options.forwardedFor } : {}),
    },
    payload: body.toString(),
  });
}

/** The value a page's input of this name shows (its `value` attribute), or undefined. */
export function inputValue(html: string, name: string): string | undefined {
  const input = new RegExp(`<input[^>]*\\bname="${name}"[^>]*>`).exec(html)?.[0];
  return input ? /\bvalue="([^"]*)"/.exec(input)?.[1] : undefined;
}

/** The text a page shows to a reader, with tags removed (HTML entities of the shop's messages decoded). */
export function visibleText(html: string): string {
  return html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<style[\s\S]*?<\/style>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replaceAll("&#x27;", "'")
    .replaceAll("&quot;", '"')
    .replaceAll("&amp;", "&")
    .replace(/\s+/g, " ");
}
