import type { Route } from "./+types/mypage-order-delivery";
import type { DeliveryOptions } from "../../domain/answers/orders.ts";
import { parseIsoDate } from "../../domain/format.ts";
import { refusalOf } from "../shared/site/form-action.ts";
import { orderChangeAction, orderChangeLoader } from "../shared/orders/order-change-page.ts";
import { OrderChangeFrame } from "../shared/orders/order-change-frame.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { Select } from "../ui/field.tsx";
import "../i18n/orders-texts.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "orderDelivery.title");
}

/** The order's wish and choices, read with the page (no script needed). */
export async function loader(args: Route.LoaderArgs) {
  return orderChangeLoader<DeliveryOptions>(args, "delivery");
}

/** The form's post: POST /api/orders/{id}/delivery with the form's key, then this page again saying it changed. */
export async function action(args: Route.ActionArgs) {
  return orderChangeAction(args, "delivery", (values) => ({
    desired_delivery_date: values.desired_delivery_date ?? "",
    desired_delivery_timezone: values.desired_delivery_timezone ?? "",
  }));
}

/**
 * /mypage/orders/{id}/delivery: the member moves the delivery date and time band of an order not yet
 * ready to ship (decision 074). A plain form post to the page's action, the same before and after
 * JavaScript; once the order is ready to ship or shipped, the page says why instead of the form.
 */
export default function MyPageOrderDelivery({ loaderData, actionData }: Route.ComponentProps) {
  const { t, date } = useI18n();
  const { options } = loaderData;
  const refusal = refusalOf(actionData);
  const dayLabel = (iso: string) => {
    const day = parseIsoDate(iso);
    return day ? date(day) : iso;
  };
  const bandLabel = (code: string) => options.time_bands.find((band) => band.code === code)?.label ?? code;
  const chosenDate = refusal?.values.desired_delivery_date ?? options.desired_delivery_date ?? "";
  const chosenBand = refusal?.values.desired_delivery_timezone ?? options.desired_delivery_timezone ?? "";
  // The date already wished stays a choice while it may be kept (only the time band moves).
  const dates =
    options.desired_delivery_date && !options.dates.includes(options.desired_delivery_date) ? [options.desired_delivery_date, ...options.dates] : options.dates;
  return (
    <OrderChangeFrame
      what="delivery"
      page={loaderData}
      refusal={refusal}
      current={
        <dl>
          <dt>{t("orderDelivery.current")}</dt>
          <dd data-testid="order-delivery-current">
            {options.desired_delivery_date ? dayLabel(options.desired_delivery_date) : t("orders.desiredDateNone")}{" "}
            {options.desired_delivery_timezone ? bandLabel(options.desired_delivery_timezone) : t("orders.desiredTimeNone")}
          </dd>
        </dl>
      }
    >
      <Select
        label={t("orderDelivery.date")}
        hint={t("orderDelivery.dateHint")}
        name="desired_delivery_date"
        defaultValue={chosenDate}
        error={refusal?.fields.desired_delivery_date?.[0]}
        options={[{ value: "", label: t("orderDelivery.dateNone") }, ...dates.map((day) => ({ value: day, label: dayLabel(day) }))]}
      />
      <Select
        label={t("orderDelivery.time")}
        name="desired_delivery_timezone"
        defaultValue={chosenBand}
        error={refusal?.fields.desired_delivery_timezone?.[0]}
        options={[{ value: "", label: t("orderDelivery.timeNone") }, ...options.time_bands.map((band) => ({ value: band.code, label: band.label }))]}
      />
    </OrderChangeFrame>
  );
}
