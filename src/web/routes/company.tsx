import type { Route } from "./+types/company";
import { parseIsoDate } from "../../domain/format.ts";
import { TransitionLink } from "../shared/layout/page-transition.tsx";
import { legalPageMeta } from "../features/legal/legal-meta.ts";
import type { LegalRow } from "../features/legal/legal-table.tsx";
import { EmailLink, LegalSection, LegalTable, PhoneLink, PostalAddress } from "../features/legal/legal-table.tsx";
import styles from "../features/legal/legal.module.css";
import { useSite } from "../shared/site/site-context.tsx";
import { providePageTexts, useI18n } from "../i18n/i18n.tsx";
import { companyJa } from "../i18n/legal-company.ja.ts";
import { companyEn } from "../i18n/legal-company.en.ts";

// This page's long texts are its own, not in the dictionary every page loads (decision 047): added
// as its module loads, before its title or body is drawn.
providePageTexts({ ja: companyJa, en: companyEn });

export function meta({ matches }: Route.MetaArgs) {
  return legalPageMeta(matches, "company.description", "nav.company");
}

/** Company overview (会社概要): store, liquor sales manager sign, contact, licence, business hours. */
export default function CompanyRoute() {
  const i18n = useI18n();
  const { t, pick } = i18n;
  const { shop } = useSite();
  const address = <PostalAddress zip={shop.zip} address={pick(shop.address)} />;
  const manager = shop.liquorSalesManager;
  const formatIsoDate = (value: string) => {
    const date = parseIsoDate(value);
    return date ? i18n.date(date) : value;
  };

  const storeRows: LegalRow[] = [
    { id: "shopName", label: t("company.shopName"), value: pick(shop.shopName) },
    { id: "companyName", label: t("company.companyName"), value: pick(shop.companyName) },
    { id: "representative", label: t("company.representative"), value: pick(shop.representative) },
    { id: "address", label: t("company.address"), value: address },
    { id: "phone", label: t("company.phone"), value: <PhoneLink phone={shop.phone} /> },
    { id: "email", label: t("company.email"), value: <EmailLink email={shop.email} /> },
  ];

  const signRows: LegalRow[] = [
    {
      id: "premises",
      label: t("company.signPremises"),
      value: (
        <>
          <span className={styles.line}>{pick(shop.shopName)}</span>
          <span className={styles.line}>{address}</span>
        </>
      ),
    },
    { id: "manager", label: t("company.signManager"), value: pick(manager.name) },
    { id: "trainingDate", label: t("company.signTrainingDate"), value: formatIsoDate(manager.trainingDate) },
    {
      id: "nextTraining",
      label: t("company.signNextTraining"),
      value: formatIsoDate(manager.nextTrainingDeadline),
    },
    { id: "trainingBody", label: t("company.signTrainingBody"), value: pick(manager.trainingBody) },
  ];

  const contactRows: LegalRow[] = [
    { id: "phone", label: t("company.phone"), value: <PhoneLink phone={shop.phone} /> },
    { id: "email", label: t("company.email"), value: <EmailLink email={shop.email} /> },
    { id: "hours", label: t("company.contactHours"), value: pick(shop.contactHours) },
    {
      id: "form",
      label: t("company.inquiryForm"),
      value: <TransitionLink to="/inquiry">{t("company.inquiryFormLink")}</TransitionLink>,
    },
  ];

  const licenceRows: LegalRow[] = [
    { id: "type", label: t("company.licenceType"), value: pick(shop.liquorLicence.type) },
    { id: "number", label: t("company.licenceNumber"), value: shop.liquorLicence.number },
    { id: "office", label: t("company.taxOffice"), value: pick(shop.liquorLicence.issuingTaxOffice) },
  ];

  return (
    <div className="page-narrow" data-testid="company-page">
      <h1 className="page-title">{t("company.title")}</h1>

      <LegalSection heading={t("company.storeHeading")}>
        <LegalTable rows={storeRows} />
      </LegalSection>

      <LegalSection heading={t("company.managerHeading")}>
        <p className={styles.lead}>{t("company.managerLead")}</p>
        <div className={styles.sign} data-testid="liquor-sign">
          <LegalTable rows={signRows} caption={t("company.signTitle")} />
        </div>
      </LegalSection>

      <LegalSection heading={t("company.contactHeading")}>
        <LegalTable rows={contactRows} />
      </LegalSection>

      <LegalSection heading={t("company.licenceHeading")}>
        <LegalTable rows={licenceRows} />
      </LegalSection>

      <LegalSection heading={t("company.hoursHeading")}>
        <LegalTable rows={[{ id: "hours", label: t("company.businessHours"), value: pick(shop.businessHours) }]} />
        <p className={styles.note}>{t("company.hoursNote")}</p>
      </LegalSection>
    </div>
  );
}
