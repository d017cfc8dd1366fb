import { Form, Link, redirect } from "react-router";
import { data } from "react-router";
import type { Route } from "./+types/admin-order-new";
import { PREFECTURES } from "../../../domain/address.ts";
import type { CheckoutItemError } from "../../../domain/checkout.ts";
import { formatYen } from "../../../domain/format.ts";
import { NOSHI_PLACEMENTS, giftOffered } from "../../../domain/gift.ts";
import type { adminOrderAnswer } from "../../../domain/answers/admin-orders.ts";
import type { ApiAnswer } from "../../../domain/answers/common.ts";
import { staffPaymentMethods } from "../../../domain/payment-methods/payment-method.registry.ts";
import type { StaffOrderMember } from "../../../domain/staff-order.ts";
import {
  STAFF_ORDER_CHANNELS,
  STAFF_ORDER_ITEM_ROWS,
  STAFF_ORDER_MEMO_MAX,
  STAFF_ORDER_QUANTITY_MAX,
  itemProductField,
  itemQuantityField,
} from "../../../domain/staff-order.ts";
import type { AdminStaffOrderKey } from "../../i18n/admin-staff-order.ja.ts";
import { AdminHeader } from "../../features/admin/admin-header.tsx";
import { adminMeta } from "../../features/admin/admin-meta.ts";
import styles from "../../features/admin/admin.module.css";
import formStyles from "../../features/admin/staff-order.module.css";
import { withCurrentToken } from "../../features/admin/bulk-orders.tsx";
import { NEW_ORDER_PATH, staffOrderText, useStaffOrderText } from "../../features/admin/staff-order-i18n.ts";
import { pageContext } from "../../load-context.ts";
import { CsrfField } from "../../shared/site/csrf-field.tsx";
import { formFields, postedForm } from "../../shared/site/form-action.ts";
import { RequestKeyField } from "../../shared/site/request-key-field.tsx";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { Checkbox, Input, Select, Textarea } from "../../ui/field.tsx";
import { AdminSection } from "../../features/admin/ui/admin-section.tsx";
import type { Refusal } from "../../features/admin/order-refusal.tsx";
import { refusalOf } from "../../features/admin/order-refusal.tsx";
import { ErrorsNotice } from "../../features/admin/ui/errors-notice.tsx";
import { toStaffLogin } from "../../features/admin/ui/server-page.tsx";

/** Ten item rows, an address or two and a memo: a few kilobytes; anything far bigger is not this form. */
const MAX_POST_BYTES = 64 * 1024;

/**
 * The fields the customer and the recipient (a gift's お届け先) are each entered with, in the form's
 * order, and each one's label for either.
 */
const PARTY_FIELDS: readonly {
  field: "name" | "kana" | "phone" | "zip" | "prefecture" | "address" | "building_name";
  customer: AdminStaffOrderKey;
  recipient: AdminStaffOrderKey;
  type?: "tel";
  inputMode?: "numeric";
}[] = [
  { field: "name", customer: "staffOrder.name", recipient: "staffOrder.recipientName" },
  { field: "kana", customer: "staffOrder.kana", recipient: "staffOrder.recipientKana" },
  { field: "phone", customer: "staffOrder.phone", recipient: "staffOrder.recipientPhone", type: "tel" },
  { field: "zip", customer: "staffOrder.zip", recipient: "staffOrder.recipientZip", inputMode: "numeric" },
  { field: "prefecture", customer: "staffOrder.prefecture", recipient: "staffOrder.recipientPrefecture" },
  { field: "address", customer: "staffOrder.address", recipient: "staffOrder.recipientAddress" },
  { field: "building_name", customer: "staffOrder.building", recipient: "staffOrder.recipientBuilding" },
];

/** What a party's fields start from: the member on file for the customer, nothing for the recipient. */
type PartyOnFile = Partial<Record<(typeof PARTY_FIELDS)[number]["field"], string>>;

type ActionAnswer = Refusal & { values: Record<string, string> };

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return adminMeta(matches, { text: staffOrderText(loaderData?.locale ?? "ja", "staffOrder.title") });
}

