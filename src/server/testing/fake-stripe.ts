import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";

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
    cancellation_reason: null,
    customer: null,
    latest_charge: null,
    last_payment_error: null,
    metadata: {},
    next_action: null,
    payment_method: "pm_fake_1",
    payment_method_types: ["card"],
    ...fields,
  };
}

/** A Stripe event as its webhook delivers it. */
export interface StripeEventBody {
  id: string;
  object: "event";
  type: string;
  data: { object: Record<string, unknown> };
}

/**
 * Stripe's side of konbini and PayPay payments, kept as state in the fake: creating (with
 * idempotency keys as Stripe treats them), retrieving and cancelling intents, and what happens away
 * from the shop — the shopper paying at the store or never, approving in PayPay or cancelling —
 * each answered with the event Stripe's webhook would then send.
 */
export interface FakeOffsitePayments {
  /** The intent as the fake Stripe holds it now. */
  intent(id: string): Record<string, unknown>;
  payKonbini(id: string): StripeEventBody;
  /** The deadline passes unpaid: requires_payment_method and payment_intent.payment_failed. */
  expireKonbini(id: string): StripeEventBody;
  /** The shopper approves in PayPay; `returnTo` is where Stripe then sends the browser. */
  approvePayPay(id: string): { event: StripeEventBody; returnTo: string };
  cancelPayPay(id: string): { event: StripeEventBody; returnTo: string };
  /** The event's body and its Stripe-Signature header, signed with the endpoint's secret as Stripe signs it. */
  signed(event: StripeEventBody, webhookSecret: string): { payload: string; signature: string };
}

