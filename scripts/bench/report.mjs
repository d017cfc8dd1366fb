// The table of `npm run bench`: printed, and written as JSON and Markdown under reports/bench/.
import fs from "node:fs";
import path from "node:path";

const HEADERS = ["figure", "database", "value", "budget", "baseline (same run)", "result"];

function cells(row) {
  return [row.figure, row.database ?? "—", row.value, row.budget ?? "—", row.baseline ?? "—", row.result ?? "info"];
}

export function textTable(rows) {
  const table = [HEADERS, ...rows.map(cells)];
  const widths = HEADERS.map((_, column) => Math.max(...table.map((line) => [...String(line[column])].length)));
  const line = (values) => values.map((value, column) => String(value).padEnd(widths[column] + (String(value).length - [...String(value)].length))).join("  ");
  return [line(HEADERS), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map((row) => line(cells(row)))].join("\n");
}

export function markdownTable(rows) {
  const escape = (value) => String(value).replaceAll("|", "\\|");
  return [`| ${HEADERS.join(" | ")} |`, `| ${HEADERS.map(() => "---").join(" | ")} |`, ...rows.map((row) => `| ${cells(row).map(escape).join(" | ")} |`)].join(
    "\n",
  );
}

/** Writes bench-<time>.json/.md and latest.json/.md; answers the Markdown file's path. */
export function writeReports(report, { notes }) {
  const dir = path.join("reports", "bench");
  fs.mkdirSync(dir, { recursive: true });
  const stamp = report.startedAt.replace(/[:.]/g, "-");
  const markdown = [
    `# npm run bench — ${report.startedAt}`,
    "",
    `Machine: ${report.machine.cpus} × ${report.machine.cpuModel}, Node ${report.machine.node}, load average at start ${report.machine.loadAverage}. ` +
      `Medians of ${report.settings.rounds} interleaved rounds, ${report.settings.duration} s per measurement, ${report.settings.connections} connections.`,
    "",
    markdownTable(report.rows),
    "",
    ...notes.map((note) => `- ${note}`),
    "",
  ].join("\n");
  for (const name of [`bench-${stamp}`, "latest"]) {
    fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify(report, null, 2) + "\n");
    fs.writeFileSync(path.join(dir, `${name}.md`), markdown);
  }
  return path.join(dir, `bench-${stamp}.md`);
}
