import { useState } from "react";
import type { Dispatch, MouseEvent, SetStateAction } from "react";
import type { AddressBookEntry } from "../../../domain/address-book.ts";
import { prefectureName } from "../../../domain/address.ts";
import type { CartItem } from "../../../domain/cart.ts";
import type { DeliveryCalendarInput } from "../../../domain/delivery-calendar.ts";
import { MAX_DESTINATIONS } from "../../../domain/destinations.ts";
import type { CheckoutShipmentInput } from "../../../domain/destinations-csv.ts";
import { NOSHI_PLACEMENTS, NOSHI_PLACEMENT_LABELS } from "../../../domain/gift.ts";
import type { GiftSettings, NoshiPlacement } from "../../../domain/gift.ts";
import type { ShippingQuote } from "../../../domain/shipping-table.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { Checkbox, Input, Select, Textarea } from "../../ui/field.tsx";
import { Notice } from "../../ui/notice.tsx";
import { addressFormValue, addressPayload } from "../../shared/address/address-fields.tsx";
import type { RecipientFormErrors, RecipientFormValue } from "../../shared/address/recipient-fields.tsx";
import { RecipientFields, recipientFormValue } from "../../shared/address/recipient-fields.tsx";
import { useCart } from "../../shared/cart/cart-context.tsx";
import { callApi } from "../../shared/site/api.ts";
import { useBusyCall } from "../../shared/site/busy-call.ts";
import { useSite } from "../../shared/site/site-context.tsx";
import type { GiftFormValue } from "./checkout-order.ts";
import { emptyGiftForm } from "./checkout-order.ts";
import styles from "./checkout.module.css";
import { recipientOf } from "./delivery-choice.tsx";
import { DeliveryWishFields } from "./delivery-wish-fields.tsx";
import type { DestinationForm } from "./destinations-form.ts";
import {
  DESTINATIONS_ACTION_FIELD,
  destinationField,
  emptyDestination,
  itemsOfDestination,
  newDestinationKey,
  prefectureOfDestination,
} from "./destinations-form.ts";
import { useDeliveryDates } from "./use-delivery-dates.ts";
import "../../i18n/destinations-pages-texts.ts";
import "../../i18n/checkout-texts.ts";
import "../../i18n/member-forms-texts.ts";

/**
 * The checkout's several-destinations mode (issue #33 item 1, decision 087): a block per destination
 * — its recipient (the orderer, an address-book entry, or typed with postcode autofill), its share of
 * the cart's bottles, its wish and gift options — and the upload of a filled-in list (CSV), whose
 * problems show by line and column before anything is ordered. The order posts them as `shipments`.
 */
/** A destination read from the uploaded list, as the form's block. */
function destinationOfShipment(shipment: CheckoutShipmentInput, defaultCountryName: string, omotegaki: readonly string[]): DestinationForm {
  const recipient = shipment.recipient;
  const other: RecipientFormValue = recipient
    ? {
        name: recipient.name,
        ...(recipient.kana ? { kana: recipient.kana } : {}),
        phone: recipient.phone,
        address: addressFormValue(
          {
            country: "jp",
            country_name: defaultCountryName,
            zip: recipient.zip,
            prefecture: typeof recipient.prefecture === "number" ? recipient.prefecture : null,
            address: recipient.address,
            building_name: recipient.building_name ?? "",
          },
          defaultCountryName,
        ),
      }
    : recipientFormValue(null, defaultCountryName);
  const gift = (shipment.gift ?? null) as {
    wrapping?: boolean;
    noshi?: { omotegaki: string; placement: NoshiPlacement; name: string } | null;
    message_card?: string;
    hide_prices?: boolean;
  } | null;
  return {
    key: newDestinationKey(),
    delivery: { choice: recipient ? "other" : "buyer", other },
    quantities: Object.fromEntries(shipment.items.map((item) => [String(item.id), item.amount])),
    wish: { date: shipment.desired_delivery_date ?? "", timezone: shipment.desired_delivery_timezone ?? "" },
    gift: {
      ...emptyGiftForm(omotegaki),
      wrapping: gift?.wrapping === true,
      noshi: Boolean(gift?.noshi),
      ...(gift?.noshi ? { omotegaki: gift.noshi.omotegaki, placement: gift.noshi.placement, name: gift.noshi.name } : {}),
      messageCard: Boolean(gift?.message_card),
      message: gift?.message_card ?? "",
      hidePrices: gift?.hide_prices === true,
    },
  };
}

