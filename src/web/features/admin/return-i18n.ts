import { adminTexts } from "./admin-texts.ts";
import { adminReturnEn } from "../../i18n/admin-return.en.ts";
import type { AdminReturnKey } from "../../i18n/admin-return.ja.ts";
import { adminReturnJa } from "../../i18n/admin-return.ja.ts";

const texts = adminTexts<AdminReturnKey>({ ja: adminReturnJa, en: adminReturnEn });

export const returnText = texts.text;

/** The return form's and the order page's returns texts in the page's language. */
export const useReturnText = texts.useText;
