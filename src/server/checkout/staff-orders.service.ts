import type { CheckoutItemError } from "../../domain/checkout.ts";
import { DomainError } from "../../domain/errors.ts";
import { japanDateOf } from "../../domain/japan-time.ts";
import { katakanaOf } from "../../domain/kana.ts";
import type { Locale } from "../../domain/locale.ts";
import type { StaffOrderInput, StaffOrderMember } from "../../domain/staff-order.ts";
import { STAFF_ORDER_CHANNEL_LABELS, staffOrderFieldOf } from "../../domain/staff-order.ts";
import type { AccountService } from "../accounts/account.service.ts";
import type { AddressService } from "../address/address.service.ts";
import type { CatalogService } from "../catalog/catalog.service.ts";
import type { Database } from "../db/client.ts";
import type { OrderRow } from "../orders/orders.service.ts";
import type { ShopProfileService } from "../shop/shop-profile.service.ts";
import type { CheckoutOrderInput, CheckoutPayloadValue } from "./checkout.validation.ts";
import { validateCheckout } from "./checkout.validation.ts";
import { deliveryDatesFor } from "./delivery-calendar.ts";
import type { PlacementDeps } from "./order-placement.ts";
import { ItemsRejected, placeOrder } from "./order-placement.ts";

/** Who enters the order: the signed-in staff member. */
export interface StaffOrderAuthor {
  id: number;
  /** Their sign-in address: the order's history row names them by it. */
  email: string;
}

/** The answer of POST /admin/api/orders: the order, or the items that cannot be bought as they are. */
export type StaffOrderResult = { ok: true; order: OrderRow } | { ok: false; itemErrors: CheckoutItemError[] };

/** Field messages of the checkout's rules moved under the staff form's fields (address.zip → zip, recipient.name → recipient_name). */
function asFormFields(error: DomainError): DomainError {
  if (!error.fields) return error;
  const fields: Record<string, string[]> = {};
  for (const [key, messages] of Object.entries(error.fields)) (fields[staffOrderFieldOf(key)] ??= []).push(...messages);
  return new DomainError(error.kind, error.messageKey, fields, error.messages);
}

/**
 * Orders entered by staff (phone, FAX, in the shop; decision 081): the form's fields checked by the
 * checkout's own rules (address, delivery calendar and time band, the age on the order day, gift
 * options), then placed by the checkout's placement (order-placement.ts) in one transaction, which
 * the request's key is kept in. Paid as the method's `staffEntry` says: directly, or a card order
 * in await_payment with its payment pending until the customer pays through a link.
 */
export class StaffOrdersService {
  constructor(
    private readonly db: Database,
    private readonly deps: PlacementDeps & {
      catalog: Pick<CatalogService, "availabilityChanged">;
      shopProfiles: ShopProfileService;
      addresses: AddressService;
      members: Pick<AccountService, "memberForOrder">;
    },
  ) {}

  /** The member of an address with what the form starts from; not-found when there is none. */
  async member(email: string, locale: Locale): Promise<StaffOrderMember> {
    const member = await this.deps.members.memberForOrder(email);
    if (!member) throw new DomainError("not-found");
    const saved = await this.deps.addresses.saved(member.id, locale);
    return {
      email: member.email,
      name: member.name,
      phone: member.phone,
      birth_date: member.birthDate,
      address: saved
        ? { country: saved.country, zip: saved.zip, prefecture: saved.prefecture, address: saved.address, building_name: saved.building_name }
        : null,
    };
  }

  async create(form: StaffOrderInput, author: StaffOrderAuthor, locale: Locale): Promise<StaffOrderResult> {
    const now = new Date();
    const member = form.memberEmail ? await this.deps.members.memberForOrder(form.memberEmail) : null;
    if (form.memberEmail && !member) {
      const message = { ja: "この会員のメールアドレスは見つかりませんでした。", en: "No member has this email address." }[locale];
      throw new DomainError("invalid", undefined, { member_email: [message] }, [message]);
    }
    const shop = await this.deps.shopProfiles.profile();
    const payload = {
      items: form.items,
      memo: "",
      payment: {},
      address: await this.deps.addresses.withPrefecture(form.address),
      recipient: form.recipient
        ? await this.deps.addresses.withPrefecture({
            name: form.recipient.name,
            kana: form.recipient.kana,
            phone: form.recipient.phone,
            country: form.recipient.country,
            zip: form.recipient.zip,
            prefecture: form.recipient.prefecture,
            address: form.recipient.address,
            building_name: form.recipient.building_name,
          })
        : null,
      payment_method: form.paymentMethod,
      name: form.name,
      // A member's order goes to their account's address, as their own checkout would.
      email: member?.email ?? form.email,
      phone: form.phone,
      desired_delivery_date: form.desiredDeliveryDate,
      desired_delivery_timezone: form.desiredDeliveryTimezone,
      birth_date: form.birthDate,
      gift: form.gift ?? undefined,
    } as CheckoutPayloadValue;
    const facts = await this.deps.addresses.facts([payload.address, payload.recipient]);
    let input: CheckoutOrderInput;
    try {
      input = validateCheckout(payload, {
        locale,
        todayInJapan: japanDateOf(now),
        deliveryDates: (prefecture) => deliveryDatesFor(shop, now, prefecture),
        timeBandCodes: Object.keys(shop.deliveryTimeBands),
        signedIn: false,
        hasSavedCard: false,
        validateAddress: (address) => this.deps.addresses.validate(address, locale, facts),
        giftSettings: shop.gift,
        enteredByStaff: true,
      });
    } catch (error) {
      throw error instanceof DomainError ? asFormFields(error) : error;
    }

    // The history row says how the order came in and who took it: 「電話注文（入力：staff@…）」.
    const note = `${STAFF_ORDER_CHANNEL_LABELS[form.channel].ja}（入力：${author.email}）`;
    let placed;
    try {
      placed = await this.db.transaction((tx) =>
        placeOrder(tx, this.deps, {
          input,
          shop,
          locale,
          now,
          userId: member?.id ?? null,
          actor: { kind: "staff", id: String(author.id), note },
          // Every method staff take starts awaiting its payment (its payment authorized, as a bank
          // transfer's); a card's waits, with no reservation deadline, until the customer pays
          // through the link staff send (decision 082), so the checkout's sweep never takes it.
          status: "await_payment",
          reservedUntil: null,
          entry: { staffId: author.id, channel: form.channel, memo: form.memo, kana: form.kana ? katakanaOf(form.kana) : "" },
        }),
      );
    } catch (error) {
      if (error instanceof ItemsRejected) return { ok: false, itemErrors: error.errors };
      throw error instanceof DomainError ? asFormFields(error) : error;
    }
    await this.deps.catalog.availabilityChanged(placed.soldOut);
    await placed.afterCommit();
    return { ok: true, order: placed.order };
  }
}
