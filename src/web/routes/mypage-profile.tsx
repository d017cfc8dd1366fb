import { useRouteLoaderData } from "react-router";
import { useI18n } from "../i18n/i18n.tsx";
import type { SessionUser } from "../load-context.ts";

export default function MyPageProfile() {
  const { t } = useI18n();
  const data = useRouteLoaderData<{ user: SessionUser }>("routes/mypage");
  return (
    <section>
      <h1 className="page-title">{t("mypage.profile")}</h1>
      <p>{data?.user.email}</p>
    </section>
  );
}
