import { createContext, useContext } from "react";
import type { InputHTMLAttributes, ReactNode } from "react";
import type { ApiAnswer } from "../../../domain/answers/common.ts";
import type { settingsAnswer } from "../../../domain/answers/settings.ts";
import { useI18n } from "../../i18n/i18n.tsx";
import { Button } from "../../ui/button.tsx";
import { Input } from "../../ui/field.tsx";
import { useOpsText } from "./ops-i18n.ts";
import type { Path } from "./settings-draft-values.ts";
import { numberOrText, valueAt } from "./settings-draft-values.ts";
import styles from "./admin.module.css";
import ops from "./ops.module.css";
import { AdminSection } from "./ui/admin-section.tsx";

/** The settings form's data as GET /admin/api/settings gives it (time bands as a list). */
export type SettingsForm = ApiAnswer<typeof settingsAnswer>["data"];

export type { Path } from "./settings-draft-values.ts";
export { valueAt, withValue } from "./settings-draft-values.ts";

/** A section of the settings screen: its heading (which names it) and an optional hint. */
export function Section({ id, title, hint, children }: { id: string; title: string; hint?: string; children: ReactNode }) {
  return (
    <AdminSection id={id} title={title}>
      {hint && <p className={styles.muted}>{hint}</p>}
      {children}
    </AdminSection>
  );
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

type FieldAtProps = { path: Path; label: ReactNode; hint?: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, "value" | "onChange">;

/** A field of the draft: its value at `path`, what is typed kept there (as `read` reads it), its server message under it. */
function FieldAt({ path, label, hint, read, ...rest }: FieldAtProps & { read: (typed: string) => unknown }) {
  const draft = useDraft();
  const value = valueAt(draft.data, path);
  return (
    <Input
      label={label}
      hint={hint}
      value={value === undefined || value === null ? "" : String(value)}
      onChange={(event) => draft.set(path, read(event.target.value))}
      error={draft.errors[path.join(".")]?.[0]}
      {...rest}
    />
  );
}

export function TextAt(props: FieldAtProps) {
  return <FieldAt {...props} read={(typed) => typed} />;
}

export function NumberAt({ path, label, hint }: { path: Path; label: ReactNode; hint?: ReactNode }) {
  return <FieldAt path={path} label={label} hint={hint} inputMode="numeric" read={numberOrText} />;
}

/**
 * 削除 beside a row of a list in the draft (a bank account, a time band, a fee tier): `list` (the
 * rows as shown) without that row, kept at `path`.
 */
export function RemoveAt({ path, list, index, className }: { path: Path; list: readonly unknown[]; index: number; className?: string }) {
  const to = useOpsText();
  const { set } = useDraft();
  return (
    <Button
      variant="ghost"
      className={className}
      onClick={() =>
        set(
          path,
          list.filter((_, at) => at !== index),
        )
      }
    >
      {to("settings.remove")}
    </Button>
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
