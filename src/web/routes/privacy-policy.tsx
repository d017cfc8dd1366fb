import type { Route } from "./+types/privacy-policy";
import { legalPageMeta } from "../features/legal/legal-meta.ts";
import { EmailLink, LegalList, LegalSection, LegalTable, PostalAddress } from "../features/legal/legal-table.tsx";
import styles from "../features/legal/legal.module.css";
import { useSite } from "../shared/site/site-context.tsx";
import { providePageTexts, useI18n } from "../i18n/i18n.tsx";
import type { MessageKey } from "../i18n/ja.ts";
import { privacyJa } from "../i18n/legal-privacy.ja.ts";
import { privacyEn } from "../i18n/legal-privacy.en.ts";

// This page's long texts are its own, not in the dictionary every page loads (decision 047): added
// as its module loads, before its title or body is drawn.
providePageTexts({ ja: privacyJa, en: privacyEn });

export function meta({ matches }: Route.MetaArgs) {
  return legalPageMeta(matches, "privacy.description", "nav.privacy");
}

/** A section of the policy: heading, paragraphs before a list, the list, paragraphs after it. */
interface PolicySection {
  heading: MessageKey;
  lead?: MessageKey[];
  items?: MessageKey[];
  after?: MessageKey[];
}

// Sections 1–8 of the policy; section 9 (the contact desk) shows the shop's own details.
const SECTIONS: PolicySection[] = [
  {
    heading: "privacy.collectedHeading",
    lead: ["privacy.collectedLead"],
    items: [
      "privacy.collectedContact",
      "privacy.collectedDelivery",
      "privacy.collectedAccount",
      "privacy.collectedOrders",
      "privacy.collectedAge",
      "privacy.collectedInquiries",
      "privacy.collectedAccess",
    ],
  },
  {
    heading: "privacy.purposesHeading",
    lead: ["privacy.purposesLead"],
    items: [
      "privacy.purposeOrders",
      "privacy.purposePayment",
      "privacy.purposeAge",
      "privacy.purposeAccount",
      "privacy.purposeSupport",
      "privacy.purposeMagazine",
      "privacy.purposeImprovement",
      "privacy.purposeFraud",
      "privacy.purposeLegal",
    ],
  },
  {
    heading: "privacy.managementHeading",
    lead: ["privacy.managementLead"],
    items: ["privacy.managementOrganization", "privacy.managementStaff", "privacy.managementTechnical", "privacy.managementCards"],
    after: ["privacy.managementRetention"],
  },
  {
    heading: "privacy.outsourcingHeading",
    lead: ["privacy.outsourcingLead"],
    items: ["privacy.outsourcingCarriers", "privacy.outsourcingPayments", "privacy.outsourcingSystems"],
    after: ["privacy.outsourcingAbroad"],
  },
  {
    heading: "privacy.thirdPartyHeading",
    lead: ["privacy.thirdPartyLead"],
    items: ["privacy.thirdPartyLaw", "privacy.thirdPartyLife", "privacy.thirdPartyHealth", "privacy.thirdPartyAuthorities", "privacy.thirdPartyOther"],
    after: ["privacy.thirdPartyNote"],
  },
  {
    heading: "privacy.requestsHeading",
    lead: ["privacy.requestsLead", "privacy.requestsHow", "privacy.requestsMyPage", "privacy.requestsRefusal"],
  },
  {
    heading: "privacy.cookiesHeading",
    lead: ["privacy.cookiesUse", "privacy.cookiesAccess", "privacy.cookiesDisable"],
  },
  { heading: "privacy.revisionsHeading", lead: ["privacy.revisionsText"] },
];

/** The privacy policy, naming the shop's company and contact desk from the profile. */
export default function PrivacyPolicyRoute() {
  const { t, pick } = useI18n();
  const { shop } = useSite();
  const params = { company: pick(shop.companyName), shop: pick(shop.shopName), email: shop.email };
  const paragraphs = (keys: MessageKey[] = []) => keys.map((key) => <p key={key}>{t(key, params)}</p>);

  return (
    <div className="page-narrow" data-testid="privacy-policy-page">
      <h1 className="page-title">{t("privacy.title")}</h1>
      <p className={styles.lead}>{t("privacy.intro", params)}</p>

      {SECTIONS.map((section) => (
        <LegalSection key={section.heading} heading={t(section.heading)}>
          {paragraphs(section.lead)}
          {section.items && <LegalList items={section.items.map((key) => t(key, params))} />}
          {paragraphs(section.after)}
        </LegalSection>
      ))}

      <LegalSection heading={t("privacy.contactHeading")}>
        <p>{t("privacy.contactLead")}</p>
        <LegalTable
          rows={[
            { id: "company", label: t("privacy.contactCompany"), value: pick(shop.companyName) },
            { id: "representative", label: t("privacy.contactRepresentative"), value: pick(shop.representative) },
            {
              id: "address",
              label: t("privacy.contactAddress"),
              value: <PostalAddress zip={shop.zip} address={pick(shop.address)} />,
            },
            { id: "email", label: t("privacy.contactEmail"), value: <EmailLink email={shop.email} /> },
            { id: "hours", label: t("privacy.contactHours"), value: pick(shop.contactHours) },
          ]}
        />
      </LegalSection>

      <p className={styles.enacted}>{t("privacy.enacted")}</p>
    </div>
  );
}
