// Charts drawn on the server as SVG text (decision 068): no chart library in any bundle; the
// back office inserts the markup, and each chart has a title, a description, axis labels, and a
// table of the same figures beside it (the page's). Every text that enters is escaped here.

/**
 * Two forms of each chart: the wide one for a desk, and a narrow one for a phone (the page shows one
 * or the other with CSS). The narrow one is drawn to be scaled into a ~20rem box, so its texts are
 * larger in the drawing (13 units scale to ~12 px) and it carries fewer x labels.
 */
export interface ChartForm {
  width: number;
  height: number;
  pad: { top: number; right: number; bottom: number; left: number };
  font: number;
  /** At most this many labels under the x axis (today's always among them). */
  maxLabels: number;
}

export const WIDE: ChartForm = { width: 640, height: 280, pad: { top: 16, right: 16, bottom: 56, left: 72 }, font: 11, maxLabels: 8 };
export const NARROW: ChartForm = { width: 360, height: 300, pad: { top: 16, right: 12, bottom: 64, left: 58 }, font: 13, maxLabels: 5 };

/** About how wide a text is at `font` px (full-width characters count about a whole em). */
function textWidth(text: string, font: number): number {
  let width = 0;
  for (const char of text) width += char.codePointAt(0)! >= 0x2e80 ? font : font * 0.6;
  return width;
}

export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[char]!);
}

/** A round step for about four ticks: 1, 2 or 5 × 10ⁿ, never below 1 (yen, orders and bottles are whole). */
function niceStep(max: number): number {
  if (max <= 4) return 1;
  const raw = max / 4;
  const power = 10 ** Math.floor(Math.log10(raw));
  const unit = raw / power;
  return (unit <= 1 ? 1 : unit <= 2 ? 2 : unit <= 5 ? 5 : 10) * power;
}

function open(id: string, title: string, description: string, width: number, height: number): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="100%" role="img" aria-labelledby="${id}-title ${id}-desc">` +
    `<title id="${id}-title">${escapeXml(title)}</title><desc id="${id}-desc">${escapeXml(description)}</desc>`
  );
}

export interface ComparedSeries {
  id: string;
  title: string;
  description: string;
  xLabel: string;
  yLabel: string;
  /** Bar labels under the x axis (every few shown when many). */
  labels: string[];
  current: number[];
  previous: number[];
  currentName: string;
  previousName: string;
  formatY: (value: number) => string;
}

/** This period's bars with last year's as a line over them, a legend, and both axes named. */
export function comparedBarChart(chart: ComparedSeries, form: ChartForm = WIDE): string {
  const { width: WIDTH, height: HEIGHT, pad: PAD, font } = form;
  const plotWidth = WIDTH - PAD.left - PAD.right;
  const plotHeight = HEIGHT - PAD.top - PAD.bottom;
  const step = niceStep(Math.max(1, ...chart.current, ...chart.previous));
  const top = Math.max(step, Math.ceil(Math.max(1, ...chart.current, ...chart.previous) / step) * step);
  const y = (value: number) => PAD.top + plotHeight - (value / top) * plotHeight;
  const slot = plotWidth / Math.max(1, chart.labels.length);
  const parts = [open(chart.id, chart.title, chart.description, WIDTH, HEIGHT)];
  for (let tick = 0; tick <= top; tick += step) {
    parts.push(
      `<line x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y(tick).toFixed(1)}" y2="${y(tick).toFixed(1)}" stroke="#d9d3c7" stroke-width="1"/>`,
      `<text x="${PAD.left - 6}" y="${(y(tick) + 4).toFixed(1)}" text-anchor="end" font-size="${font}" fill="#4a4440">${escapeXml(chart.formatY(tick))}</text>`,
    );
  }
  const every = Math.ceil(chart.labels.length / form.maxLabels);
  const last = chart.labels.length - 1;
  chart.current.forEach((value, index) => {
    const x = PAD.left + index * slot + slot * 0.15;
    parts.push(
      `<rect class="bar" x="${x.toFixed(1)}" y="${y(value).toFixed(1)}" width="${(slot * 0.7).toFixed(1)}" height="${(y(0) - y(value)).toFixed(1)}" fill="#7a1f35"/>`,
    );
    // Every `every`-th label and always the last (today); one too close before the last gives way to it.
    if (index === last || (index % every === 0 && last - index >= every)) {
      parts.push(
        `<text x="${(PAD.left + index * slot + slot / 2).toFixed(1)}" y="${HEIGHT - PAD.bottom + font + 5}" text-anchor="middle" font-size="${font}" fill="#4a4440">${escapeXml(chart.labels[index] ?? "")}</text>`,
      );
    }
  });
  const line = chart.previous.map((value, index) => `${(PAD.left + index * slot + slot / 2).toFixed(1)},${y(value).toFixed(1)}`).join(" ");
  parts.push(`<polyline points="${line}" fill="none" stroke="#c08a2e" stroke-width="2.5" stroke-dasharray="6 3"/>`);
  chart.previous.forEach((value, index) =>
    parts.push(`<circle cx="${(PAD.left + index * slot + slot / 2).toFixed(1)}" cy="${y(value).toFixed(1)}" r="2.5" fill="#c08a2e"/>`),
  );
  // The legend under the axis name: from the plot's left on a desk, from the edge on a phone, last
  // year's key just after this period's name.
  const wide = form === WIDE;
  const legend = wide ? PAD.left : 8;
  const previousAt = Math.max(wide ? legend + 170 : 0, legend + 16 + textWidth(chart.currentName, font) + 16);
  parts.push(
    `<line x1="${PAD.left}" x2="${PAD.left}" y1="${PAD.top}" y2="${y(0)}" stroke="#4a4440"/>`,
    `<line x1="${PAD.left}" x2="${WIDTH - PAD.right}" y1="${y(0)}" y2="${y(0)}" stroke="#4a4440"/>`,
    `<text x="${PAD.left + plotWidth / 2}" y="${HEIGHT - 2 * font}" text-anchor="middle" font-size="${font + 1}" fill="#2b2622">${escapeXml(chart.xLabel)}</text>`,
    `<text transform="translate(${font + 3} ${PAD.top + plotHeight / 2}) rotate(-90)" text-anchor="middle" font-size="${font + 1}" fill="#2b2622">${escapeXml(chart.yLabel)}</text>`,
    `<rect x="${legend}" y="${HEIGHT - 3 - font}" width="12" height="${font - 1}" fill="#7a1f35"/>`,
    `<text x="${legend + 16}" y="${HEIGHT - 3}" font-size="${font}" fill="#2b2622">${escapeXml(chart.currentName)}</text>`,
    `<line x1="${previousAt}" x2="${previousAt + 20}" y1="${HEIGHT - 3 - font / 2}" y2="${HEIGHT - 3 - font / 2}" stroke="#c08a2e" stroke-width="2.5" stroke-dasharray="6 3"/>`,
    `<text x="${previousAt + 26}" y="${HEIGHT - 3}" font-size="${font}" fill="#2b2622">${escapeXml(chart.previousName)}</text>`,
    "</svg>",
  );
  return parts.join("");
}

