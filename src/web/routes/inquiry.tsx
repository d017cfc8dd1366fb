import type { Route } from "./+types/inquiry";
import { useSite } from "../features/site/site-context.tsx";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "nav.contact");
}

// The contact form (POST /api/inquiries) arrives with the accounts and inquiries work; until then
// the page gives the shop's address and hours.
export default function Inquiry() {
  const { t, pick } = useI18n();
  const { shop } = useSite();
  return (
    <div className="page-narrow">
      <h1 className="page-title">{t("inquiry.title")}</h1>
      <p>{t("inquiry.lead", { hours: pick(shop.contactHours) })}</p>
      <p>
        {t("inquiry.byMail")} <a href={`mailto:${shop.email}`}>{shop.email}</a>
      </p>
      <p>
        {t("inquiry.byPhone")} <a href={`tel:${shop.phone}`}>{shop.phone}</a>
      </p>
    </div>
  );
}
