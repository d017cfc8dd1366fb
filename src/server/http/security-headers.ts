import helmet from "@fastify/helmet";
import type { FastifyInstance, FastifyReply } from "fastify";

/**
 * Security headers with a per-response CSP nonce for scripts, so no inline script runs unless the
 * server wrote it. The Vite dev server injects its own scripts and runs without CSP.
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
  await app.register(helmet, {
    enableCSPNonces: options.contentSecurityPolicy,
    contentSecurityPolicy: options.contentSecurityPolicy
      ? {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'", ...stripe.script],
            styleSrc: ["'self'"],
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
