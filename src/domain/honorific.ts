// 敬称 on labels and documents: a recipient typed as 「㈱蔵前酒販 御中」 or 「山田様」 already carries
// one, and adding 「様」 would print 「御中 様」. One rule for the B2 Cloud file's 敬称 column, the
// delivery note and the receipt.

/** Honorifics a name may already end with; 行 only as a word of its own (佐藤 正行 is a given name). */
const ATTACHED = /(御中|様|殿)$/u;
const OWN_WORD = /[\s\u3000](行)$/u;

/** True when the name as typed already ends in an honorific (御中, 様, 殿, or a separate 行). */
export function endsWithHonorific(name: string): boolean {
  const trimmed = name.trim();
  return ATTACHED.test(trimmed) || OWN_WORD.test(trimmed);
}

/** The 敬称 to print after a name: 「様」, or nothing when the name already carries one. */
export function honorificFor(name: string): "様" | "" {
  return endsWithHonorific(name) ? "" : "様";
}

/** A name as a document addresses it: 「山田 花子 様」, 「㈱蔵前酒販 御中」 kept as typed. */
export function addressedName(name: string, separator = " "): string {
  const trimmed = name.trim();
  const honorific = honorificFor(trimmed);
  return honorific ? `${trimmed}${separator}${honorific}` : trimmed;
}
