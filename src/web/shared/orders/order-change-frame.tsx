import type { ReactNode } from "react";
import { orderNumberForShopper } from "../../../domain/order-number.ts";
import { Link, useSearchParams } from "react-router";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { Notice } from "../../ui/notice.tsx";
import { CsrfField } from "../site/csrf-field.tsx";
import type { FormRefusal } from "../site/form-action.ts";
import { RefusedNotice } from "../site/refused-notice.tsx";
import { RequestKeyField } from "../site/request-key-field.tsx";
import type { OrderChange } from "./order-change-page.ts";
import "../../i18n/orders-texts.ts";

/** Each change page's words are `<prefix>.title`, `.lead` ({number}), `.changed`, `.cannot` and `.submit`. */
const TEXTS_PREFIX = { delivery: "orderDelivery", recipient: "orderRecipient", gift: "orderGift" } as const satisfies Record<OrderChange, string>;

/** What every change page's loader reads of its order (GET /api/orders/{id}/<what>), and the form's key. */
export interface OrderChangePage {
  options: { order_id: string; changeable: boolean; reason: string | null };
  requestKey: string;
}

/**
 * The frame My Page's three order-change pages share (decision 074): the title and lead, 「変更しました」
 * after a change (?changed=1), the API's refusal, what the order has now (`current`), then the form
 * posting to the page's action with its CSRF field and request key, or, once the order may no longer
 * change, why not. The form's own fields are the page's (`children`).
 */
export function OrderChangeFrame({
  what,
  page,
  refusal,
  current,
  children,
}: {
  what: OrderChange;
  page: OrderChangePage;
  refusal: FormRefusal | undefined;
  current: ReactNode;
  children: ReactNode;
}) {
  const { t } = useI18n();
  const [searchParams] = useSearchParams();
  const { options, requestKey } = page;
  const prefix = TEXTS_PREFIX[what];
  const texts = {
    title: t(`${prefix}.title`),
    lead: t(`${prefix}.lead`, { number: orderNumberForShopper(options.order_id) }),
    changed: t(`${prefix}.changed`),
    cannot: t(`${prefix}.cannot`),
    submit: t(`${prefix}.submit`),
  };
  return (
    <section data-testid={`order-${what}`}>
      <h1 className="page-title">{texts.title}</h1>
      <p>{texts.lead}</p>
      {searchParams.get("changed") === "1" && !refusal && (
        <Notice tone="success" testId={`order-${what}-changed`}>
          {texts.changed}
        </Notice>
      )}
      {refusal && <RefusedNotice errors={refusal.errors} />}
      {current}
      {options.changeable ? (
        <form method="post" data-testid={`order-${what}-form`}>
          <CsrfField />
          <RequestKeyField value={requestKey} />
          {children}
          <Button type="submit">{texts.submit}</Button>
        </form>
      ) : (
        <Notice tone="info" testId={`order-${what}-closed`}>
          <strong>{texts.cannot}</strong>
          <p>{options.reason}</p>
        </Notice>
      )}
      <p>
        <Link to="/mypage/orders">{t("orderDelivery.back")}</Link>
      </p>
    </section>
  );
}
