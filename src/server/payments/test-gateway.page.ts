import { formatYen } from "../../domain/format.ts";
import type { Locale } from "../../domain/locale.ts";
import { escapeHtml } from "../mail/mail-layout.ts";
import type { BrowserIntent } from "./test-gateway.ts";
import { gatewayText } from "./test-gateway.texts.ts";

// The test gateway's 3-D Secure challenge (/test-gateway/3ds/:id): the page a card issuer would
// show, served by the fake gateway itself. The payment dialog shows it in a frame; opened on its
// own it works too. Plain HTML with one small script (CSP nonce) that sends the choice and tells
// the framing page the outcome with postMessage.

export const TEST_GATEWAY_STYLE = `
body{margin:0;font-family:"Hiragino Kaku Gothic ProN","Hiragino Sans","Yu Gothic",Meiryo,"Noto Sans JP",sans-serif;color:#1d2733;background:#f4f6f9;line-height:1.6}
main{max-width:28rem;margin:0 auto;padding:1.25rem 1rem}
.badge{display:inline-block;margin:0 0 .75rem;padding:.125rem .5rem;border-radius:999px;background:#8a4b00;color:#fff;font-size:.75rem;font-weight:700;letter-spacing:.06em}
h1{font-size:1.25rem;margin:0 0 .5rem}
p{margin:0 0 .75rem}
.subject{font-weight:700}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1rem}
button{min-height:2.75rem;padding:.5rem 1rem;border-radius:4px;border:1px solid #1f4f8f;font:inherit;font-weight:700;cursor:pointer}
button.complete{background:#1f4f8f;color:#fff}
button.fail{background:#fff;color:#1f4f8f}
button:disabled{opacity:.6;cursor:progress}
button:focus-visible{outline:3px solid #1f5fbf;outline-offset:2px}
#outcome:empty{display:none}
#outcome{padding:.75rem;border-left:4px solid #1f4f8f;background:#fff}
`;

const SCRIPT = `
(function () {
  var box = document.getElementById("challenge");
  var outcome = document.getElementById("outcome");
  var framed = window.parent !== window;
  function tell(intent) {
    if (framed) window.parent.postMessage({ source: "kura-test-gateway", id: intent.id, status: intent.status }, window.location.origin);
  }
  function finish(intent) {
    if (box) box.hidden = true;
    var said = intent.status === "succeeded" ? outcome.dataset.completed : outcome.dataset.failed;
    outcome.textContent = framed ? said : said + " " + outcome.dataset.done;
    tell(intent);
  }
  if (!box) {
    if (outcome.dataset.intent) tell(JSON.parse(outcome.dataset.intent));
    return;
  }
  box.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-result]");
    if (!button) return;
    var buttons = box.querySelectorAll("button");
    buttons.forEach(function (each) { each.disabled = true; });
    fetch(window.location.pathname, {
      method: "POST",
      credentials: "same-origin",
      headers: {
        "content-type": "application/json",
        "x-csrf-token": document.querySelector('meta[name="csrf-token"]').content
      },
      body: JSON.stringify({ client_secret: box.dataset.clientSecret, result: button.dataset.result })
    })
      .then(function (response) { return response.ok ? response.json() : Promise.reject(response.status); })
      .then(finish)
      .catch(function () {
        buttons.forEach(function (each) { each.disabled = false; });
        outcome.textContent = outcome.dataset.error;
      });
  });
})();
`;

export interface ChallengePageInput {
  intent: BrowserIntent | null;
  clientSecret: string;
  locale: Locale;
  csrfToken: string;
  nonce: { script?: string | undefined; style?: string | undefined };
}

export function challengePage({ intent, clientSecret, locale, csrfToken, nonce }: ChallengePageInput): string {
  const t = (key: Parameters<typeof gatewayText>[0], params?: Record<string, string>) => escapeHtml(gatewayText(key, locale, params));
  const attribute = (value: string | undefined) => (value ? ` nonce="${escapeHtml(value)}"` : "");
  const waiting = intent?.status === "requires_action";
  const subject = intent?.kind === "payment_intent" ? t("challengePayment", { amount: formatYen(intent.amount, locale) }) : t("challengeSetup");
  const outcomeData = [
    `data-completed="${t("challengeCompleted")}"`,
    `data-failed="${t("challengeFailed")}"`,
    `data-done="${t("challengeDone")}"`,
    `data-error="${t("challengeError")}"`,
    // An intent that already ended is told to the framing page at once, so its dialog closes.
    intent && !waiting ? `data-intent="${escapeHtml(JSON.stringify({ id: intent.id, status: intent.status }))}"` : "",
  ].join(" ");
  const body = waiting
    ? [
        `<p>${t("challengeLead")}</p>`,
        `<p class="subject">${subject}</p>`,
        `<div class="actions" id="challenge" data-client-secret="${escapeHtml(clientSecret)}">`,
        `<button type="button" class="complete" data-result="complete">${t("challengeComplete")}</button>`,
        `<button type="button" class="fail" data-result="fail">${t("challengeFail")}</button>`,
        `</div>`,
        `<p id="outcome" role="status" ${outcomeData}></p>`,
      ]
    : [`<p id="outcome" role="status" ${outcomeData}>${t("challengeGone")}</p>`];
  return [
    "<!doctype html>",
    `<html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">`,
    `<meta name="robots" content="noindex"><meta name="csrf-token" content="${escapeHtml(csrfToken)}">`,
    `<title>${t("challengeTitle")}</title><style${attribute(nonce.style)}>${TEST_GATEWAY_STYLE}</style></head>`,
    `<body><main><p class="badge">${t("challengeTestMode")}</p><h1>${t("challengeTitle")}</h1>`,
    ...body,
    `</main><script${attribute(nonce.script)}>${SCRIPT}</script></body></html>`,
  ].join("\n");
}
