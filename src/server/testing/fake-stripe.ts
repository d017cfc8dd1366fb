import http from "node:http";
import type { AddressInfo } from "node:net";

/** One request as the fake Stripe received it: the form-encoded body flattened ("metadata[orderId]" → "42"). */
export interface StripeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: http.IncomingHttpHeaders;
  form: Record<string, string>;
}

export interface StripeAnswer {
  status?: number;
  body: unknown;
}

type Responder = (request: StripeRequest) => StripeAnswer;

export interface FakeStripe {
  /** http://127.0.0.1:port, for STRIPE_API_BASE or the gateway's apiBase. */
  url: string;
  requests: StripeRequest[];
  /** Answers `method path` (exact path, no query) with `responder` from now on. */
  on(method: string, path: string, responder: Responder | StripeAnswer): void;
  close(): Promise<void>;
}

/**
 * A local stand-in for api.stripe.com (Stripe is unreachable from the tests): it records every
 * request and answers what the test told it to, in Stripe's wire format. Only the secret key it
 * was started with is accepted, as Stripe would.
 */
export async function startFakeStripe(secretKey: string): Promise<FakeStripe> {
  const requests: StripeRequest[] = [];
  const responders = new Map<string, Responder>();
  const server = http.createServer((incoming, outgoing) => {
    let raw = "";
    incoming.setEncoding("utf8");
    incoming.on("data", (chunk: string) => (raw += chunk));
    incoming.on("end", () => {
      const url = new URL(incoming.url ?? "/", "http://fake.stripe");
      const request: StripeRequest = {
        method: incoming.method ?? "GET",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: incoming.headers,
        form: Object.fromEntries(new URLSearchParams(raw)),
      };
      requests.push(request);
      const answer: StripeAnswer =
        incoming.headers.authorization !== `Bearer ${secretKey}`
          ? { status: 401, body: { error: { type: "invalid_request_error", message: "Invalid API Key provided" } } }
          : (responders.get(`${request.method} ${request.path}`)?.(request) ?? {
              status: 404,
              body: { error: { type: "invalid_request_error", message: `Unrecognized request URL (${request.method}: ${request.path})` } },
            });
      outgoing.writeHead(answer.status ?? 200, { "content-type": "application/json", "request-id": `req_fake_${requests.length}` });
      outgoing.end(JSON.stringify(answer.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    on(method, path, responder) {
      responders.set(`${method} ${path}`, typeof responder === "function" ? responder : () => responder);
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A PaymentIntent as Stripe's API answers it, with what the adapter reads. */
export function stripePaymentIntent(fields: Record<string, unknown> = {}): Record<string, unknown> {
  const id = (fields.id as string | undefined) ?? "pi_fake_1";
  return {
    id,
    object: "payment_intent",
    amount: 3300,
    amount_received: 0,
    currency: "jpy",
    status: "succeeded",
    client_secret: `${id}_secret_fake`,
    confirmation_method: "automatic",
    customer: null,
    latest_charge: null,
    last_payment_error: null,
    metadata: {},
    next_action: null,
    payment_method: "pm_fake_1",
    ...fields,
  };
}
