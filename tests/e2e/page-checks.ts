import { expect } from "@playwright/test";
import type { Frame, Page } from "@playwright/test";

// What a shopper's screen must never show (issue 20): text or a control under the cart button, a
// Japanese line that starts with a character typesetting keeps off a line's start, and a price with
// no 税込/税抜 (incl./excl. tax) beside it. Measured in the laid-out page, so they hold on any width.

/** What must never be under the cart button: titles, prices, buttons, links, notices, order cards' text. */
const READABLE = "main :is(h1, h2, h3, p, dt, dd, th, td, li, label, a, button, [data-testid=final-confirmation], [data-testid=order-card] *)";
/** The header's own controls, next to which the cart button docks on phones. */
const HEADER_CONTROLS = "header :is(a, button, input, select, [role=search])";

/**
 * Scrolls through the page a window at a time and, at every stop, measures each readable element
 * against the cart button. The part of an element scrolled under the sticky header is not on
 * screen, so only the part below the header counts; the header's own controls count whole.
 * Answers what was covered and how many element positions were looked at (so a page with nothing
 * to check cannot pass by accident).
 */
export async function coveredByCartButton(page: Page): Promise<{ covered: string[]; checked: number }> {
  return page.evaluate(
    async ({ readable, headerControls }) => {
      const button = document.querySelector<HTMLElement>("[data-testid=cart-button]");
      if (!button) return { covered: ["no cart button"], checked: 0 };
      const covered = new Set<string>();
      let checked = 0;
      const stops = Math.ceil(document.documentElement.scrollHeight / window.innerHeight) + 1;
      const describe = (element: Element) =>
        `${element.tagName.toLowerCase()} "${(element.textContent || element.getAttribute("aria-label") || element.getAttribute("placeholder") || "").trim().slice(0, 40)}"`;
      const shown = (element: HTMLElement, box: DOMRect) => box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== "hidden";
      for (let stop = 0; stop < stops; stop += 1) {
        window.scrollTo(0, stop * window.innerHeight * 0.8);
        await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
        const cart = button.getBoundingClientRect();
        const overlaps = (box: { left: number; right: number; top: number; bottom: number }) =>
          box.left < cart.right && box.right > cart.left && box.top < cart.bottom && box.bottom > cart.top;
        const headerBottom = document.querySelector("header")?.getBoundingClientRect().bottom ?? 0;
        for (const element of document.querySelectorAll<HTMLElement>(readable)) {
          if (element === button || button.contains(element) || element.closest("dialog")) continue;
          const box = element.getBoundingClientRect();
          if (!shown(element, box)) continue;
          const top = Math.max(box.top, headerBottom);
          if (top >= box.bottom || box.bottom < 0 || box.top > window.innerHeight) continue;
          checked += 1;
          if (overlaps({ left: box.left, right: box.right, top, bottom: box.bottom })) covered.add(describe(element));
        }
        for (const element of document.querySelectorAll<HTMLElement>(headerControls)) {
          if (element === button || button.contains(element) || element.contains(button)) continue;
          const box = element.getBoundingClientRect();
          if (!shown(element, box)) continue;
          checked += 1;
          if (overlaps(box)) covered.add(`header ${describe(element)}`);
        }
      }
      window.scrollTo(0, 0);
      return { covered: [...covered], checked };
    },
    { readable: READABLE, headerControls: HEADER_CONTROLS },
  );
}

export async function expectNothingCovered(page: Page): Promise<void> {
  const { covered, checked } = await coveredByCartButton(page);
  expect(checked).toBeGreaterThan(10);
  expect(covered).toEqual([]);
}

/**
 * Lays out every heading and product name on the page and reads where each line starts: answers
 * the lines that start with a character Japanese typesetting keeps off a line's start, and the
 * headings whose last line is a single character.
 */
export async function japaneseLineFaults(page: Page): Promise<{ faults: string[]; lines: number }> {
  return page.evaluate(() => {
    const forbiddenStart = /^[ーュャョッァィゥェォ。、」』）)・]/u;
    const faults: string[] = [];
    let lines = 0;
    for (const element of document.querySelectorAll<HTMLElement>("main :is(h1, h2, h3, .phrase-wrap)")) {
      if (element.closest(".visually-hidden") || element.getClientRects().length === 0) continue;
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      const characters: { char: string; top: number }[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (let index = 0; index < text.length; index += 1) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const rect = range.getBoundingClientRect();
          if (rect.width > 0 && text[index]!.trim()) characters.push({ char: text[index]!, top: Math.round(rect.top) });
        }
      }
      const starts = characters
        .map((character, index) => (index === 0 || character.top > characters[index - 1]!.top + 2 ? index : -1))
        .filter((index) => index >= 0);
      lines += starts.length;
      for (const start of starts.slice(1)) {
        if (forbiddenStart.test(characters[start]!.char)) faults.push(`line starts with ${characters[start]!.char}: ${element.textContent}`);
      }
      const lastStart = starts.at(-1) ?? 0;
      if (starts.length > 1 && characters.length - lastStart === 1) faults.push(`single character on the last line: ${element.textContent}`);
    }
    return { faults, lines };
  });
}

