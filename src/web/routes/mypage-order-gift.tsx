import type { Route } from "./+types/mypage-order-gift";
import type { GiftChangeOptions } from "../../domain/order-changes.ts";
import { giftChangeBodyOf } from "../../domain/order-changes.ts";
import { GiftChangeFields, GiftCurrent } from "../shared/orders/gift-change-fields.tsx";
import { orderChangeAction, orderChangeLoader } from "../shared/orders/order-change-page.ts";
import { refusalOf } from "../shared/site/form-action.ts";
import { OrderChangeFrame } from "../shared/orders/order-change-frame.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import "../i18n/orders-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "orderGift.title");
}

/** The order's gift options and what may be chosen, read with the page. */
export async function loader(args: Route.LoaderArgs) {
  return orderChangeLoader<GiftChangeOptions>(args, "gift");
}

/** The form's post: its boxes and fields as the checkout's gift payload, POST /api/orders/{id}/gift with the form's key. */
export async function action(args: Route.ActionArgs) {
  return orderChangeAction(args, "gift", giftChangeBodyOf);
}

/**
 * /mypage/orders/{id}/gift: the member changes the gift options (のし, 名入れ, wrapping, message card,
 * no prices on the delivery note) of an order not yet ready to ship (decision 074), checked by the
 * checkout's gift rules. A plain form post to the page's action, the same before and after
 * JavaScript; the API's messages stand under their fields and what was chosen stays. Wrapping
 * added or taken off changes the amount: only where it may still change (else: contact the shop).
 */
export default function MyPageOrderGift({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useI18n();
  const { options } = loaderData;
  const refusal = refusalOf(actionData);
  return (
    <OrderChangeFrame
      what="gift"
      page={loaderData}
      refusal={refusal}
      current={
        <>
          <h2>{t("orderGift.current")}</h2>
          <GiftCurrent options={options} none={t("orderGift.none")} />
        </>
      }
    >
      <GiftChangeFields options={options} posted={refusal?.values} fields={refusal?.fields} audience="member" />
    </OrderChangeFrame>
  );
}
