import { useCallback } from "react";
import type { Locale } from "../../../domain/locale.ts";
import { fillText } from "../../../domain/fill-text.ts";
import type { OrderEntryAnswer } from "../../../domain/order-view.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { adminStaffOrderEn } from "../../i18n/admin-staff-order.en.ts";
import type { AdminStaffOrderDictionary, AdminStaffOrderKey } from "../../i18n/admin-staff-order.ja.ts";
import { adminStaffOrderJa } from "../../i18n/admin-staff-order.ja.ts";

/** The order form staff enter an order with (decision 081), rendered on the server. */
export const NEW_ORDER_PATH = "/admin/orders/new";

const dictionaries: Record<Locale, AdminStaffOrderDictionary> = { ja: adminStaffOrderJa, en: adminStaffOrderEn };

export type StaffOrderText = (key: AdminStaffOrderKey, params?: Record<string, string | number>) => string;

export function staffOrderText(locale: Locale, key: AdminStaffOrderKey, params?: Record<string, string | number>): string {
  const text = dictionaries[locale][key];
  return params ? fillText(text, params) : text;
}

/** The order form's texts, and the order page's and list's "entered by", in the page's language. */
export function useStaffOrderText(): StaffOrderText {
  const { locale } = useI18n();
  return useCallback<StaffOrderText>((key, params) => staffOrderText(locale, key, params), [locale]);
}

/** 「電話注文（入力：staff@…）」: how an order staff entered says so on the order page and list. */
export function enteredByLabel(entry: OrderEntryAnswer, text: StaffOrderText): string {
  const channel = text(`staffOrder.channel.${entry.channel}`);
  return entry.staff_name ? text("staffOrder.enteredBy", { channel, staff: entry.staff_name }) : text("staffOrder.enteredByUnknown", { channel });
}
