/**
 * A user-agent string as the owner reads it in the audit log: the browser with its main version
 * and the system, "Chrome 156 · Linux". The full string stays in the row's details.
 */
export function userAgentSummary(agent: string): string {
  const browser = browserOf(agent);
  const system = systemOf(agent);
  return [browser, system].filter(Boolean).join(" · ") || agent.slice(0, 40);
}

const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\/(\d+)/, "Edge"],
  [/\bOPR\/(\d+)/, "Opera"],
  [/\bSamsungBrowser\/(\d+)/, "Samsung Internet"],
  [/\b(?:Firefox|FxiOS)\/(\d+)/, "Firefox"],
  [/\bHeadlessChrome\/(\d+)/, "Chrome (headless)"],
  [/\b(?:Chrome|CriOS)\/(\d+)/, "Chrome"],
  [/\bVersion\/(\d+)[.\d]* (?:Mobile\/\S+ )?Safari\//, "Safari"],
  [/\bcurl\/(\d+)/, "curl"],
];

function browserOf(agent: string): string {
  for (const [pattern, name] of BROWSERS) {
    const match = pattern.exec(agent);
    if (match) return `${name} ${match[1]}`;
  }
  return "";
}

function systemOf(agent: string): string {
  if (/\biPhone\b/.test(agent)) return "iPhone";
  if (/\biPad\b/.test(agent)) return "iPad";
  if (/\bAndroid\b/.test(agent)) return "Android";
  if (/\bWindows\b/.test(agent)) return "Windows";
  if (/\bCrOS\b/.test(agent)) return "ChromeOS";
  if (/\bMac OS X\b|\bMacintosh\b/.test(agent)) return "macOS";
  if (/\bLinux\b/.test(agent)) return "Linux";
  return "";
}