interface SeveralDestinationsProps {
  items: CartItem[];
  destinations: DestinationForm[];
  onChange: Dispatch<SetStateAction<DestinationForm[]>>;
  book: AddressBookEntry[];
  buyerPrefecture: number | null;
  deliveryCalendar: DeliveryCalendarInput;
  timezones: Record<string, string>;
  /** The server's messages keyed shipments.3.recipient.zip, shipments.3.gift.noshi.name, shipments… */
  errors: Record<string, string[]>;
  /** The checks made before sending (sums, empty destinations). */
  problems: string[];
  /**
   * Drawn for the form posted without the script (before hydration, or none, decision 096): every
   * block shows all its fields (no choice reveals any), and the upload, which needs the script, is left out.
   */
  plain: boolean;
}

/** A block button: a submit button posting `destinations_action` without the script, a plain button with it. */
function blocksButton(action: string, onClick: () => void) {
  return {
    type: "submit" as const,
    name: DESTINATIONS_ACTION_FIELD,
    value: action,
    onClick: (event: MouseEvent<HTMLButtonElement>) => {
      event.preventDefault();
      onClick();
    },
  };
}

export function SeveralDestinations({
  items,
  destinations,
  onChange,
  book,
  buyerPrefecture,
  deliveryCalendar,
  timezones,
  errors,
  problems,
  plain,
}: SeveralDestinationsProps) {
  const { t } = useI18n();
  const { shop } = useSite();
  const defaultCountryName = t("address.defaultCountryName");
  const update = (index: number, change: (current: DestinationForm) => DestinationForm) =>
    onChange((current) => current.map((destination, at) => (at === index ? change(destination) : destination)));
  const general = [...problems, ...(errors.shipments ?? [])];
  return (
    <div data-testid="several-destinations">
      {!plain && (
        <DestinationsUpload
          items={items}
          onRead={(shipments) => onChange(shipments.map((shipment) => destinationOfShipment(shipment, defaultCountryName, shop.gift.omotegaki)))}
        />
      )}
      {general.length > 0 && (
        <Notice tone="danger" testId="destinations-problems">
          <ul>
            {general.map((message) => (
              <li key={message}>{message}</li>
            ))}
          </ul>
        </Notice>
      )}
      {destinations.map((destination, index) => (
        <DestinationBlock
          key={destination.key}
          index={index}
          destination={destination}
          items={items}
          book={book}
          buyerPrefecture={buyerPrefecture}
          deliveryCalendar={deliveryCalendar}
          timezones={timezones}
          giftSettings={shop.gift}
          errors={errors}
          plain={plain}
          onChange={(change) => update(index, change)}
          onRemove={destinations.length > 1 ? () => onChange((current) => current.filter((_, at) => at !== index)) : undefined}
        />
      ))}
      {destinations.length < MAX_DESTINATIONS && (
        <Button
          variant="secondary"
          {...blocksButton("add", () => onChange((current) => [...current, emptyDestination(defaultCountryName, shop.gift.omotegaki)]))}
          data-testid="add-destination"
        >
          {t("destinations.add")}
        </Button>
      )}
    </div>
  );
}

/** The messages of one destination's fields: recipient's by field, the others by their key's tail. */
function blockErrors(errors: Record<string, string[]>, index: number) {
  const prefix = `shipments.${index}.`;
  const recipient: RecipientFormErrors = {};
  const other: Record<string, string> = {};
  for (const [key, messages] of Object.entries(errors)) {
    if (!key.startsWith(prefix)) continue;
    const tail = key.slice(prefix.length);
    if (tail.startsWith("recipient.")) (recipient as Record<string, string[]>)[tail.slice("recipient.".length)] = messages;
    else other[tail] = messages.join(" ");
  }
  return { recipient, other };
}

