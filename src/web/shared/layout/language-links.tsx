import { Fragment } from "react";
import { useLocation } from "react-router";
import type { Locale } from "../../../domain/locale.ts";
import { useI18n } from "../../i18n/i18n.tsx";

/**
 * The language switch of the shop's header and the back office's: a link per language to
 * /locale/{code}, which sets the cookie and comes back to this page (it works without JavaScript).
 * Each language is named in itself, so the labels are the callers' (the shop's from its dictionary).
 */
export function LanguageLinks({ labels, linkClassName }: { labels: Record<Locale, string>; linkClassName?: string }) {
  const { locale } = useI18n();
  const location = useLocation();
  const here = location.pathname + location.search;
  return (
    <>
      {(["ja", "en"] as const).map((language, index) => (
        <Fragment key={language}>
          {index > 0 && <span aria-hidden="true">/</span>}
          <a
            href={`/locale/${language}?to=${encodeURIComponent(here)}`}
            lang={language}
            hrefLang={language}
            aria-current={locale === language ? "true" : undefined}
            className={linkClassName}
          >
            {labels[language]}
          </a>
        </Fragment>
      ))}
    </>
  );
}
