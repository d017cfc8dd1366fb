import { adminTexts } from "./admin-texts.ts";
import { adminParcelsEn } from "../../i18n/admin-parcels.en.ts";
import type { AdminParcelsKey } from "../../i18n/admin-parcels.ja.ts";
import { adminParcelsJa } from "../../i18n/admin-parcels.ja.ts";

const texts = adminTexts<AdminParcelsKey>({ ja: adminParcelsJa, en: adminParcelsEn });

export const parcelsText = texts.text;

/** The parcels' blocks and each parcel's page in the page's language (decision 097). */
export const useParcelsText = texts.useText;
