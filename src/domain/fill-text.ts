/**
 * A text's `{name}` placeholders filled from `values`: the one template fill of the shop's texts
 * (page dictionaries, back-office texts, mails, payment-method notes, the test gateway's pages). A
 * placeholder `values` does not give stays as written, so a forgotten value shows as `{name}`,
 * never as "undefined".
 */
export function fillText(template: string, values: Readonly<Record<string, string | number | undefined>> = {}): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = Object.hasOwn(values, name) ? values[name] : undefined;
    return value === undefined ? whole : String(value);
  });
}