/**
 * 注文を入力 (decision 081), rendered on the server as the return form is (decision 079), so it works
 * without JavaScript: staff only. `?member=` looks a member up (a plain GET form) and starts the
 * form from what is on file; the products are the catalogue's.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  const session = await page.api("GET", "/admin/api/session");
  if (session.status !== 200) throw toStaffLogin(NEW_ORDER_PATH);
  const wanted = new URL(request.url).searchParams.get("member")?.trim() ?? "";
  let member: StaffOrderMember | null = null;
  if (wanted) {
    const found = await page.api("GET", `/admin/api/members/lookup?email=${encodeURIComponent(wanted)}`);
    if (found.status === 200) member = (found.body as { data: StaffOrderMember }).data;
  }
  const products = await page.catalog.products(page.locale, { series: [], unselectSeries: false });
  const { shop } = page;
  return {
    locale: page.locale,
    memberQuery: wanted,
    member,
    products: products.map((product) => ({
      id: product.id,
      name: product.attributes.name,
      price: product.attributes.price_include_tax,
      soldOut: product.attributes.sold_out,
    })),
    methods: staffPaymentMethods(shop.terms).map((method) => ({
      code: method.code,
      label: method.label[page.locale],
      awaitsPayment: method.staffEntry === "awaiting_payment",
    })),
    timeBands: Object.entries(shop.deliveryTimeBands).map(([code, label]) => ({ code, label: label[page.locale] })),
    gift: giftOffered(shop.gift) ? shop.gift : null,
    requestKey: crypto.randomUUID(),
  };
}

/** The items a refusal of stock names, put under the rows that chose them. */
function itemFields(errors: CheckoutItemError[], values: Record<string, string>): Record<string, string[]> {
  const fields: Record<string, string[]> = {};
  for (const error of errors) {
    if (error.message === null) continue;
    for (let row = 1; row <= STAFF_ORDER_ITEM_ROWS; row += 1) {
      if (values[itemProductField(row)] === String(error.id)) fields[itemQuantityField(row)] = [error.message];
    }
  }
  return fields;
}

