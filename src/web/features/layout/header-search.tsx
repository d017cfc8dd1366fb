import { useId, useState } from "react";
import type { FormEvent } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { useI18n } from "../../i18n/i18n.tsx";
import styles from "./header-search.module.css";

/**
 * The header's search box: /shop?q=…, a GET form that works before hydration too. On /shop the
 * chosen filters stay (search and filters combine); elsewhere a search starts from every product.
 */
export function HeaderSearch() {
  const { t } = useI18n();
  const location = useLocation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const onShop = location.pathname === "/shop";
  const current = onShop ? (searchParams.get("q") ?? "") : "";
  const [typed, setTyped] = useState(current);
  const [shownCurrent, setShownCurrent] = useState(current);
  // The box follows the address (a cleared search, the back button) unless the shopper is typing.
  if (shownCurrent !== current) {
    setShownCurrent(current);
    setTyped(current);
  }
  const inputId = useId();

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const params = onShop ? new URLSearchParams(searchParams) : new URLSearchParams();
    const q = typed.trim();
    if (q) params.set("q", q);
    else params.delete("q");
    const query = params.toString();
    void navigate(query ? `/shop?${query}` : "/shop");
  }

  return (
    <form role="search" action="/shop" method="get" className={styles.form} onSubmit={submit} data-testid="header-search">
      {/* On /shop the filters go with a search posted before (or without) JavaScript too, as the script keeps them. */}
      {onShop &&
        [...searchParams]
          .filter(([name]) => name !== "q")
          .map(([name, value], index) => <input key={`${name}-${index}`} type="hidden" name={name} value={value} />)}
      <label htmlFor={inputId} className="visually-hidden">
        {t("search.label")}
      </label>
      <input
        id={inputId}
        type="search"
        name="q"
        className={styles.input}
        value={typed}
        placeholder={t("search.placeholder")}
        maxLength={100}
        enterKeyHint="search"
        autoComplete="off"
        onChange={(event) => setTyped(event.currentTarget.value)}
      />
      <button type="submit" className={styles.submit}>
        <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2">
          <circle cx="11" cy="11" r="7" />
          <path d="m20 20-3.5-3.5" />
        </svg>
        <span className="visually-hidden">{t("search.submit")}</span>
      </button>
    </form>
  );
}
