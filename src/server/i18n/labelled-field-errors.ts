import type { Locale } from "../../domain/locale.ts";
import type { ValidationKind } from "./validation.ts";
import { validationMessage } from "./validation.ts";

/** A field's name as the back-office form labels it. */
export type FieldLabels = Record<string, { ja: string; en: string }>;

/**
 * FieldErrors (src/server/i18n/validation.ts) for back-office forms whose fields have their own
 * labels ("送料(通常)", "配達時間帯 2 のコード"): the same Rails-worded messages, keyed by the
 * form's field names, without growing the shoppers' attribute list.
 */
export class LabelledFieldErrors {
  readonly fields: Record<string, string[]> = {};

  constructor(
    private readonly locale: Locale,
    private readonly labels: FieldLabels,
  ) {}

  add(field: string, kind: ValidationKind, params: { count?: number } = {}, label?: string): void {
    const name = label ?? this.labels[field]?.[this.locale] ?? field;
    const text = validationMessage(this.locale, kind, params);
    (this.fields[field] ??= []).push(this.locale === "ja" ? `${name}${text}` : `${name} ${text}`);
  }

  /** A message of its own, for a rule the Rails wordings cannot say (e.g. tiers out of order). */
  addMessage(field: string, text: { ja: string; en: string }): void {
    (this.fields[field] ??= []).push(text[this.locale]);
  }

  get empty(): boolean {
    return Object.keys(this.fields).length === 0;
  }

  list(): string[] {
    return Object.values(this.fields).flat();
  }
}
