import { data } from "react-router";
import type { Route } from "./+types/pay";
import type { PaymentLinkView } from "../../domain/payment-link.ts";
import { PaymentLinkPage } from "../features/payment-link/payment-link-page.tsx";
import { pageContext } from "../load-context.ts";
import { pageTitle } from "../page-meta.ts";
import "../i18n/orders-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return [...pageTitle(matches, "payLink.pageTitle"), { name: "robots", content: "noindex" }];
}

/**
 * The order a payment link names, read with the page (decision 082): a tampered or unknown token is
 * the API's 404 and this page's not-found page, never another order.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  const answer = await page.api("GET", `/api/pay/${encodeURIComponent(params.token)}`);
  if (answer.status !== 200) throw data(null, { status: answer.status === 404 ? 404 : answer.status });
  return { view: (answer.body as { data: PaymentLinkView }).data, token: params.token, payments: page.payments };
}

/** /pay/{token}: a card order awaiting payment, paid by the customer by card (no sign-in). */
export default function Pay({ loaderData }: Route.ComponentProps) {
  return <PaymentLinkPage view={loaderData.view} token={loaderData.token} payments={loaderData.payments} />;
}