function DestinationBlock({
  index,
  destination,
  items,
  book,
  buyerPrefecture,
  deliveryCalendar,
  timezones,
  giftSettings,
  errors,
  plain,
  onChange,
  onRemove,
}: {
  index: number;
  destination: DestinationForm;
  items: CartItem[];
  book: AddressBookEntry[];
  buyerPrefecture: number | null;
  deliveryCalendar: DeliveryCalendarInput;
  timezones: Record<string, string>;
  giftSettings: GiftSettings;
  errors: Record<string, string[]>;
  plain: boolean;
  onChange(change: (current: DestinationForm) => DestinationForm): void;
  onRemove: (() => void) | undefined;
}) {
  const { t, locale, yen } = useI18n();
  const dates = useDeliveryDates(deliveryCalendar, prefectureOfDestination(destination, buyerPrefecture));
  const { recipient: recipientErrors, other } = blockErrors(errors, index);
  const gift = destination.gift;
  const setGift = (change: Partial<GiftFormValue>) => onChange((current) => ({ ...current, gift: { ...current.gift, ...change } }));
  const choices = [
    { value: "buyer", label: t("destinations.toBuyer") },
    ...book.map((entry) => ({
      value: `book:${entry.id}`,
      label: t("recipient.fromBook", {
        name: entry.name,
        prefecture: entry.prefecture === null ? entry.country_name : (prefectureName(entry.prefecture, locale) ?? ""),
      }),
    })),
    { value: "other", label: t("destinations.typed") },
  ];
  const headingId = `destination-${destination.key}`;
  const field = (name: string) => destinationField(index, name);
  return (
    <section className={styles.destination} aria-labelledby={headingId} data-testid="destination">
      <div className={styles.destinationHead}>
        <h3 id={headingId} className={styles.destinationHeading}>
          {t("destinations.heading", { n: index + 1 })}
        </h3>
        {onRemove && (
          <Button variant="secondary" {...blocksButton(`remove:${index}`, onRemove)} data-testid="remove-destination">
            {t("destinations.remove")}
          </Button>
        )}
      </div>
      <Select
        label={t("destinations.recipient")}
        name={field("choice")}
        value={destination.delivery.choice}
        options={choices}
        onChange={(event) => {
          const choice = event.target.value;
          const entry = book.find((each) => `book:${each.id}` === choice);
          onChange((current) => ({ ...current, delivery: { ...current.delivery, choice, entry } }));
        }}
      />
      {(destination.delivery.choice === "other" || plain) && (
        <RecipientFields
          withKana
          namePrefix={field("")}
          addressNamePrefix={field("")}
          value={destination.delivery.other}
          onChange={(change) =>
            onChange((current) => ({
              ...current,
              delivery: { ...current.delivery, other: typeof change === "function" ? change(current.delivery.other) : change },
            }))
          }
          errors={recipientErrors}
        />
      )}
      <fieldset className={styles.destinationBottles}>
        <legend>{t("destinations.bottles")}</legend>
        {items.map((item) => (
          <Select
            key={item.id}
            label={t("destinations.bottleAmount", { name: item.name })}
            name={field(`qty_${item.id}`)}
            value={String(destination.quantities[item.id] ?? 0)}
            options={Array.from({ length: item.amount + 1 }, (_, amount) => ({ value: String(amount), label: String(amount) }))}
            onChange={(event) => {
              const amount = Number(event.target.value);
              onChange((current) => ({ ...current, quantities: { ...current.quantities, [item.id]: amount } }));
            }}
          />
        ))}
        {other.items && <p className={styles.destinationError}>{other.items}</p>}
      </fieldset>
      <DeliveryWishFields
        value={destination.wish}
        names={{ date: field("date"), timezone: field("timezone") }}
        onChange={(wish) => onChange((current) => ({ ...current, wish }))}
        dates={dates}
        timezones={timezones}
        errors={{ date: other.desired_delivery_date, timezone: other.desired_delivery_timezone }}
      />
      <fieldset className={styles.destinationGift}>
        <legend>{t("checkout.giftHeading")}</legend>
        {giftSettings.noshi && (
          <>
            <Checkbox
              label={t("destinations.noshi")}
              name={field("noshi")}
              value="1"
              checked={gift.noshi}
              onChange={(event) => setGift({ noshi: event.target.checked })}
            />
            {(gift.noshi || plain) && (
              <div className={styles.destinationNoshi}>
                <Select
                  label={t("destinations.omotegaki")}
                  name={field("omotegaki")}
                  value={gift.omotegaki}
                  options={giftSettings.omotegaki.map((text) => ({ value: text, label: text }))}
                  onChange={(event) => setGift({ omotegaki: event.target.value })}
                  error={other["gift.noshi.omotegaki"]}
                />
                <Input
                  label={t("destinations.noshiName")}
                  name={field("noshi_name")}
                  value={gift.name}
                  maxLength={20}
                  onChange={(event) => setGift({ name: event.target.value })}
                  error={other["gift.noshi.name"]}
                />
                <Select
                  label={t("destinations.placement")}
                  name={field("placement")}
                  value={gift.placement}
                  options={NOSHI_PLACEMENTS.map((placement) => ({ value: placement, label: NOSHI_PLACEMENT_LABELS[placement][locale] }))}
                  onChange={(event) => setGift({ placement: event.target.value as NoshiPlacement })}
                />
              </div>
            )}
          </>
        )}
        {giftSettings.wrapping && (
          <Checkbox
            label={t("destinations.wrapping", { fee: yen(giftSettings.wrappingFee) })}
            name={field("wrapping")}
            value="1"
            checked={gift.wrapping}
            onChange={(event) => setGift({ wrapping: event.target.checked })}
          />
        )}
        {giftSettings.hidePrices && (
          <Checkbox
            label={t("destinations.hidePrices")}
            name={field("hide_prices")}
            value="1"
            checked={gift.hidePrices}
            onChange={(event) => setGift({ hidePrices: event.target.checked })}
          />
        )}
        {giftSettings.messageCard && (
          <Textarea
            label={t("destinations.message")}
            name={field("message")}
            rows={2}
            maxLength={200}
            value={gift.message}
            onChange={(event) => setGift({ message: event.target.value, messageCard: event.target.value.trim() !== "" })}
            error={other["gift.message_card"]}
          />
        )}
        {other["gift.wrapping"] && <p className={styles.destinationError}>{other["gift.wrapping"]}</p>}
      </fieldset>
    </section>
  );
}

