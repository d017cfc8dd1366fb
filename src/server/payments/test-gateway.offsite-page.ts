import { formatDateTime, formatYen } from "../../domain/format.ts";
import type { Locale } from "../../domain/locale.ts";
import { escapeHtml } from "../mail/mail-layout.ts";
import { TEST_GATEWAY_STYLE } from "./test-gateway.page.ts";
import type { OffsiteIntent } from "./test-gateway.ts";
import { gatewayText } from "./test-gateway.texts.ts";

// The test gateway's pages for payments finished away from the checkout: the konbini voucher
// (/test-gateway/konbini/:id, what Stripe's hosted voucher page shows, plus buttons that play the
// store's till and the deadline) and PayPay's approval (/test-gateway/paypay/:id, in place of the
// PayPay app). Plain HTML with one small script (CSP nonce) that posts the choice with the CSRF token.

const STYLE = `${TEST_GATEWAY_STYLE}
dl{display:grid;grid-template-columns:auto 1fr;gap:.25rem 1rem;margin:0 0 1rem;padding:.75rem;background:#fff;border:1px solid #c9d2de;border-radius:4px}
dt{font-weight:700}
dd{margin:0;font-variant-numeric:tabular-nums}
.number{font-size:1.25rem;letter-spacing:.08em}
ol{margin:0 0 1rem;padding-left:1.25rem}
section.test{margin-top:1.5rem;padding:.75rem;border:2px dashed #8a4b00;border-radius:4px;background:#fff8ef}
h2{font-size:1rem;margin:0 0 .5rem}
`;

/** Posts `{ [keyName]: key, result }` to the page's own path, then reloads or follows `returnTo`. */
const SCRIPT = `
(function () {
  var box = document.getElementById("actions");
  if (!box) return;
  var outcome = document.getElementById("outcome");
  box.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-result]");
    if (!button) return;
    var buttons = box.querySelectorAll("button");
    buttons.forEach(function (each) { each.disabled = true; });
    var body = { result: button.dataset.result };
    body[box.dataset.keyName] = box.dataset.key;
    fetch(window.location.pathname, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "content-type": "application/json",
        "x-csrf-token": document.querySelector('meta[name="csrf-token"]').content
      },
      body: JSON.stringify(body)
    })
      .then(function (response) { return response.ok ? response.json() : Promise.reject(response.status); })
      .then(function (intent) {
        if (intent.returnTo) window.location.assign(intent.returnTo);
        else window.location.reload();
      })
      .catch(function () {
        buttons.forEach(function (each) { each.disabled = false; });
        outcome.textContent = outcome.dataset.error;
      });
  });
})();
`;

type Text = (key: Parameters<typeof gatewayText>[0], params?: Record<string, string>) => string;

interface PageInput {
  locale: Locale;
  csrfToken: string;
  nonce: { script?: string | undefined; style?: string | undefined };
}

function page(input: PageInput, title: string, body: string[]): string {
  const attribute = (value: string | undefined) => (value ? ` nonce="${escapeHtml(value)}"` : "");
  const t: Text = (key, params) => escapeHtml(gatewayText(key, input.locale, params));
  return [
    "<!doctype html>",
    `<html lang="${input.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<meta name="robots" content="noindex"><meta name="csrf-token" content="${escapeHtml(input.csrfToken)}">`,
    `<title>${title}</title><style${attribute(input.nonce.style)}>${STYLE}</style></head>`,
    `<body><main><p class="badge">${t("challengeTestMode")}</p><h1>${title}</h1>`,
    ...body,
    `<p id="outcome" role="status" data-error="${t("actionError")}"></p>`,
    `</main><script${attribute(input.nonce.script)}>${SCRIPT}</script></body></html>`,
  ].join("\n");
}

export function konbiniVoucherPage(input: PageInput & { intent: OffsiteIntent | null; token: string }): string {
  const { intent, locale } = input;
  const t: Text = (key, params) => escapeHtml(gatewayText(key, locale, params));
  const voucher = intent?.konbini;
  if (!intent || !voucher) return page(input, t("konbiniTitle"), [`<p>${t("konbiniGone")}</p>`]);
  const state =
    intent.status === "succeeded"
      ? t("konbiniPaid")
      : intent.status === "requires_payment_method"
        ? t("konbiniExpired")
        : intent.status === "canceled"
          ? t("konbiniCanceled")
          : null;
  const details = [
    `<dl>`,
    `<dt>${t("konbiniAmount")}</dt><dd>${escapeHtml(formatYen(intent.amount, locale))}</dd>`,
    `<dt>${t("konbiniConfirmationNumber")}</dt><dd class="number" data-testid="confirmation-number">${escapeHtml(voucher.confirmationNumber)}</dd>`,
    voucher.paymentCode ? `<dt>${t("konbiniPaymentCode")}</dt><dd class="number">${escapeHtml(voucher.paymentCode)}</dd>` : "",
    `<dt>${t("konbiniDeadline")}</dt><dd data-testid="deadline">${escapeHtml(formatDateTime(voucher.expiresAt, locale))}</dd>`,
    `</dl>`,
  ];
  const body = state
    ? [`<p class="state">${state}</p>`, ...details]
    : [
        `<p>${t("konbiniLead")}</p>`,
        ...details,
        `<h2>${t("konbiniHowToTitle")}</h2>`,
        `<ol><li>${t("konbiniHowToStores")}</li><li>${t("konbiniHowToRegister")}</li><li>${t("konbiniHowToNumbers")}</li><li>${t("konbiniHowToPay")}</li></ol>`,
        `<section class="test"><h2>${t("konbiniTestTitle")}</h2><p>${t("konbiniTestLead")}</p>`,
        `<div class="actions" id="actions" data-key-name="token" data-key="${escapeHtml(input.token)}">`,
        `<button type="button" class="complete" data-result="paid">${t("konbiniPay")}</button>`,
        `<button type="button" class="fail" data-result="expired">${t("konbiniExpire")}</button>`,
        `</div></section>`,
      ];
  return page(input, t("konbiniTitle"), [`<p>${t("testModeNotice")}</p>`, ...body]);
}

export function payPayApprovalPage(input: PageInput & { intent: OffsiteIntent | null; clientSecret: string }): string {
  const { intent, locale } = input;
  const t: Text = (key, params) => escapeHtml(gatewayText(key, locale, params));
  if (!intent || intent.status !== "requires_action") {
    const back = intent?.returnTo ? [`<p><a href="${escapeHtml(intent.returnTo)}">${t("paypayBack")}</a></p>`] : [];
    return page(input, t("paypayTitle"), [`<p>${t("paypayGone")}</p>`, ...back]);
  }
  return page(input, t("paypayTitle"), [
    `<p>${t("paypayLead")}</p>`,
    `<p class="subject">${t("paypayAmount", { amount: formatYen(intent.amount, locale) })}</p>`,
    `<div class="actions" id="actions" data-key-name="client_secret" data-key="${escapeHtml(input.clientSecret)}">`,
    `<button type="button" class="complete" data-result="approve">${t("paypayApprove")}</button>`,
    `<button type="button" class="fail" data-result="cancel">${t("paypayCancel")}</button>`,
    `</div>`,
  ]);
}
