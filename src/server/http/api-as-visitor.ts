import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ApiAnswer, PageContext } from "../../web/load-context.ts";
import { CSRF_HEADER } from "./csrf.ts";
import { SESSION_COOKIE } from "./session.ts";

type ApiCall = PageContext["api"];

/** The API paths a page's action may call: the shop's (answered in the page's locale) and the back office's. */
const SHOP_API = /^\/api\//;
const BACK_OFFICE_API = /^\/admin\/api\//;

/**
 * The visitor's cookies, with the session this request runs under: a visitor who came without a
 * (valid) session cookie was given one by this request (session.ts), and the API call must see
 * that session, not make up a third.
 */
function cookieHeader(request: FastifyRequest): string {
  const others = (request.headers.cookie ?? "")
    .split(";")
    .map((part) => part.trim())
    .filter((part) => part !== "" && !part.startsWith(`${SESSION_COOKIE}=`));
  return [`${SESSION_COOKIE}=${request.sessionId}`, ...others].join("; ");
}

/**
 * PageContext.api for one page request (decision 052): the API route runs through `app.inject`,
 * so it is the very route the browser's fetch reaches, with every hook (session, CSRF, input
 * guard, declared schema, rate limit) and the same answer. The call is the visitor's: their
 * cookies, the page's locale and their address (`remoteAddress`, which Fastify takes as the
 * client's when no X-Forwarded-For is sent, so rate limits count the real client behind a proxy
 * too). The token the form posted goes in the CSRF header; without it a state-changing call is
 * refused as a forged fetch would be.
 */
export function apiAsVisitor(app: FastifyInstance, request: FastifyRequest): ApiCall {
  return async (method, path, body, options = {}): Promise<ApiAnswer> => {
    let url: string;
    if (SHOP_API.test(path)) url = `/${request.locale}${path}`;
    else if (BACK_OFFICE_API.test(path)) url = path;
    else throw new Error(`not an API path: ${path}`);
    const answer = await app.inject({
      method,
      url,
      remoteAddress: request.ip,
      headers: {
        cookie: cookieHeader(request),
        accept: "application/json",
        ...(request.headers["user-agent"] ? { "user-agent": request.headers["user-agent"] } : {}),
        ...(options.csrfToken === undefined ? {} : { [CSRF_HEADER]: options.csrfToken }),
        // The key the form carried (one per rendered form), so a form posted twice is booked once (decision 049).
        ...(options.requestKey === undefined ? {} : { "idempotency-key": options.requestKey }),
      },
      ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
    });
    const setCookie = answer.headers["set-cookie"];
    const isJson = String(answer.headers["content-type"] ?? "").includes("application/json");
    return {
      status: answer.statusCode,
      body: isJson && answer.body !== "" ? (JSON.parse(answer.body) as unknown) : undefined,
      setCookies: setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [String(setCookie)],
    };
  };
}
