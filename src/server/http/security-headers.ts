import { randomBytes } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { FastifyInstance, FastifyReply } from "fastify";
import helmet from "helmet";

/** The raw response carries this answer's nonce for helmet's directive function below. */
type NoncedResponse = ServerResponse & { cspNonce?: string };
const thisAnswersNonce = (_request: IncomingMessage, response: ServerResponse): string => `'nonce-${(response as NoncedResponse).cspNonce ?? ""}'`;

/**
 * Security headers with a per-response CSP nonce for scripts, so no inline script runs unless the
 * server wrote it. The Vite dev server injects its own scripts and runs without CSP.
 *
 * helmet's middleware is built once, here; the nonce reaches it through a directive function it
 * calls per response (helmet's documented way). @fastify/helmet, used before, built a new helmet
 * middleware from the options on every request: a quarter of the server's CPU for an API answer
 * in a profile under load.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { https: boolean; trustProxy?: boolean; contentSecurityPolicy: boolean; stripe?: boolean },
): Promise<void> {
  // Stripe.js, its card field frames and the API it calls (https://docs.stripe.com/security/guide#content-security-policy),
  // allowed only when the shop takes cards through Stripe.
  const stripe = options.stripe
    ? {
        script: ["https://js.stripe.com", "https://*.js.stripe.com"],
        frame: ["https://js.stripe.com", "https://*.js.stripe.com", "https://hooks.stripe.com"],
        connect: ["https://api.stripe.com"],
      }
    : { script: [], frame: [], connect: [] };
  const setHeaders = helmet({
    contentSecurityPolicy: options.contentSecurityPolicy
      ? {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", ...stripe.script, thisAnswersNonce],
            // The nonce is for the <style> of the pages the server writes itself (the mailbox).
            styleSrc: ["'self'", thisAnswersNonce],
            // React sets style attributes (progress bar width); they cannot carry a nonce.
            styleSrcAttr: ["'unsafe-inline'"],
            imgSrc: ["'self'", "data:", "blob:"],
            fontSrc: ["'self'"],
            connectSrc: ["'self'", ...stripe.connect],
            frameSrc: ["'self'", ...stripe.frame],
            frameAncestors: ["'none'"],
            formAction: ["'self'"],
            baseUri: ["'self'"],
            objectSrc: ["'none'"],
            ...(options.https ? { upgradeInsecureRequests: [] } : {}),
          },
        }
      : false,
    // Set per request below: HSTS must not go out over plain HTTP (RFC 6797 §7.2).
    strictTransportSecurity: false,
    // Matches frame-ancestors 'none' for browsers that only know the older header.
    xFrameOptions: { action: "deny" },
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  app.decorateReply("cspNonce", null);
  app.addHook("onRequest", (request, reply, done) => {
    if (options.contentSecurityPolicy) {
      const nonce = randomBytes(16).toString("hex");
      reply.cspNonce = { script: nonce, style: nonce };
      (reply.raw as NoncedResponse).cspNonce = nonce;
    }
    setHeaders(request.raw, reply.raw, (error?: unknown) => done(error instanceof Error ? error : undefined));
  });
  if (options.https) {
    // Behind a trusted proxy, X-Forwarded-Proto says whether this request came over TLS; without
    // TRUST_PROXY nothing tells, and the https PUBLIC_URL is taken at its word.
    const trustProxy = options.trustProxy ?? false;
    app.addHook("onRequest", async (request, reply) => {
      if (request.protocol === "https" || !trustProxy) reply.header("strict-transport-security", "max-age=31536000; includeSubDomains");
    });
  }
}

/**
 * Lets one page of this site be shown in a frame of this site (the test gateway's 3-D Secure
 * challenge in the payment dialog): frame-ancestors 'self' instead of 'none' for this response only.
 */
export function allowFramingBySelf(reply: FastifyReply): void {
  const policy = reply.getHeader("content-security-policy");
  if (typeof policy === "string") reply.header("content-security-policy", policy.replace("frame-ancestors 'none'", "frame-ancestors 'self'"));
  reply.header("x-frame-options", "SAMEORIGIN");
}

declare module "fastify" {
  interface FastifyReply {
    /** This answer's CSP nonce (one value for scripts and styles); null when the CSP is off (development). */
    cspNonce: { script: string; style: string } | null;
  }
}