export async function expectJapaneseLinesKept(page: Page): Promise<void> {
  const { faults, lines } = await japaneseLineFaults(page);
  expect(lines).toBeGreaterThan(0);
  expect(faults).toEqual([]);
}

/**
 * Every amount of money shown in `root` (yen: "1,234 円", "1,234円", "1,234 JPY") with what labels
 * it: the text of its line (the nearest paragraph, list item, cell, term or heading), plus a
 * cell's row and column headings and a description's term. Answers the amounts whose label says
 * neither 税込/税抜 nor incl./excl. tax; the consumption tax itself is no price and needs none.
 * Also answers how many amounts were read, so a screen without prices cannot pass by accident.
 */
export async function unlabelledPrices(target: Page | Frame, root = "main, dialog[open]"): Promise<{ unlabelled: string[]; amounts: number }> {
  return target.evaluate((rootSelector) => {
    const AMOUNT = /\d{1,3}(?:,\d{3})*\s?(?:円|JPY)/g;
    const TAX_LABEL = /税込|税抜|incl\. tax|excl\. tax/;
    const TAX_ITSELF = /消費税|consumption tax/i;
    const LINE = "p, li, dd, dt, td, th, h1, h2, h3, h4, label, caption, legend, option";
    const labelOf = (element: Element): string => {
      const line = element.closest(LINE) ?? element;
      let label = line.textContent ?? "";
      if (line instanceof HTMLTableCellElement) {
        const row = line.parentElement as HTMLTableRowElement;
        label += row.querySelector("th")?.textContent ?? "";
        const table = line.closest("table");
        let column = 0;
        for (const cell of row.cells) {
          if (cell === line) break;
          column += cell.colSpan;
        }
        const headings = table?.tHead?.rows[table.tHead.rows.length - 1];
        let at = 0;
        for (const heading of headings?.cells ?? []) {
          if (at === column) label += heading.textContent ?? "";
          at += heading.colSpan;
        }
      }
      if (line.tagName === "DD") {
        let term = line.previousElementSibling;
        while (term && term.tagName !== "DT") term = term.previousElementSibling;
        label += term?.textContent ?? "";
      }
      return label;
    };
    const unlabelled: string[] = [];
    let amounts = 0;
    for (const container of document.querySelectorAll(rootSelector)) {
      const walker = document.createTreeWalker(container, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest("script, style, template, .visually-hidden") || parent.getClientRects().length === 0) continue;
        for (const match of (node.textContent ?? "").matchAll(AMOUNT)) {
          amounts += 1;
          const label = labelOf(parent);
          if (!TAX_LABEL.test(label) && !TAX_ITSELF.test(label)) unlabelled.push(`${match[0]} in "${label.trim().replace(/\s+/g, " ").slice(0, 80)}"`);
        }
      }
    }
    return { unlabelled, amounts };
  }, root);
}

export async function expectPricesLabelled(target: Page | Frame, root?: string): Promise<void> {
  const { unlabelled, amounts } = await unlabelledPrices(target, root);
  expect(amounts).toBeGreaterThan(0);
  expect(unlabelled).toEqual([]);
}

/**
 * Names laid out on several lines whose lines start inside a word: a new line must start after a
 * space or a ・ (words of a katakana name), never as ブレンデッ / ド. Answers each such name.
 */
export async function namesSplitInsideWords(page: Page, selector: string): Promise<{ faults: string[]; names: number }> {
  return page.evaluate((namesSelector) => {
    const faults: string[] = [];
    let names = 0;
    for (const element of document.querySelectorAll<HTMLElement>(namesSelector)) {
      if (element.getClientRects().length === 0) continue;
      names += 1;
      const characters: { char: string; top: number | null }[] = [];
      const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? "";
        for (let index = 0; index < text.length; index += 1) {
          const range = document.createRange();
          range.setStart(node, index);
          range.setEnd(node, index + 1);
          const rect = range.getBoundingClientRect();
          characters.push({ char: text[index]!, top: text[index]!.trim() && rect.width > 0 ? Math.round(rect.top) : null });
        }
      }
      let lineTop: number | null = null;
      characters.forEach((character, index) => {
        if (character.top === null) return;
        if (lineTop !== null && character.top > lineTop + 2 && !/[\s・/]/u.test(characters[index - 1]?.char ?? " ")) {
          faults.push(`${element.textContent}: a line starts inside a word at ${character.char}`);
        }
        lineTop = character.top;
      });
    }
    return { faults, names };
  }, selector);
}
