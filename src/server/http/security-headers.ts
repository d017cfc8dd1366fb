import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/**
 * Security headers with a per-response CSP nonce for scripts, so no inline script runs unless the
 * server wrote it. The Vite dev server injects its own scripts and runs without CSP.
 */
export async function registerSecurityHeaders(
  app: FastifyInstance,
  options: { https: boolean; contentSecurityPolicy: boolean },
): Promise<void> {
  await app.register(helmet, {
    enableCSPNonces: options.contentSecurityPolicy,
    contentSecurityPolicy: options.contentSecurityPolicy
      ? {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'"],
            styleSrc: ["'self'"],
            // React sets style attributes (progress bar width); they cannot carry a nonce.
            styleSrcAttr: ["'unsafe-inline'"],
            imgSrc: ["'self'", "data:", "blob:"],
            fontSrc: ["'self'"],
            connectSrc: ["'self'"],
            frameAncestors: ["'none'"],
            formAction: ["'self'"],
            baseUri: ["'self'"],
            objectSrc: ["'none'"],
            ...(options.https ? { upgradeInsecureRequests: [] } : {}),
          },
        }
      : false,
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
}