/**
 * The form handed to POST /admin/api/orders as the visitor, with its CSRF token and request key (a
 * form posted twice books one order). Entered: the new order's page; refused: this page again with
 * the API's messages under the fields and what was typed.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const page = context.get(pageContext);
  const { locale } = page;
  const refused = (status: number, values: Record<string, string> = {}, body?: unknown) => {
    const answer = body as { errors?: unknown; fields?: Record<string, string[]>; items_rejected?: boolean } | undefined;
    if (answer?.items_rejected && Array.isArray(answer.errors)) {
      const errors = answer.errors as CheckoutItemError[];
      const messages = errors.flatMap((error) => (error.message ? [error.message] : []));
      return data<ActionAnswer>({ errors: messages, fields: itemFields(errors, values), values }, { status });
    }
    return data<ActionAnswer>({ ...refusalOf(answer, staffOrderText(locale, "staffOrder.failed")), values }, { status });
  };
  const form = await postedForm(request, MAX_POST_BYTES);
  if (typeof form === "number") return refused(form);
  const posted = formFields(form);
  const { values, csrfToken } = posted;
  const requestKey = posted.requestKey || crypto.randomUUID();
  const answer = await page.api("POST", "/admin/api/orders", values, { csrfToken, requestKey });
  if (answer.status === 401) throw toStaffLogin(NEW_ORDER_PATH);
  if (answer.status === 201) return redirect(`/admin/orders/${encodeURIComponent((answer.body as ApiAnswer<typeof adminOrderAnswer>).data.id)}`);
  return refused(answer.status, values, answer.body);
}

export default function AdminOrderNew({ loaderData, actionData }: Route.ComponentProps) {
  const tr = useStaffOrderText();
  const { locale } = useI18n();
  const { member, memberQuery, products, methods, timeBands, gift, requestKey } = loaderData;
  const refusal = actionData as ActionAnswer | undefined;
  const typed = refusal?.values;
  // What the form starts from: what was typed, else the member on file, else nothing.
  const value = (name: string, onFile = "") => typed?.[name] ?? onFile;
  const ticked = (name: string) => (typed ? name in typed : false);
  const fieldError = (name: string) => refusal?.fields[name]?.[0];
  const memberEmail = typed ? (typed.member_email ?? "") : (member?.email ?? "");
  const onFile = typed ? null : member;
  // A control's name, the value it starts from and the server's word on it: what every field of the form takes.
  const bound = (name: string, onFileValue?: string) => ({ name, defaultValue: value(name, onFileValue), error: fieldError(name) });
  const customerOnFile: PartyOnFile = {
    name: onFile?.name,
    phone: onFile?.phone,
    zip: onFile?.address?.zip,
    prefecture: onFile?.address?.prefecture ? String(onFile.address.prefecture) : "",
    address: onFile?.address?.address,
    building_name: onFile?.address?.building_name,
  };
  const prefectureOptions = [
    { value: "", label: tr("staffOrder.prefectureChoose") },
    ...PREFECTURES.map((each) => ({ value: String(each.code), label: each[locale] })),
  ];
  // The customer's or the recipient's name, phone and address, the recipient's fields named recipient_….
  const partyFields = (party: "customer" | "recipient", startFrom: PartyOnFile) =>
    PARTY_FIELDS.map((each) => {
      const props = { label: tr(each[party]), ...bound(party === "recipient" ? `recipient_${each.field}` : each.field, startFrom[each.field]) };
      return each.field === "prefecture" ? (
        <Select key={each.field} {...props} options={prefectureOptions} />
      ) : (
        <Input key={each.field} type={each.type} inputMode={each.inputMode} autoComplete="off" {...props} />
      );
    });

  return (
    <div className={styles.shell}>
      <AdminHeader />
      <main id="main" className={styles.main}>
        <p>
          <Link to="/admin/orders">{tr("staffOrder.back")}</Link>
        </p>
        <h1 className={styles.title}>{tr("staffOrder.title")}</h1>
        <p>{tr("staffOrder.lead")}</p>
        {refusal && <ErrorsNotice errors={refusal.errors} testId="staff-order-errors" />}

        <AdminSection id="staff-order-member" title={tr("staffOrder.memberHeading")}>
          <p>{tr("staffOrder.memberLead")}</p>
          <form method="get" action={NEW_ORDER_PATH} className={formStyles.lookup} data-testid="member-lookup">
            <Input label={tr("staffOrder.memberEmail")} name="member" type="email" autoComplete="off" defaultValue={memberQuery} />
            <Button type="submit" variant="secondary">
              {tr("staffOrder.memberFind")}
            </Button>
          </form>
          {memberQuery && !member && <p data-testid="member-not-found">{tr("staffOrder.memberNotFound")}</p>}
          {memberEmail && (
            <p data-testid="member-found">
              {tr("staffOrder.memberFound", { email: memberEmail })} <Link to={NEW_ORDER_PATH}>{tr("staffOrder.memberClear")}</Link>
            </p>
          )}
        </AdminSection>

        <Form method="post" reloadDocument onSubmit={withCurrentToken} noValidate data-testid="staff-order-form">
          <CsrfField />
          <RequestKeyField value={requestKey} />
          {memberEmail && <input type="hidden" name="member_email" value={memberEmail} />}

          <AdminSection id="staff-order-customer" title={tr("staffOrder.customerHeading")}>
            <div className={formStyles.grid}>
              <Select
                label={tr("staffOrder.channel")}
                {...bound("channel", "phone")}
                options={STAFF_ORDER_CHANNELS.map((channel) => ({ value: channel, label: tr(`staffOrder.channel.${channel}`) }))}
              />
              {partyFields("customer", customerOnFile).slice(0, 2)}
              {memberEmail ? (
                <p className={formStyles.wide}>
                  {tr("staffOrder.email")}: {memberEmail}
                </p>
              ) : (
                <Input label={tr("staffOrder.email")} hint={tr("staffOrder.emailHint")} type="email" autoComplete="off" {...bound("email")} />
              )}
              {partyFields("customer", customerOnFile).slice(2)}
              <Input label={tr("staffOrder.birthDate")} hint={tr("staffOrder.birthDateHint")} type="date" {...bound("birth_date", onFile?.birth_date ?? "")} />
            </div>
          </AdminSection>

          <AdminSection id="staff-order-items" title={tr("staffOrder.itemsHeading")}>
            <p className={styles.muted}>{tr("staffOrder.itemsHint")}</p>
            {fieldError("items") && (
              <p className={formStyles.error} role="alert" data-testid="items-error">
                {fieldError("items")}
              </p>
            )}
            <ol className={formStyles.rows}>
              {Array.from({ length: STAFF_ORDER_ITEM_ROWS }, (_, index) => index + 1).map((row) => (
                <li key={row} className={formStyles.row} data-testid="item-row">
                  <Select
                    label={`${tr("staffOrder.product")}（${tr("staffOrder.row", { row })}）`}
                    {...bound(itemProductField(row))}
                    options={[
                      { value: "", label: tr("staffOrder.productChoose") },
                      ...products.map((product) => ({
                        value: product.id,
                        label: `${product.name} ${formatYen(product.price, locale)}${product.soldOut ? tr("staffOrder.productSoldOut") : ""}`,
                      })),
                    ]}
                  />
                  <Input
                    label={`${tr("staffOrder.quantity")}（${tr("staffOrder.row", { row })}）`}
                    type="number"
                    min={1}
                    max={STAFF_ORDER_QUANTITY_MAX}
                    inputMode="numeric"
                    {...bound(itemQuantityField(row))}
                  />
                </li>
              ))}
            </ol>
          </AdminSection>

          <AdminSection id="staff-order-recipient" title={tr("staffOrder.recipientHeading")}>
            <Checkbox label={tr("staffOrder.toRecipient")} name="to_recipient" defaultChecked={ticked("to_recipient")} />
            <div className={formStyles.grid}>{partyFields("recipient", {})}</div>
          </AdminSection>

          <AdminSection id="staff-order-delivery" title={tr("staffOrder.deliveryHeading")}>
            <div className={formStyles.grid}>
              <Input label={tr("staffOrder.date")} hint={tr("staffOrder.dateHint")} type="date" {...bound("desired_delivery_date")} />
              <Select
                label={tr("staffOrder.timezone")}
                {...bound("desired_delivery_timezone")}
                options={[{ value: "", label: tr("staffOrder.timezoneNone") }, ...timeBands.map((band) => ({ value: band.code, label: band.label }))]}
              />
            </div>
          </AdminSection>

          {gift && (
            <AdminSection id="staff-order-gift" title={tr("staffOrder.giftHeading")}>
              {fieldError("gift") && (
                <p className={formStyles.error} role="alert">
                  {fieldError("gift")}
                </p>
              )}
              {gift.wrapping && (
                <Checkbox
                  label={`${tr("staffOrder.giftWrapping")}（${formatYen(gift.wrappingFee, locale)}）`}
                  name="gift_wrapping"
                  defaultChecked={ticked("gift_wrapping")}
                />
              )}
              {gift.noshi && (
                <>
                  <Checkbox label={tr("staffOrder.giftNoshi")} name="gift_noshi" defaultChecked={ticked("gift_noshi")} />
                  <div className={formStyles.grid}>
                    <Select
                      label={tr("staffOrder.giftOmotegaki")}
                      {...bound("gift_omotegaki", gift.omotegaki[0])}
                      options={gift.omotegaki.map((each) => ({ value: each, label: each }))}
                    />
                    <Select
                      label={tr("staffOrder.giftPlacement")}
                      {...bound("gift_placement", "outer")}
                      options={NOSHI_PLACEMENTS.map((placement) => ({ value: placement, label: tr(`staffOrder.giftPlacement.${placement}`) }))}
                    />
                    <Input label={tr("staffOrder.giftName")} autoComplete="off" {...bound("gift_name")} />
                  </div>
                </>
              )}
              {gift.messageCard && (
                <>
                  <Checkbox label={tr("staffOrder.giftMessageCard")} name="gift_message_card" defaultChecked={ticked("gift_message_card")} />
                  <Textarea label={tr("staffOrder.giftMessage")} rows={2} {...bound("gift_message")} />
                </>
              )}
              {gift.hidePrices && <Checkbox label={tr("staffOrder.giftHidePrices")} name="gift_hide_prices" defaultChecked={ticked("gift_hide_prices")} />}
            </AdminSection>
          )}

          <AdminSection id="staff-order-payment" title={tr("staffOrder.paymentHeading")}>
            <Select
              label={tr("staffOrder.paymentMethod")}
              // A method taken at once first: a card waits for a link, the exception on the phone.
              {...bound("payment_method", (methods.find((method) => !method.awaitsPayment) ?? methods[0])?.code ?? "")}
              options={methods.map((method) => ({ value: method.code, label: method.label }))}
            />
            {methods.some((method) => method.awaitsPayment) && (
              <p className={styles.muted}>
                {methods
                  .filter((method) => method.awaitsPayment)
                  .map((method) => method.label)
                  .join("・")}
                : {tr("staffOrder.paymentLater")}
              </p>
            )}
            <Textarea label={tr("staffOrder.memo")} hint={tr("staffOrder.memoHint")} rows={3} maxLength={STAFF_ORDER_MEMO_MAX} {...bound("memo")} />
          </AdminSection>

          <Button type="submit" data-testid="staff-order-submit">
            {tr("staffOrder.submit")}
          </Button>
        </Form>
      </main>
    </div>
  );
}
