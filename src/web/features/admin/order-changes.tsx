import { useState } from "react";
import type { FormEvent } from "react";
import { PREFECTURES } from "../../../domain/address.ts";
import { formatDeliveryDate } from "../../../domain/delivery-calendar.ts";
import type { AdminOrderDetail } from "../../../domain/order-view.ts";
import { Button } from "../../ui/button.tsx";
import { Input, Select } from "../../ui/field.tsx";
import { useAdminText } from "./admin-i18n.ts";
import styles from "./admin.module.css";
import detail from "./admin-order.module.css";
import { useOrderPost } from "./order-refusal.tsx";
import { ErrorsNotice } from "./ui/errors-notice.tsx";
import "../../i18n/member-forms-texts.ts";
import { AdminSection } from "./ui/admin-section.tsx";

/** GET /admin/api/orders/{id}/delivery (decision 074): the wish, whether it may change, and the dates checkout offers now. */
export interface DeliveryOptionsState {
  desired_delivery_date: string | null;
  desired_delivery_timezone: string | null;
  changeable: boolean;
  reason: string | null;
  dates: string[];
  time_bands: { code: string; label: string }[];
}

/** The delivery wish moved by staff (decision 074): the dates checkout offers now, the shop's time bands. */
export function OrderDeliveryChange({ order, options }: { order: AdminOrderDetail; options: DeliveryOptionsState }) {
  const ta = useAdminText();
  const { busy, refusal, post } = useOrderPost(order.id, "delivery", ta("adminOrder.deliveryChanged"));
  const [date, setDate] = useState(options.desired_delivery_date ?? "");
  const [band, setBand] = useState(options.desired_delivery_timezone ?? "");
  if (!options.changeable) return null;
  const dates =
    options.desired_delivery_date && !options.dates.includes(options.desired_delivery_date) ? [options.desired_delivery_date, ...options.dates] : options.dates;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await post({ desired_delivery_date: date, desired_delivery_timezone: band });
  }

  return (
    <AdminSection id="order-delivery-change" title={ta("adminOrder.deliveryTitle")} testId="order-delivery-change">
      <p className={styles.muted}>{ta("adminOrder.deliveryHint")}</p>
      {refusal && <ErrorsNotice errors={refusal.errors} testId="order-delivery-change-result" />}
      <form className={detail.action} onSubmit={(event) => void submit(event)} noValidate>
        <Select
          label={ta("adminOrder.deliveryDate")}
          name="desired_delivery_date"
          value={date}
          onChange={(event) => setDate(event.target.value)}
          error={refusal?.fields.desired_delivery_date?.[0]}
          options={[{ value: "", label: ta("adminOrder.deliveryNone") }, ...dates.map((day) => ({ value: day, label: formatDeliveryDate(day) }))]}
        />
        <Select
          label={ta("adminOrder.deliveryTime")}
          name="desired_delivery_timezone"
          value={band}
          onChange={(event) => setBand(event.target.value)}
          error={refusal?.fields.desired_delivery_timezone?.[0]}
          options={[{ value: "", label: ta("adminOrder.deliveryNone") }, ...options.time_bands.map((each) => ({ value: each.code, label: each.label }))]}
        />
        <Button type="submit" block disabled={busy}>
          {ta("adminOrder.deliverySubmit")}
        </Button>
      </form>
    </AdminSection>
  );
}

/**
 * The way to ギフト設定の変更 from the order page (decision 074): a plain link to the server-rendered
 * page (as 一部キャンセル), so the change works without JavaScript; shown while the order may change.
 */
export function OrderGiftLink({ order, changeable }: { order: AdminOrderDetail; changeable: boolean }) {
  const ta = useAdminText();
  if (!changeable) return null;
  return (
    <section className={styles.section} aria-labelledby="order-gift-link" data-testid="order-gift-link">
      <h2 id="order-gift-link" className={styles.sectionTitle}>
        <a href={`/admin/orders/${encodeURIComponent(order.id)}/gift`}>{ta("adminOrder.giftLink")}</a>
      </h2>
      <p className={styles.muted}>{ta("adminOrder.giftLinkHint")}</p>
    </section>
  );
}

const RECIPIENT_FIELDS = ["name", "kana", "phone", "zip", "address", "building_name"] as const;
type RecipientField = (typeof RECIPIENT_FIELDS)[number];
const FIELD_LABELS = {
  name: "adminOrder.recipientName",
  kana: "adminOrder.recipientKana",
  phone: "adminOrder.recipientPhone",
  zip: "adminOrder.recipientZip",
  address: "adminOrder.recipientAddress",
  building_name: "adminOrder.recipientBuilding",
} as const;

/**
 * The recipient changed by staff (decision 074), a Japanese address checked as checkout checks お届け先;
 * a new shipping fee recalculates the total only where the amount may change (the server decides and says why not).
 */
export function OrderRecipientChange({ order, changeable }: { order: AdminOrderDetail; changeable: boolean }) {
  const ta = useAdminText();
  const { busy, refusal, post } = useOrderPost(order.id, "recipient", ta("adminOrder.recipientChanged"));
  const to = order.recipient ?? {
    name: order.name,
    phone: order.phone,
    zip: order.zip,
    prefecture: order.prefecture,
    address: order.address,
    building_name: order.building_name,
    kana: undefined,
  };
  const [values, setValues] = useState<Record<RecipientField, string>>({
    name: to.name,
    kana: ("kana" in to && typeof to.kana === "string" ? to.kana : "") ?? "",
    phone: to.phone,
    zip: to.zip,
    address: to.address,
    building_name: to.building_name,
  });
  const [prefecture, setPrefecture] = useState(to.prefecture === null ? "" : String(to.prefecture));
  // The form (47 prefectures among its options) is drawn only when staff open it: most orders never change address.
  const [open, setOpen] = useState(false);
  if (!changeable) return null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await post({ ...values, country: "jp", prefecture: prefecture === "" ? null : Number(prefecture) });
  }
  // The fields around the prefecture's select, each with the server's message under it.
  const input = (field: RecipientField) => (
    <Input
      key={field}
      label={ta(FIELD_LABELS[field])}
      name={field}
      value={values[field]}
      onChange={(event) => setValues({ ...values, [field]: event.target.value })}
      error={refusal?.fields[`recipient.${field}`]?.[0]}
    />
  );

  return (
    <AdminSection id="order-recipient-change" title={ta("adminOrder.recipientTitle")} testId="order-recipient-change">
      <p className={styles.muted}>{ta("adminOrder.recipientHint")}</p>
      {refusal && <ErrorsNotice errors={refusal.errors} testId="order-recipient-change-result" />}
      {!open ? (
        <Button variant="secondary" block aria-expanded={false} onClick={() => setOpen(true)}>
          {ta("adminOrder.recipientOpen")}
        </Button>
      ) : (
        <form className={detail.action} onSubmit={(event) => void submit(event)} noValidate>
          {RECIPIENT_FIELDS.slice(0, 4).map(input)}
          <Select
            label={ta("adminOrder.recipientPrefecture")}
            name="prefecture"
            value={prefecture}
            onChange={(event) => setPrefecture(event.target.value)}
            error={refusal?.fields["recipient.prefecture"]?.[0]}
            options={[{ value: "", label: "—" }, ...PREFECTURES.map((each) => ({ value: String(each.code), label: each.ja }))]}
          />
          {RECIPIENT_FIELDS.slice(4).map(input)}
          <Button type="submit" block disabled={busy}>
            {ta("adminOrder.recipientSubmit")}
          </Button>
        </form>
      )}
    </AdminSection>
  );
}
