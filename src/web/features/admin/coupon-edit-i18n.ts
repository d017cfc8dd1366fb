import { adminTexts } from "./admin-texts.ts";
import { adminCouponEditEn } from "../../i18n/admin-coupon-edit.en.ts";
import type { AdminCouponEditKey } from "../../i18n/admin-coupon-edit.ja.ts";
import { adminCouponEditJa } from "../../i18n/admin-coupon-edit.ja.ts";

const texts = adminTexts<AdminCouponEditKey>({ ja: adminCouponEditJa, en: adminCouponEditEn });

export const couponEditText = texts.text;

/** One coupon's edit page's texts in the page's language (decision 095). */
export const useCouponEditText = texts.useText;
