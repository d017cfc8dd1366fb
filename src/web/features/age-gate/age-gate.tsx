import { useEffect, useId, useState } from "react";
import type { FormEvent } from "react";
import {
  AGE_CONFIRMED_KEY,
  birthYearOptions,
  defaultBirthDate,
  judgeBirthDate,
} from "../../../domain/age-gate.ts";
import { japanDateOf } from "../../../domain/japan-time.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import styles from "./age-gate.module.css";

/** Attribute the head script and the gate set on <html> once the visitor is known to be 20 or over. */
export const AGE_OK_ATTRIBUTE = "data-age-ok";

/**
 * Runs in <head> before the body is parsed: a visitor who already confirmed gets the attribute
 * at once, so CSS hides the server-rendered gate before it can paint.
 */
export const AGE_GATE_HEAD_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(AGE_CONFIRMED_KEY)}))document.documentElement.setAttribute(${JSON.stringify(AGE_OK_ATTRIBUTE)},"")}catch(e){}`;

/** Id of the element that holds everything behind the gate. */
export const SITE_ELEMENT_ID = "site";

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);
const DAYS = Array.from({ length: 31 }, (_, i) => i + 1);

type GateState = "asking" | "underage" | "passed";

/**
 * Full-screen age gate (spec §4, §5). It is in the server HTML for everyone; the head script and
 * the CSS hide it for confirmed visitors, and after hydration it unmounts for them.
 */
export function AgeGate() {
  const { t } = useI18n();
  const [state, setState] = useState<GateState>("asking");
  const today = japanDateOf(new Date());
  const initial = defaultBirthDate(today);
  const [year, setYear] = useState(String(initial.year));
  const [month, setMonth] = useState(String(initial.month));
  const [day, setDay] = useState(String(initial.day));
  const [error, setError] = useState<string | null>(null);
  const titleId = useId();
  const errorId = useId();

  useEffect(() => {
    if (readConfirmed()) setState("passed");
  }, []);

  // While the gate is up, the page behind it cannot be reached by keyboard or screen reader.
  // A visitor the head script already let through is never shut out, not even for the one render
  // before the effect above reads the storage: inert would take the focus from the field they are
  // typing in (or a password manager is filling) and the rest of the text would go nowhere.
  useEffect(() => {
    const site = document.getElementById(SITE_ELEMENT_ID);
    if (state === "passed" || document.documentElement.hasAttribute(AGE_OK_ATTRIBUTE)) site?.removeAttribute("inert");
    else site?.setAttribute("inert", "");
  }, [state]);

  if (state === "passed") return null;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!year || !month || !day) {
      setError(t("ageGate.required"));
      return;
    }
    const verdict = judgeBirthDate({ year: Number(year), month: Number(month), day: Number(day) }, japanDateOf(new Date()));
    if (verdict === "nonexistent-date") {
      setError(t("ageGate.nonexistentDate"));
      return;
    }
    if (verdict === "underage") {
      setState("underage");
      return;
    }
    storeConfirmed();
    document.documentElement.setAttribute(AGE_OK_ATTRIBUTE, "");
    setState("passed");
  }

  const select = (label: string, value: string, onChange: (v: string) => void, options: number[]) => (
    <label className={styles.part}>
      <select
        className={styles.select}
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
        {state === "underage" ? (
          <p className={styles.refusal} role="alert" data-testid="age-gate-refusal">
            {t("ageGate.underage")}
          </p>
        ) : (
          <form onSubmit={submit} noValidate>
            <p className={styles.lead}>{t("ageGate.lead")}</p>
            <fieldset className={styles.fieldset}>
              <legend className={styles.legend}>{t("ageGate.question")}</legend>
              <div className={styles.parts}>
                {select(t("ageGate.year"), year, setYear, birthYearOptions(today))}
                {select(t("ageGate.month"), month, setMonth, MONTHS)}
                {select(t("ageGate.day"), day, setDay, DAYS)}
              </div>
            </fieldset>
            {error && (
              <p id={errorId} className={styles.error} role="alert">
                {error}
              </p>
            )}
            <Button type="submit" block>
              {t("ageGate.submit")}
            </Button>
          </form>
        )}
      </div>
    </div>
  );
}

function readConfirmed(): boolean {
  try {
    return Boolean(localStorage.getItem(AGE_CONFIRMED_KEY));
  } catch {
    return false;
  }
}

function storeConfirmed(): void {
  try {
    localStorage.setItem(AGE_CONFIRMED_KEY, "true");
  } catch {
    // Storage blocked (private mode): the gate closes for this page view only.
  }
}
