import { useI18n } from "../i18n/i18n.tsx";
import { ButtonLink } from "../shared/layout/page-transition.tsx";

/** Any path no route claims: a real 404 status with a way back. */
export async function loader() {
  throw new Response("Not Found", { status: 404 });
}

export function NotFound() {
  const { t } = useI18n();
  return (
    <div className="page-narrow" data-testid="not-found">
      <h1 className="page-title">{t("notFound.title")}</h1>
      <p>{t("notFound.body")}</p>
      <ButtonLink to="/" variant="secondary">
        {t("notFound.back")}
      </ButtonLink>
    </div>
  );
}

export default function NotFoundRoute() {
  return <NotFound />;
}