/** Answers POST /v1/payment_intents for konbini and PayPay (and GET and cancel for what it made) from now on. */
export function modelOffsitePayments(fake: FakeStripe, now: () => Date = () => new Date()): FakeOffsitePayments {
  const intents = new Map<string, Record<string, unknown>>();
  const byKey = new Map<string, { fingerprint: string; answer: StripeAnswer }>();
  let count = 0;

  const refuse = (message: string, param?: string): StripeAnswer => ({
    status: 400,
    body: { error: { type: "invalid_request_error", message, ...(param ? { param } : {}) } },
  });

  const create = (request: StripeRequest): StripeAnswer => {
    const key = String(request.headers["idempotency-key"] ?? "");
    const fingerprint = JSON.stringify(Object.entries(request.form).sort());
    const earlier = key ? byKey.get(key) : undefined;
    if (earlier) {
      if (earlier.fingerprint === fingerprint) return earlier.answer;
      return {
        status: 400,
        body: {
          error: { type: "idempotency_error", message: "Keys for idempotent requests can only be used with the same parameters they were first used with." },
        },
      };
    }
    const answer = createIntent(request.form);
    if (key) byKey.set(key, { fingerprint, answer });
    return answer;
  };

  const createIntent = (form: Record<string, string>): StripeAnswer => {
    const type = form["allowed_payment_method_types[0]"];
    const metadata = Object.fromEntries(
      Object.entries(form)
        .filter(([name]) => name.startsWith("metadata["))
        .map(([name, value]) => [name.slice("metadata[".length, -1), value]),
    );
    count += 1;
    const id = `pi_fake_${type}_${count}`;
    const base = {
      id,
      amount: Number(form.amount),
      metadata,
      status: "requires_action",
      payment_method: `pm_fake_${type}_${count}`,
      payment_method_types: [type],
    };
    let intent: Record<string, unknown>;
    if (type === "konbini") {
      if (!form["payment_method_data[billing_details][name]"] || !form["payment_method_data[billing_details][email]"]) {
        return refuse("Konbini payments require billing_details[name] and billing_details[email].", "payment_method_data[billing_details]");
      }
      const days = Number(form["payment_method_options[konbini][expires_after_days]"] ?? 3);
      const expiresAt = Math.floor(now().getTime() / 1000) + days * 86_400;
      const confirmationNumber = String(10_000_000_000 + count);
      const store = (paymentCode: string | null) => ({ confirmation_number: confirmationNumber, payment_code: paymentCode });
      intent = stripePaymentIntent({
        ...base,
        payment_method_options: { konbini: { expires_after_days: days, expires_at: null, confirmation_number: null, product_description: null } },
        next_action: {
          type: "konbini_display_details",
          konbini_display_details: {
            expires_at: expiresAt,
            hosted_voucher_url: `https://payments.stripe.com/konbini/voucher/test_fake_${count}`,
            stores: {
              familymart: store(null),
              lawson: store(`${count}`.padStart(6, "0")),
              ministop: store(`${count}`.padStart(6, "0")),
              seicomart: store(null),
            },
          },
        },
      });
    } else if (type === "paypay") {
      if (!form.return_url) return refuse("A return_url is required to confirm a PayPay payment.", "return_url");
      intent = stripePaymentIntent({
        ...base,
        return_url: form.return_url,
        next_action: {
          type: "redirect_to_url",
          redirect_to_url: { url: `https://pm-redirects.stripe.com/authorize/acct_fake/pa_nonce_${count}`, return_url: form.return_url },
        },
      });
    } else {
      return refuse("The fake models konbini and paypay payments only.", "allowed_payment_method_types");
    }
    intents.set(id, intent);
    fake.on("GET", `/v1/payment_intents/${id}`, () => ({ body: intents.get(id) }));
    fake.on("POST", `/v1/payment_intents/${id}/cancel`, () => {
      const current = intents.get(id)!;
      if (current.status === "succeeded" || current.status === "canceled") {
        return refuse(`You cannot cancel this PaymentIntent because it has a status of ${String(current.status)}.`);
      }
      return { body: update(id, { status: "canceled", cancellation_reason: "requested_by_customer", next_action: null }) };
    });
    return { body: intent };
  };

  const update = (id: string, fields: Record<string, unknown>): Record<string, unknown> => {
    const current = intents.get(id);
    if (!current) throw new Error(`The fake Stripe has no intent ${id}`);
    const next = { ...current, ...fields };
    intents.set(id, next);
    return next;
  };

  const waiting = (id: string, type: string): void => {
    const current = intents.get(id);
    if (!current || current.status !== "requires_action" || !(current.payment_method_types as string[]).includes(type)) {
      throw new Error(`The fake Stripe has no waiting ${type} intent ${id}`);
    }
  };

  const event = (type: string, object: Record<string, unknown>): StripeEventBody => {
    count += 1;
    return { id: `evt_fake_${count}`, object: "event", type, data: { object } };
  };

  const returnTo = (intent: Record<string, unknown>, status: "succeeded" | "failed"): string => {
    const url = new URL(String(intent.return_url));
    url.searchParams.set("payment_intent", String(intent.id));
    url.searchParams.set("payment_intent_client_secret", String(intent.client_secret));
    url.searchParams.set("redirect_status", status);
    return url.toString();
  };

  fake.on("POST", "/v1/payment_intents", create);

  return {
    intent: (id) => {
      const found = intents.get(id);
      if (!found) throw new Error(`The fake Stripe has no intent ${id}`);
      return found;
    },
    payKonbini(id) {
      waiting(id, "konbini");
      const intent = update(id, { status: "succeeded", amount_received: intents.get(id)!.amount, next_action: null });
      return event("payment_intent.succeeded", intent);
    },
    expireKonbini(id) {
      waiting(id, "konbini");
      const intent = update(id, {
        status: "requires_payment_method",
        next_action: null,
        last_payment_error: { type: "invalid_request_error", code: "payment_intent_payment_attempt_expired", message: "The payment attempt has expired." },
      });
      return event("payment_intent.payment_failed", intent);
    },
    approvePayPay(id) {
      waiting(id, "paypay");
      const intent = update(id, { status: "succeeded", amount_received: intents.get(id)!.amount, next_action: null });
      return { event: event("payment_intent.succeeded", intent), returnTo: returnTo(intent, "succeeded") };
    },
    cancelPayPay(id) {
      waiting(id, "paypay");
      const intent = update(id, {
        status: "requires_payment_method",
        next_action: null,
        last_payment_error: { type: "invalid_request_error", code: "payment_intent_payment_attempt_failed", message: "The customer cancelled the payment." },
      });
      return { event: event("payment_intent.payment_failed", intent), returnTo: returnTo(intent, "failed") };
    },
    signed(body, webhookSecret) {
      const payload = JSON.stringify(body);
      return { payload, signature: Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }) };
    },
  };
}

/** The shop's Stripe settings pointing at the fake at `apiBase`, with a test file's own keys. */
export function fakeStripeEnvironment(keys: { secretKey: string; publishableKey: string; webhookSecret: string }, apiBase: string) {
  return {
    STRIPE_SECRET_KEY: keys.secretKey,
    STRIPE_PUBLISHABLE_KEY: keys.publishableKey,
    STRIPE_WEBHOOK_SECRET: keys.webhookSecret,
    STRIPE_API_BASE: apiBase,
  };
}
