import { useLayoutEffect, useRef } from "react";
import type { RefObject } from "react";

/** Whether any field of the server's form was changed before the script took it over (its value is no longer the one the page came with). */
export function typedBeforeHydration(form: HTMLFormElement): boolean {
  for (const element of Array.from(form.elements)) {
    if (element instanceof HTMLInputElement) {
      // Hidden fields (the token, the request key drawn anew on each render) are never typed.
      if (element.type === "hidden") continue;
      if (element.type === "checkbox" || element.type === "radio" ? element.checked !== element.defaultChecked : element.value !== element.defaultValue)
        return true;
    } else if (element instanceof HTMLTextAreaElement) {
      if (element.value !== element.defaultValue) return true;
    } else if (element instanceof HTMLSelectElement) {
      // A select with no option marked selected starts at its first option (defaultSelected is false for all).
      const options = Array.from(element.options);
      const start = options.find((option) => option.defaultSelected) ?? options[0];
      if (element.value !== (start?.value ?? "")) return true;
    }
  }
  return false;
}

/** Every named field of a form as it would be posted now (the last value of a repeated name). */
export function fieldsOfForm(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [name, value] of new FormData(form)) if (typeof value === "string") values[name] = value;
  return values;
}

/**
 * Takes over a server-drawn form whose fields the script keeps in state: text typed (or autofilled)
 * before hydration is in the page but not in the state, and the first re-render would write the
 * state's empty value over it (React keeps a hydrated input's text only until it renders it again;
 * a store read after hydration re-renders at once). A layout effect runs in the hydrating commit,
 * before any later render, so it hands what the page holds to `adopt` in time. `adopt` runs at
 * most once, and only when something was typed; it is told nothing otherwise.
 */
export function useTypedBeforeHydration(formRef: RefObject<HTMLFormElement | null>, adopt: (form: HTMLFormElement) => void): void {
  const done = useRef(false);
  useLayoutEffect(() => {
    if (done.current) return;
    done.current = true;
    const form = formRef.current;
    if (form && typedBeforeHydration(form)) adopt(form);
    // Once, on mount: later renders own the form.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
}
