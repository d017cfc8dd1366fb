import type { Route } from "./+types/magazine-register";
import { useI18n } from "../i18n/i18n.tsx";
import { pageTitle } from "../page-meta.ts";

export function meta({ matches }: Route.MetaArgs) {
  return pageTitle(matches, "nav.magazine");
}

// Double opt-in sign-up arrives with the accounts and mail work.
export default function MagazineRegister() {
  const { t } = useI18n();
  return (
    <div className="page-narrow">
      <h1 className="page-title">{t("magazine.title")}</h1>
      <p>{t("magazine.lead")}</p>
    </div>
  );
}