export interface BarRows {
  id: string;
  title: string;
  description: string;
  xLabel: string;
  rows: { label: string; value: number }[];
  formatX: (value: number) => string;
}

/** A label cut to about `width` pixels at 12 px (full-width characters count double), with an ellipsis. */
export function fitLabel(label: string, width: number): string {
  let used = 0;
  let out = "";
  for (const char of label) {
    used += char.codePointAt(0)! >= 0x2e80 ? 12 : 6.5;
    if (used > width) return `${out.slice(0, -1)}…`;
    out += char;
  }
  return out;
}

/** Horizontal bars, one per row, its label on the left and its figure at the bar's end. */
export function horizontalBarChart(chart: BarRows, form: ChartForm = WIDE): string {
  const { width: WIDTH, font } = form;
  const narrow = form !== WIDE;
  const rowHeight = narrow ? 30 : 28;
  const left = narrow ? 116 : 150;
  const right = narrow ? 104 : 110;
  const size = font + 1;
  const height = Math.max(1, chart.rows.length) * rowHeight + 44;
  const max = Math.max(1, ...chart.rows.map((row) => row.value));
  const width = (value: number) => ((WIDTH - left - right) * value) / max;
  const parts = [open(chart.id, chart.title, chart.description, WIDTH, height)];
  chart.rows.forEach((row, index) => {
    const top = 8 + index * rowHeight;
    parts.push(
      `<text x="${left - 8}" y="${top + 17}" text-anchor="end" font-size="${size}" fill="#2b2622">${escapeXml(fitLabel(row.label, ((left - 12) * 12) / size))}</text>`,
      `<rect x="${left}" y="${top + 4}" width="${width(row.value).toFixed(1)}" height="${rowHeight - 10}" fill="#7a1f35"/>`,
      `<text x="${(left + width(row.value) + 6).toFixed(1)}" y="${top + 17}" font-size="${size}" fill="#2b2622">${escapeXml(chart.formatX(row.value))}</text>`,
    );
  });
  const axis = 8 + chart.rows.length * rowHeight;
  parts.push(
    `<line x1="${left}" x2="${left}" y1="4" y2="${axis}" stroke="#4a4440"/>`,
    `<text x="${left + (WIDTH - left - right) / 2}" y="${axis + 26}" text-anchor="middle" font-size="${size}" fill="#2b2622">${escapeXml(chart.xLabel)}</text>`,
    "</svg>",
  );
  return parts.join("");
}
