import { createContext, useContext } from "react";
import type { InputHTMLAttributes, ReactNode } from "react";
import type { ShopProfile } from "../../../domain/shop-profile.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Input } from "../../ui/field.tsx";
import { useOpsText } from "./ops-i18n.ts";
import ops from "./ops.module.css";

/** The settings form's data as GET /admin/api/settings gives it (time bands as a list). */
export type SettingsForm = Omit<ShopProfile, "deliveryTimeBands"> & { deliveryTimeBands: { code: string; ja: string; en: string }[] };

export type Path = (string | number)[];

export function valueAt(data: unknown, path: Path): unknown {
  let value = data;
  for (const part of path) {
    if (value === null || typeof value !== "object") return undefined;
    value = (value as Record<string | number, unknown>)[part];
  }
  return value;
}

/** A copy of `data` with the value at `path` replaced (objects and lists on the way are copied). */
export function withValue<T>(data: T, path: Path, value: unknown): T {
  if (path.length === 0) return value as T;
  const [head, ...rest] = path;
  const container = (Array.isArray(data) ? [...data] : { ...(data as object) }) as Record<string | number, unknown>;
  container[head!] = withValue(container[head!] ?? (typeof rest[0] === "number" ? [] : {}), rest, value);
  return container as T;
}

interface Draft {
  data: SettingsForm;
  errors: Record<string, string[]>;
  set(path: Path, value: unknown): void;
}

export const DraftContext = createContext<Draft | null>(null);

export function useDraft(): Draft {
  const draft = useContext(DraftContext);
  if (!draft) throw new Error("useDraft outside the settings form");
  return draft;
}

/** Whole yen and counts: digits become a number, anything else is sent as typed so the server names the problem. */
function numberOrText(text: string): number | string {
  return /^-?\d+$/.test(text.trim()) ? Number(text.trim()) : text;
}

export function TextAt({ path, label, hint, ...rest }: { path: Path; label: ReactNode; hint?: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange">) {
  const draft = useDraft();
  const value = valueAt(draft.data, path);
  return (
    <Input
      label={label}
      hint={hint}
      value={value === undefined || value === null ? "" : String(value)}
      onChange={(event) => draft.set(path, event.target.value)}
      error={draft.errors[path.join(".")]?.[0]}
      {...rest}
    />
  );
}

export function NumberAt({ path, label, hint }: { path: Path; label: ReactNode; hint?: ReactNode }) {
  const draft = useDraft();
  const value = valueAt(draft.data, path);
  return (
    <Input
      label={label}
      hint={hint}
      inputMode="numeric"
      value={value === undefined || value === null ? "" : String(value)}
      onChange={(event) => draft.set(path, numberOrText(event.target.value))}
      error={draft.errors[path.join(".")]?.[0]}
    />
  );
}

/** A text the shop shows in both languages: Japanese and English side by side. */
export function LocalizedAt({ path, label }: { path: Path; label: string }) {
  const to = useOpsText();
  const { locale } = useI18n();
  const named = (language: string) => (locale === "ja" ? `${label}(${language})` : `${label} (${language})`);
  return (
    <div className={ops.pair}>
      <TextAt path={[...path, "ja"]} label={named(to("settings.ja"))} />
      <TextAt path={[...path, "en"]} label={named(to("settings.en"))} />
    </div>
  );
}
