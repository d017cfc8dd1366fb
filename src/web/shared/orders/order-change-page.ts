import { data } from "react-router";
import type { RouterContextProvider } from "react-router";
import { pageContext } from "../../load-context.ts";
import { formAction } from "../site/form-action.ts";

/**
 * My Page's order-change pages (decision 074: /mypage/orders/{id}/delivery, /recipient, /gift) share
 * one shape: the loader reads GET /api/orders/{id}/{what} as the member (another member's order or an
 * unknown one is the API's 404) with a new request key per drawing, and the form posts to the page's
 * action, which hands it to POST /api/orders/{id}/{what} with that key (a resent form is booked once)
 * and shows the page again with ?changed=1, or the API's messages under the fields.
 */
export type OrderChange = "delivery" | "recipient" | "gift";

interface PageArgs {
  context: Readonly<RouterContextProvider>;
  params: { id?: string };
}

export async function orderChangeLoader<Options>({ context, params }: PageArgs, what: OrderChange): Promise<{ options: Options; requestKey: string }> {
  const answer = await context.get(pageContext).api("GET", `/api/orders/${encodeURIComponent(params.id ?? "")}/${what}`);
  if (answer.status !== 200) throw data(null, { status: answer.status });
  return { options: (answer.body as { data: Options }).data, requestKey: crypto.randomUUID() };
}

/** The page's action: the form's fields as the API's body (`bodyOf`), posted with the form's request key. */
export function orderChangeAction(args: PageArgs & { request: Request }, what: OrderChange, bodyOf: (values: Record<string, string>) => unknown) {
  const id = encodeURIComponent(args.params.id ?? "");
  return formAction(
    args,
    (values) => ({ method: "POST", path: `/api/orders/${id}/${what}`, body: bodyOf(values), keyed: true }),
    () => ({ redirectTo: `/mypage/orders/${id}/${what}?changed=1` }),
  );
}
