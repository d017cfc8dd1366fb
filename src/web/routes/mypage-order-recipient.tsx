import type { Route } from "./+types/mypage-order-recipient";
import { PREFECTURES } from "../../domain/address.ts";
import { orderNumberForShopper } from "../../domain/order-number.ts";
import { refusalOf } from "../shared/site/form-action.ts";
import { orderChangeAction, orderChangeLoader } from "../shared/orders/order-change-page.ts";
import { OrderChangeFrame } from "../shared/orders/order-change-frame.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";
import { Input, Select } from "../ui/field.tsx";
import "../i18n/orders-texts.ts";
import "../i18n/member-forms-texts.ts";

/** GET /api/orders/{id}/recipient's answer (decision 074). */
interface RecipientOptions {
  order_id: string;
  recipient: { name: string; kana: string; phone: string; country: string; zip: string; prefecture: number | null; address: string; building_name: string };
  changeable: boolean;
  reason: string | null;
}

/** The form's fields, in its order; each is posted under its API name. */
const FIELDS = ["name", "kana", "phone", "zip", "prefecture", "address", "building_name"] as const;
type Field = (typeof FIELDS)[number];

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "orderRecipient.title");
}

/** The order's current お届け先 (the buyer's address when the parcel goes to the buyer), read with the page. */
export async function loader(args: Route.LoaderArgs) {
  return orderChangeLoader<RecipientOptions>(args, "recipient");
}

/** The form's post: POST /api/orders/{id}/recipient with the form's key, then this page again saying it changed. */
export async function action(args: Route.ActionArgs) {
  return orderChangeAction(args, "recipient", (values) => ({
    ...Object.fromEntries(FIELDS.map((field) => [field, values[field] ?? ""])),
    country: values.country || "jp",
  }));
}

/**
 * /mypage/orders/{id}/recipient: the member sends an order not yet ready to ship to another address
 * (decision 074), checked by the checkout's お届け先 rules. A plain form post to the page's action,
 * the same before and after JavaScript; the API's messages stand under their fields and what was
 * typed stays. Once the order is ready to ship, shipped or cancelled, the page says why instead.
 */
export default function MyPageOrderRecipient({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { options, requestKey } = loaderData;
  const refusal = refusalOf(actionData);
  const current = options.recipient;
  const saved: Record<Field, string> = {
    name: current.name,
    kana: current.kana,
    phone: current.phone,
    zip: current.zip,
    prefecture: current.prefecture === null ? "" : String(current.prefecture),
    address: current.address,
    building_name: current.building_name,
  };
  const value = (field: Field) => refusal?.values[field] ?? saved[field];
  // The checkout's rules name their fields recipient.<field>; the schema's own check names them bare.
  const error = (field: Field) => refusal?.fields[`recipient.${field}`]?.[0] ?? refusal?.fields[field]?.[0];
  const prefectureName = current.prefecture === null ? "" : (PREFECTURES.find((each) => each.code === current.prefecture)?.[locale] ?? "");
  return (
    <OrderChangeFrame
      what="recipient"
      texts={{
        title: t("orderRecipient.title"),
        lead: t("orderRecipient.lead", { number: orderNumberForShopper(options.order_id) }),
        changed: t("orderRecipient.changed"),
        cannot: t("orderRecipient.cannot"),
        submit: t("orderRecipient.submit"),
      }}
      changeable={options.changeable}
      reason={options.reason}
      requestKey={requestKey}
      refusal={refusal}
      current={
        <dl>
          <dt>{t("recipient.heading")}</dt>
          <dd data-testid="order-recipient-current">
            {current.name} 〒{current.zip} {prefectureName}
            {current.address} {current.building_name}
          </dd>
        </dl>
      }
    >
      <input type="hidden" name="country" value={current.country || "jp"} />
      <Input label={t("recipient.name")} name="name" defaultValue={value("name")} error={error("name")} autoComplete="shipping name" required />
      <Input label={t("recipient.kana")} hint={t("recipient.kanaHint")} name="kana" defaultValue={value("kana")} error={error("kana")} />
      <Input label={t("recipient.phone")} name="phone" type="tel" defaultValue={value("phone")} error={error("phone")} autoComplete="shipping tel" required />
      <Input
        label={t("address.zip")}
        hint={t("address.zipHintBeforeScript")}
        name="zip"
        defaultValue={value("zip")}
        error={error("zip")}
        autoComplete="shipping postal-code"
        inputMode="numeric"
        required
      />
      <Select
        label={t("address.prefecture")}
        name="prefecture"
        defaultValue={value("prefecture")}
        error={error("prefecture")}
        options={[{ value: "", label: t("address.prefectureChoose") }, ...PREFECTURES.map((each) => ({ value: String(each.code), label: each[locale] }))]}
      />
      <Input
        label={t("address.address")}
        hint={t("address.addressHint")}
        name="address"
        defaultValue={value("address")}
        error={error("address")}
        autoComplete="shipping address-line1"
        required
      />
      <Input
        label={t("address.buildingName")}
        name="building_name"
        defaultValue={value("building_name")}
        error={error("building_name")}
        autoComplete="shipping address-line2"
      />
      <p>{t("orderRecipient.feeNote")}</p>
    </OrderChangeFrame>
  );
}
