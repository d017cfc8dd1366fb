import type { ApiAnswer } from "../../../domain/answers/common.ts";
import type { countriesAnswer } from "../../../domain/answers/member.ts";
import { useEffect, useId, useRef, useState } from "react";
import type { KeyboardEvent, ReactNode } from "react";
import { useI18n } from "../../i18n/i18n.tsx";
import { FieldError, fieldStyles } from "../../ui/field.tsx";
import { callApi } from "../site/api.ts";
import styles from "./address-fields.module.css";
import "../../i18n/member-forms-texts.ts";

export interface CountryChoice {
  id: string;
  name: string;
}

/** The country search is throttled to one request per 300 ms. */
export const COUNTRY_SEARCH_THROTTLE_MS = 300;

interface CountryComboboxProps {
  value: CountryChoice;
  onChange(country: CountryChoice): void;
  error?: string | undefined;
  /** The 必須 badge (for the eye; the field says aria-required) when the country must be given. */
  requiredBadge?: ReactNode;
}

/**
 * The country field with a search list (a WAI-ARIA combobox with a listbox popup): the list opens
 * when results arrive, closes on a choice, is cleared when the input is
 * emptied; arrow keys move the highlight, Enter chooses, Escape closes. Leaving the field without
 * choosing puts the chosen country's name back, so the text never disagrees with the value.
 */
export function CountryCombobox({ value, onChange, error, requiredBadge }: CountryComboboxProps) {
  const { t, locale } = useI18n();
  const id = useId();
  const listId = `${id}-list`;
  const errorId = error ? `${id}-error` : undefined;
  const [text, setText] = useState(value.name);
  const [options, setOptions] = useState<CountryChoice[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [throttle] = useState(() => new Throttle(COUNTRY_SEARCH_THROTTLE_MS));
  // Only the answer to the latest query is applied: an older, slower answer never replaces a newer list.
  const sequence = useRef(0);
  useEffect(() => () => throttle.cancel(), [throttle]);
  // A new value from outside (the saved address arriving) shows its name.
  const [shownValue, setShownValue] = useState(value.name);
  if (shownValue !== value.name) {
    setShownValue(value.name);
    setText(value.name);
  }

  function search(query: string) {
    throttle.run(() => {
      const mine = ++sequence.current;
      callApi<ApiAnswer<typeof countriesAnswer>>(locale, `/countries?q=${encodeURIComponent(query)}`)
        .then((result) => {
          if (mine !== sequence.current || !result.ok || !result.body) return;
          setOptions(result.body.data);
          setActive(result.body.data.length > 0 ? 0 : -1);
          setOpen(true);
        })
        .catch((failure: unknown) => console.warn("country search failed", failure));
    });
  }

  /** Forgets queued and in-flight searches too: after a choice or an emptied input nothing may reopen the list. */
  function close() {
    throttle.cancel();
    sequence.current++;
    setOpen(false);
    setActive(-1);
  }

  function choose(country: CountryChoice) {
    close();
    setOptions([]);
    setText(country.name);
    onChange(country);
  }

  function typed(next: string) {
    setText(next);
    if (next.trim() === "") {
      close();
      setOptions([]);
      return;
    }
    search(next);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      if (!open || options.length === 0) {
        // Asking for the list without typing shows the whole list, Japan first.
        search(text === value.name ? "" : text);
        return;
      }
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((current) => (current + step + options.length) % options.length);
    } else if (event.key === "Enter" && open && options[active]) {
      event.preventDefault();
      choose(options[active]);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close();
    }
  }

  const expanded = open && text.trim() !== "";
  return (
    <div className={fieldStyles.field}>
      <label className={fieldStyles.label} htmlFor={id}>
        {t("address.country")}
        {requiredBadge}
      </label>
      <div className={styles.combobox}>
        {/* Posted without JavaScript (decision 059): the chosen code, and the name as typed, which the page's action looks up when it is not the chosen one's. */}
        <input type="hidden" name="country" value={value.id} />
        <input
          id={id}
          name="country_name"
          className={fieldStyles.control}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-required={requiredBadge ? true : undefined}
          aria-label={t("address.country")}
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded && active >= 0 ? `${id}-option-${active}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
          value={text}
          onChange={(event) => typed(event.target.value)}
          onKeyDown={onKeyDown}
          onBlur={() => {
            close();
            setText(value.name);
          }}
        />
        <ul id={listId} role="listbox" aria-label={t("address.country")} className={styles.listbox} hidden={!expanded}>
          {options.map((option, index) => (
            <li
              key={option.id}
              id={`${id}-option-${index}`}
              role="option"
              aria-selected={index === active}
              className={styles.option}
              // mousedown, not click: the input must not lose focus (and reset) before the choice lands.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
              onMouseMove={() => setActive(index)}
            >
              {option.name}
            </li>
          ))}
          {options.length === 0 && <li className={styles.empty}>{t("address.countryNoResults")}</li>}
        </ul>
      </div>
      <p className={styles.visuallyHidden} aria-live="polite">
        {expanded && options.length > 0 ? t("address.countryResults", { count: options.length }) : ""}
      </p>
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/**
 * At most one task per window: the first runs at once, the last one asked for during a window runs
 * at its end, the ones in between are dropped (they are older queries).
 */
class Throttle {
  private lastRun = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private pending: (() => void) | undefined;

  constructor(private readonly windowMs: number) {}

  run(task: () => void): void {
    this.pending = task;
    if (this.timer !== undefined) return;
    const wait = this.lastRun + this.windowMs - Date.now();
    if (wait <= 0) {
      this.flush();
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.flush();
    }, wait);
  }

  cancel(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.pending = undefined;
  }

  private flush(): void {
    const task = this.pending;
    this.pending = undefined;
    if (!task) return;
    this.lastRun = Date.now();
    task();
  }
}