interface UploadProblem {
  line: number;
  column: string;
  message: string;
}

/** The list's upload: the template, the file, the problems by line and column, or the destinations read. */
function DestinationsUpload({ items, onRead }: { items: CartItem[]; onRead(shipments: CheckoutShipmentInput[]): void }) {
  const { t, locale } = useI18n();
  const cart = useCart();
  const [file, setFile] = useState<File | null>(null);
  const { busy: reading, run } = useBusyCall();
  const [rows, setRows] = useState<UploadProblem[]>([]);
  const [general, setGeneral] = useState<string[]>([]);
  const [done, setDone] = useState<string | null>(null);
  const [differs, setDiffers] = useState<{ id: string; name: string; cart: number; list: number }[]>([]);

  async function read() {
    if (!file) return;
    setRows([]);
    setGeneral([]);
    setDone(null);
    setDiffers([]);
    await run(
      "destinations list not read",
      async () => {
        const dataUrl = await new Promise<string>((resolve, reject) => {
          const reader = new FileReader();
          reader.onload = () => resolve(String(reader.result));
          reader.onerror = () => reject(reader.error ?? new Error("unreadable"));
          reader.readAsDataURL(file);
        });
        const result = await callApi<{
          data?: { shipments: CheckoutShipmentInput[]; items: { id: number; amount: number }[] };
          errors?: string[];
          rows?: UploadProblem[];
        }>(locale, "/checkout/destinations", {
          method: "POST",
          body: { file: dataUrl },
        });
        const body = result.body;
        if (!result.ok || !body?.data) {
          if (body?.rows && body.rows.length > 0) setRows(body.rows);
          else setGeneral(body?.errors ?? [t("checkout.failed")]);
          return;
        }
        const listed = body.data.items;
        const missing = listed.find((item) => !items.some((each) => each.id === String(item.id)));
        if (missing) {
          setGeneral([t("destinations.notInCart", { id: missing.id })]);
          return;
        }
        const differing = items
          .map((item) => ({ id: item.id, name: item.name, cart: item.amount, list: listed.find((each) => String(each.id) === item.id)?.amount ?? 0 }))
          .filter((line) => line.cart !== line.list);
        setDiffers(differing);
        onRead(body.data.shipments);
        setDone(t("destinations.readDone", { count: body.data.shipments.length }));
      },
      () => setGeneral([t("checkout.failed")]),
    );
  }

  return (
    <details className={styles.destinationsUpload} data-testid="destinations-upload">
      <summary>{t("destinations.uploadHeading")}</summary>
      <p className={styles.methodNote}>{t("destinations.uploadLead")}</p>
      <p>
        <a href={`/${locale}/api/checkout/destinations-template.csv`} download>
          {t("destinations.template")}
        </a>
      </p>
      <p className={styles.methodNote}>
        {t("destinations.productNumbers")}: {items.map((item) => `${item.id} ${item.name}`).join(" / ")}
      </p>
      <div className={styles.destinationsUploadRow}>
        <label className={styles.destinationsFile}>
          {t("destinations.file")}
          <input type="file" accept=".csv,text/csv" data-testid="destinations-file" onChange={(event) => setFile(event.target.files?.[0] ?? null)} />
        </label>
        <Button type="button" disabled={!file || reading} onClick={() => void read()}>
          {reading ? t("destinations.reading") : t("destinations.read")}
        </Button>
      </div>
      {general.length > 0 && <Notice tone="danger">{general.join(" ")}</Notice>}
      {rows.length > 0 && (
        <div data-testid="destinations-upload-errors">
          <Notice tone="danger">{t("destinations.readFailed")}</Notice>
          <div className={styles.destinationsTableWrap}>
            <table className={styles.destinationsTable}>
              <thead>
                <tr>
                  <th scope="col">{t("destinations.line")}</th>
                  <th scope="col">{t("destinations.column")}</th>
                  <th scope="col">{t("destinations.problem")}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((row, index) => (
                  <tr key={index}>
                    <td>{row.line === 0 ? t("destinations.fileLevel") : row.line}</td>
                    <td>{row.column}</td>
                    <td>{row.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
      {done && (
        <Notice tone="info" testId="destinations-read">
          {done}
        </Notice>
      )}
      {differs.length > 0 && (
        <Notice tone="danger" testId="destinations-cart-differs">
          <p>{t("destinations.cartDiffers", { lines: differs.map((line) => t("destinations.cartDiffersLine", line)).join("、") })}</p>
          <Button
            type="button"
            variant="secondary"
            onClick={() => {
              for (const line of differs) cart.update(line.id, line.list, { openDrawer: false });
              setDiffers([]);
            }}
          >
            {t("destinations.matchCart")}
          </Button>
        </Notice>
      )}
    </details>
  );
}

/** The summary's lines: each destination, its bottles and its fee. */
export function DestinationsSummary({ destinations, items, quotes }: { destinations: DestinationForm[]; items: CartItem[]; quotes: ShippingQuote[] }) {
  const { t, yen } = useI18n();
  return (
    <div className={styles.destinationsSummary} data-testid="destinations-summary">
      <h3 className={styles.destinationHeading}>{t("destinations.summaryHeading")}</h3>
      <p>{t("destinations.count", { count: destinations.length })}</p>
      <ul>
        {destinations.map((destination, index) => {
          const recipient = recipientOf(destination.delivery);
          const bottles = itemsOfDestination(destination, items).reduce((sum, item) => sum + item.amount, 0);
          const quote = quotes[index];
          return (
            <li key={destination.key}>
              {t("destinations.summaryLine", { n: index + 1, name: recipient?.name || t("destinations.toBuyer"), bottles })}{" "}
              <strong>{quote ? (quote.free ? t("destinations.summaryFree") : yen(quote.fee)) : ""}</strong>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** The prefecture the orderer's address form says (null when none). */
export function buyerPrefectureOf(address: Parameters<typeof addressPayload>[0]): number | null {
  return addressPayload(address).prefecture;
}
