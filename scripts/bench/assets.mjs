// First-page JavaScript and CSS of a server-rendered page: every `<script type="module" src>`,
// every module the inline bootstrap script imports (also when it waits in the page's
// `application/x-kura-module` block for the first paint, decision 047), every modulepreload link
// and every module of the starting script's `data-modules` list (JS), every
// stylesheet link and every stylesheet written into the page (React's `<style data-href="a b">`)
// (CSS); each file is read from build/client and gzipped on its own (level 6, as a server
// compresses on the fly), then summed.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const CLIENT_DIR = "build/client";

const attribute = (tag, name) => new RegExp(`\\b${name}="([^"]*)"`).exec(tag)?.[1];
const clean = (href) => href.replace(/[?#].*$/, "");

export function firstPageAssets(html) {
  const js = new Set();
  const css = new Set();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attribute(tag, "rel");
    const href = attribute(tag, "href");
    if (!href || !href.startsWith("/")) continue;
    if (rel === "modulepreload") js.add(clean(href));
    if (rel === "stylesheet") css.add(clean(href));
  }
  for (const [tag] of html.matchAll(/<style\b[^>]*>/g)) {
    for (const href of attribute(tag, "data-href")?.split(" ") ?? []) if (href.startsWith("/")) css.add(clean(href));
  }
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const modules = attribute(attributes, "data-modules");
    if (modules) for (const href of JSON.parse(modules.replaceAll("&quot;", '"'))) if (href.startsWith("/")) js.add(clean(href));
    if (!["module", "application/x-kura-module"].includes(attribute(attributes, "type"))) continue;
    const src = attribute(attributes, "src");
    if (src?.startsWith("/")) js.add(clean(src));
    for (const [, specifier] of body.matchAll(/\bimport\b[^"']*["'](\/[^"']+)["']/g)) js.add(clean(specifier));
  }
  return { js: [...js], css: [...css] };
}

/** Gzipped bytes of these files; `missing` lists those not in build/client. */
export function gzippedSize(hrefs) {
  let bytes = 0;
  let raw = 0;
  const missing = [];
  const detail = [];
  for (const href of hrefs) {
    const file = path.join(CLIENT_DIR, href);
    if (!fs.existsSync(file)) {
      missing.push(href);
      continue;
    }
    const content = fs.readFileSync(file);
    const gzip = zlib.gzipSync(content, { level: 6 }).length;
    raw += content.length;
    bytes += gzip;
    detail.push({ href, raw: content.length, gzip });
  }
  detail.sort((a, b) => b.gzip - a.gzip);
  return { gzip: bytes, raw, files: hrefs.length, missing, detail };
}
