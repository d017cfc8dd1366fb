import { shippingPromise } from "../../domain/delivery-calendar.ts";
import { prefectureGroups } from "../../domain/shipping-table.ts";
import { offeredPaymentMethods } from "../../domain/payment-methods/payment-method.registry.ts";
import type { Route } from "./+types/legal-notice";
import { legalPageMeta } from "../features/legal/legal-meta.ts";
import type { LegalRow } from "../features/legal/legal-table.tsx";
import { EmailLink, LegalList, LegalSection, LegalTable, PhoneLink, PostalAddress } from "../features/legal/legal-table.tsx";
import styles from "../features/legal/legal.module.css";
import { useSite } from "../shared/site/site-context.tsx";
import { providePageTexts, useI18n } from "../i18n/i18n.tsx";
import { legalNoticeJa } from "../i18n/legal-notice.ja.ts";
import { legalNoticeEn } from "../i18n/legal-notice.en.ts";
import "../i18n/checkout-texts.ts";

// This page's long texts are its own, not in the dictionary every page loads (decision 047): added
// as its module loads, before its title or body is drawn.
providePageTexts({ ja: legalNoticeJa, en: legalNoticeEn });

export function meta({ matches }: Route.MetaArgs) {
  return legalPageMeta(matches, "legalNotice.description");
}

/**
 * The notice the Act on Specified Commercial Transactions requires, rows in the order Japanese
 * shoppers expect. Every amount and period comes from the shop profile's terms.
 */
export default function LegalNoticeRoute() {
  const { t, pick, yen, locale } = useI18n();
  const { shop } = useSite();
  const { terms, liquorLicence } = shop;
  // The methods an order can store that the trader offers, in the checkout's order.
  const methods = offeredPaymentMethods(terms).filter((method) => method.code === method.stored);
  /** A per-prefecture column of the shipping table in words: named prefectures first, then the rest. */
  const inWords = (values: readonly number[], shown: (value: number) => string) =>
    prefectureGroups(values, locale)
      .map((group) =>
        group.prefectures === null
          ? t("legalNotice.shippingRest", { amount: shown(group.value) })
          : group.prefectures.length === 0
            ? t("legalNotice.shippingFlat", { amount: shown(group.value) })
            : t("legalNotice.shippingZone", { prefectures: group.prefectures.join(locale === "ja" ? "・" : ", "), amount: shown(group.value) }),
      )
      .join(locale === "ja" ? "／" : "; ");

  const rows: LegalRow[] = [
    { id: "seller", label: t("legalNotice.seller"), value: pick(shop.companyName) },
    {
      id: "address",
      label: t("legalNotice.address"),
      value: <PostalAddress zip={shop.zip} address={pick(shop.address)} />,
    },
    { id: "phone", label: t("legalNotice.phone"), value: <PhoneLink phone={shop.phone} /> },
    { id: "contactHours", label: t("legalNotice.contactHours"), value: pick(shop.contactHours) },
    { id: "email", label: t("legalNotice.email"), value: <EmailLink email={shop.email} /> },
    { id: "operationsManager", label: t("legalNotice.operationsManager"), value: pick(shop.operationsManager) },
    {
      id: "extraCharges",
      label: t("legalNotice.extraCharges"),
      value: (
        <LegalList
          items={[
            // The shipping table in words (shipping-table.ts): the prefectures with their own fee, then the rest.
            t("legalNotice.shippingFee", {
              zones: inWords(terms.shipping.fees, yen),
            }),
            t("legalNotice.shippingBox", { bottles: terms.shipping.bottlesPerBox }),
            t("legalNotice.coolShippingFee", { amount: yen(terms.shipping.coolSurchargePerBox) }),
            ...(terms.shipping.freeShippingFrom > 0 ? [t("legalNotice.freeShipping", { amount: yen(terms.shipping.freeShippingFrom) })] : []),
            // Shipping and the free-shipping line are per destination (decision 087).
            t("legalNotice.destinationsShipping"),
            ...(pick(terms.shipping.remoteIslandsNote) ? [pick(terms.shipping.remoteIslandsNote)] : []),
            // Each offered method's own charges, from its terms (decision 077): a new method's fee is never missing here.
            ...methods.flatMap((method) => method.legalNoticeCharges(terms, locale, yen)),
            // Consumption tax is charged on items, shipping and the fee together.
            t("legalNotice.taxNote"),
          ]}
        />
      ),
    },
    {
      id: "returns",
      label: t("legalNotice.returns"),
      value: (
        <>
          <p>{t("legalNotice.returnsOwnReason")}</p>
          <p>{t("legalNotice.returnsDefective")}</p>
        </>
      ),
    },
    {
      id: "delivery",
      label: t("legalNotice.delivery"),
      value: (
        <>
          {/* The shop's one shipping promise, from its delivery calendar (decision 054). */}
          <p data-testid="shipping-promise">
            {t("legalNotice.deliveryText", { promise: shippingPromise(shop.deliveryCalendar, locale), days: terms.arrivalWithinDays })}
          </p>
          <p data-testid="transit-days">
            {t("legalNotice.shippingDays", { transit: inWords(terms.shipping.transitDays, (days) => t("legalNotice.transitDays", { days })) })}
          </p>
        </>
      ),
    },
    {
      id: "payment",
      label: t("legalNotice.payment"),
      value: <LegalList items={methods.map((method) => method.texts.legalNotice[locale])} />,
    },
    {
      id: "paymentDeadline",
      label: t("legalNotice.paymentDeadline"),
      value: <LegalList items={methods.map((method) => method.withTerms(method.texts.timing, terms, locale, yen))} />,
    },
  ];

  return (
    <div className="page-narrow" data-testid="legal-notice-page">
      <h1 className="page-title">{t("legalNotice.title")}</h1>
      <div className={styles.section}>
        <LegalTable rows={rows} testId="legal-notice-table" />
      </div>
      <LegalSection heading={t("legalNotice.liquorHeading")}>
        <p>{t("legalNotice.ageNotice")}</p>
        <p>
          {t("legalNotice.licence", {
            type: pick(liquorLicence.type),
            number: liquorLicence.number,
            office: pick(liquorLicence.issuingTaxOffice),
          })}
        </p>
      </LegalSection>
    </div>
  );
}
