import { adminTexts } from "./admin-texts.ts";
import { adminMorningEn } from "../../i18n/admin-morning.en.ts";
import type { AdminMorningKey } from "../../i18n/admin-morning.ja.ts";
import { adminMorningJa } from "../../i18n/admin-morning.ja.ts";

const texts = adminTexts<AdminMorningKey>({ ja: adminMorningJa, en: adminMorningEn });

export const morningText = texts.text;

/** The issued-data upload's and the dashboard charts' texts in the page's language. */
export const useMorningText = texts.useText;
