import { useId, useState } from "react";
import type { FormEvent } from "react";
import { useLocation } from "react-router";
import {
  AGE_CONFIRMED_COOKIE,
  AGE_CONFIRMED_MAX_AGE_SECONDS,
  AGE_GATE_ANSWER_PARAM,
  AGE_GATE_PATH,
  birthYearOptions,
  defaultBirthDate,
  isAgeGateRefusal,
  judgeAgeGateAnswer,
} from "../../../domain/age-gate.ts";
import type { AgeGateRefusal } from "../../../domain/age-gate.ts";
import { japanDateOf } from "../../../domain/japan-time.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { CSRF_FIELD } from "../../shared/site/form-action.ts";
import { useSite } from "../../shared/site/site-context.tsx";
import { Button } from "../../ui/button.tsx";
import styles from "./age-gate.module.css";
import { FieldError } from "../../ui/field.tsx";

/** Attribute on <html> while the visitor is known to be 20 or over: the page behind scrolls again (global.css). */
export const AGE_OK_ATTRIBUTE = "data-age-ok";

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

/**
 * Full-screen age gate, rendered by the server for visitors without the gate's cookie
 * (decision 056). It is a plain form: before (or without) JavaScript it posts to /age-gate, a route
 * action (routes/age-gate.tsx) that checks the posted token, judges the date, sets the cookie and
 * sends the visitor back, with `?age_gate=` naming a refusal
 * that this component then shows. Once hydrated it judges in the browser by the same rule, sets the
 * same cookie and closes without a request. The page behind it (SiteFrame) is inert while it is up.
 */
export function AgeGate({ onPass }: { onPass(): void }) {
  const { t } = useI18n();
  const { csrfToken } = useSite();
  const location = useLocation();
  const search = new URLSearchParams(location.search);
  const answered = search.get(AGE_GATE_ANSWER_PARAM);
  const refusalInUrl: AgeGateRefusal | null = isAgeGateRefusal(answered) ? answered : null;
  search.delete(AGE_GATE_ANSWER_PARAM);
  const here = location.pathname + (search.size > 0 ? `?${search}` : "");
  const [underage, setUnderage] = useState(refusalInUrl === "underage");
  const today = japanDateOf(new Date());
  const initial = defaultBirthDate(today);
  const [year, setYear] = useState(String(initial.year));
  const [month, setMonth] = useState(String(initial.month));
  const [day, setDay] = useState(String(initial.day));
  const [error, setError] = useState<string | null>(refusalInUrl && refusalInUrl !== "underage" ? refusalMessage(refusalInUrl) : null);
  const titleId = useId();
  const errorId = useId();

  function refusalMessage(refusal: Exclude<AgeGateRefusal, "underage">): string {
    if (refusal === "expired") return t("ageGate.expired");
    return refusal === "required" ? t("ageGate.required") : t("ageGate.nonexistentDate");
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const verdict = judgeAgeGateAnswer({ year, month, day }, japanDateOf(new Date()));
    if (verdict === "underage") {
      setUnderage(true);
      return;
    }
    if (verdict !== "adult") {
      setError(refusalMessage(verdict));
      return;
    }
    storeConfirmed();
    document.documentElement.setAttribute(AGE_OK_ATTRIBUTE, "");
    onPass();
  }

  const select = (name: string, label: string, value: string, onChange: (v: string) => void, options: number[]) => (
    <label className={styles.part}>
      <select
        className={styles.select}
        name={name}
        value={value}
        required
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        onChange={(event) => {
          onChange(event.target.value);
          setError(null);
        }}
      >
        {/* A required select's first option must be an empty placeholder (HTML, and the W3C validator);
            the default birth date stays preselected below it. */}
        <option value="">{t("ageGate.choose")}</option>
        {options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <span>{label}</span>
    </label>
  );

  return (
    <div className={styles.overlay} data-testid="age-gate" role="dialog" aria-modal="true" aria-labelledby={titleId}>
      <div className={styles.panel}>
        <p className={styles.mark} aria-hidden="true">
          蔵
        </p>
        <h2 id={titleId} className={styles.title}>
          {t("ageGate.title")}
        </h2>
        {underage ? (
          <p className={styles.refusal} role="alert" data-testid="age-gate-refusal">
            {t("ageGate.underage")}
          </p>
        ) : (
          <form method="post" action={AGE_GATE_PATH} onSubmit={submit} noValidate>
            <input type="hidden" name={CSRF_FIELD} value={csrfToken} />
            <input type="hidden" name="to" value={here} />
            <p className={styles.lead}>{t("ageGate.lead")}</p>
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>{t("ageGate.question")}</legend>
              <div className={styles.parts}>
                {select("year", t("ageGate.year"), year, setYear, birthYearOptions(today))}
                {select("month", t("ageGate.month"), month, setMonth, MONTHS)}
                {select("day", t("ageGate.day"), day, setDay, DAYS)}
              </div>
            </fieldset>
            <FieldError id={errorId} message={error} className={styles.error} />
            <Button type="submit" block>
              {t("ageGate.submit")}
            </Button>
          </form>
        )}
      </div>
    </div>
  );
}

/** The same cookie the POST /age-gate action sets (the server renders by it), here from the browser. */
function storeConfirmed(): void {
  const secure = window.location.protocol === "https:" ? "; secure" : "";
  document.cookie = `${AGE_CONFIRMED_COOKIE}=1; path=/; max-age=${AGE_CONFIRMED_MAX_AGE_SECONDS}; samesite=lax${secure}`;
}
