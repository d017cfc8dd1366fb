import type { TextOf } from "./admin-texts.ts";
import { adminTexts } from "./admin-texts.ts";
import type { OrderEntryAnswer } from "../../../domain/order-view.ts";
import { adminStaffOrderEn } from "../../i18n/admin-staff-order.en.ts";
import type { AdminStaffOrderKey } from "../../i18n/admin-staff-order.ja.ts";
import { adminStaffOrderJa } from "../../i18n/admin-staff-order.ja.ts";

/** The order form staff enter an order with (decision 081), rendered on the server. */
export const NEW_ORDER_PATH = "/admin/orders/new";

const texts = adminTexts<AdminStaffOrderKey>({ ja: adminStaffOrderJa, en: adminStaffOrderEn });

export type StaffOrderText = TextOf<AdminStaffOrderKey>;

export const staffOrderText = texts.text;

/** The order form's texts, and the order page's and list's "entered by", in the page's language. */
export const useStaffOrderText = texts.useText;

/** 「電話注文（入力：staff@…）」: how an order staff entered says so on the order page and list. */
export function enteredByLabel(entry: OrderEntryAnswer, text: StaffOrderText): string {
  const channel = text(`staffOrder.channel.${entry.channel}`);
  return entry.staff_name ? text("staffOrder.enteredBy", { channel, staff: entry.staff_name }) : text("staffOrder.enteredByUnknown", { channel });
}
