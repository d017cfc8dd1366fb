import { useState } from "react";
import type { FormEvent } from "react";
import type { AdminOrderDetail } from "../../../domain/order-view.ts";
import { Button } from "../../ui/button.tsx";
import { Input, Select } from "../../ui/field.tsx";
import { useAdminText } from "./admin-i18n.ts";
import styles from "./admin.module.css";
import detail from "./admin-order.module.css";
import { useOrderPost } from "./order-refusal.tsx";
import { ErrorsNotice } from "./ui/errors-notice.tsx";
import { AdminSection } from "./ui/admin-section.tsx";

type Kind = "discount" | "correction";

/** Every order lists its standard rate among its taxes; this is only for an order that lists none. */
const STANDARD_RATE_FALLBACK = 10;

/** The rates the order has (highest, the standard one, first): a discount goes to the rate of what it discounts. */
function ratesOf(order: Pick<AdminOrderDetail, "taxes">): number[] {
  const rates = [...new Set(order.taxes.map((each) => each.rate))].sort((a, b) => b - a);
  return rates.length > 0 ? rates : [STANDARD_RATE_FALLBACK];
}

/**
 * A discount or correction line on an order whose amount may still change (decision 070): the
 * server recomputes the total and tax per rate, mails the customer and answers the order again.
 * A discount's amount is typed as what is taken off and sent below zero; a correction as typed.
 */
export function OrderAdjustment({ order }: { order: AdminOrderDetail }) {
  const ta = useAdminText();
  const { busy, refusal, post } = useOrderPost(order.id, "adjustments", ta("adminOrder.adjusted"));
  const rates = ratesOf(order);
  const [kind, setKind] = useState<Kind>("discount");
  const [labelJa, setLabelJa] = useState("");
  const [labelEn, setLabelEn] = useState("");
  const [amount, setAmount] = useState("");
  const [rate, setRate] = useState(String(rates[0]));

  if (!order.adjustable) return null;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const typed = amount
      .normalize("NFKC")
      .replace(/[,\s]/g, "")
      .replace(/^[−ー–]/, "-");
    const number = Number(typed);
    // A discount is taken off whichever way it was typed; anything else goes as typed and the server names the problem.
    const sent = kind === "discount" && typed !== "" && Number.isFinite(number) ? -Math.abs(number) : typed;
    if (!(await post({ kind, label_ja: labelJa, label_en: labelEn, amount_before_tax: sent, tax_rate: rate }))) return;
    setLabelJa("");
    setLabelEn("");
    setAmount("");
  }

  return (
    <AdminSection id="order-adjustment" title={ta("adminOrder.adjustTitle")} testId="order-adjustment">
      <p className={styles.muted}>{ta("adminOrder.adjustHint")}</p>
      {refusal && <ErrorsNotice errors={refusal.errors} testId="order-adjustment-result" />}
      <form className={detail.action} onSubmit={(event) => void submit(event)} noValidate>
        <Select
          label={ta("adminOrder.adjustKind")}
          name="kind"
          value={kind}
          onChange={(event) => setKind(event.target.value as Kind)}
          options={(["discount", "correction"] as const).map((code) => ({ value: code, label: ta(`adminOrder.adjustKind.${code}`) }))}
        />
        <Input
          label={ta("adminOrder.adjustLabelJa")}
          hint={ta("adminOrder.adjustLabelHint")}
          name="label_ja"
          value={labelJa}
          maxLength={40}
          onChange={(event) => setLabelJa(event.target.value)}
          error={refusal?.fields.label_ja?.[0]}
        />
        <Input
          label={ta("adminOrder.adjustLabelEn")}
          name="label_en"
          value={labelEn}
          maxLength={40}
          onChange={(event) => setLabelEn(event.target.value)}
          error={refusal?.fields.label_en?.[0]}
        />
        <Input
          label={ta("adminOrder.adjustAmount")}
          hint={ta("adminOrder.adjustAmountHint")}
          name="amount_before_tax"
          value={amount}
          inputMode="numeric"
          autoComplete="off"
          onChange={(event) => setAmount(event.target.value)}
          error={refusal?.fields.amount_before_tax?.[0]}
          required
        />
        <Select
          label={ta("adminOrder.adjustRate")}
          name="tax_rate"
          value={rate}
          onChange={(event) => setRate(event.target.value)}
          error={refusal?.fields.tax_rate?.[0]}
          options={[
            ...rates.map((each) => ({ value: String(each), label: ta("adminOrder.adjustRate.rate", { rate: each }) })),
            ...(rates.length > 1 ? [{ value: "apportioned", label: ta("adminOrder.adjustRate.apportioned") }] : []),
          ]}
        />
        <Button type="submit" block disabled={busy}>
          {ta("adminOrder.adjustSubmit")}
        </Button>
      </form>
    </AdminSection>
  );
}
