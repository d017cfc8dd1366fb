import type { InputHTMLAttributes } from "react";
import type { Route } from "./+types/mypage-order-recipient";
import { PREFECTURES } from "../../domain/address.ts";
import { refusalOf } from "../shared/site/form-action.ts";
import { orderChangeAction, orderChangeLoader } from "../shared/orders/order-change-page.ts";
import { OrderChangeFrame } from "../shared/orders/order-change-frame.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import type { MessageKey } from "../i18n/ja.ts";
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
type TextField = Exclude<Field, "prefecture">;

/** Each text field's label and lasting hint (the checkout's words), and what the browser is told of it. */
const TEXT_FIELDS: Record<TextField, InputHTMLAttributes<HTMLInputElement> & { label: MessageKey; hint?: MessageKey }> = {
  name: { label: "recipient.name", autoComplete: "shipping name", required: true },
  kana: { label: "recipient.kana", hint: "recipient.kanaHint" },
  phone: { label: "recipient.phone", type: "tel", autoComplete: "shipping tel", required: true },
  zip: { label: "address.zip", hint: "address.zipHintBeforeScript", autoComplete: "shipping postal-code", inputMode: "numeric", required: true },
  address: { label: "address.address", hint: "address.addressHint", autoComplete: "shipping address-line1", required: true },
  building_name: { label: "address.buildingName", autoComplete: "shipping address-line2" },
};

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
function RecipientInput({ field, value, error }: { field: TextField; value: string; error: string | undefined }) {
  const { t } = useI18n();
  const { label, hint, ...input } = TEXT_FIELDS[field];
  return <Input {...input} label={t(label)} hint={hint && t(hint)} name={field} defaultValue={value} error={error} />;
}

export default function MyPageOrderRecipient({ loaderData, actionData }: Route.ComponentProps) {
  const { t, locale } = useI18n();
  const { options } = loaderData;
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
      page={loaderData}
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
      {FIELDS.map((field) =>
        field === "prefecture" ? (
          <Select
            key={field}
            label={t("address.prefecture")}
            name="prefecture"
            defaultValue={value("prefecture")}
            error={error("prefecture")}
            options={[{ value: "", label: t("address.prefectureChoose") }, ...PREFECTURES.map((each) => ({ value: String(each.code), label: each[locale] }))]}
          />
        ) : (
          <RecipientInput key={field} field={field} value={value(field)} error={error(field)} />
        ),
      )}
      <p>{t("orderRecipient.feeNote")}</p>
    </OrderChangeFrame>
  );
}
