// `npm run bench`: the budgets of docs/performance.md measured on the production build, on the embedded
// database and on PostgreSQL, each figure beside its budget and a baseline from the same run (a
// bare Fastify server answering the same bytes). Loopback only, bounded in time; endpoints are
// interleaved over rounds and medians quoted, because this machine's speed drifts. Prints one
// table and writes it as JSON and Markdown under reports/bench/.
//
// Settings (environment): BENCH_ROUNDS (3), BENCH_DURATION seconds per measurement (4),
// BENCH_CONNECTIONS (10), BENCH_START_TIMEOUT seconds (600), BENCH_SEEDED_DATA_DIR (see below),
// BENCH_NODE_FLAGS (the server's Node flags instead of package.json's start script's), BENCH_POSTGRES_URL (postgres://postgres@127.0.0.1:5432/postgres; a fresh
// database is created there and dropped afterwards; "off" skips PostgreSQL).
import { Buffer } from "node:buffer";
import fs from "node:fs";
import http from "node:http";
import zlib from "node:zlib";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import pg from "pg";
import { firstPageAssets, gzippedSize } from "./bench/assets.mjs";
import { browserSession, checkoutContention, measure, median, memberSession, stockThroughCart, uniqueQueryRequests } from "./bench/load.mjs";
import { cpuMs, killAllChildren, peakRssMb, startBare, startShop, stopChild } from "./bench/processes.mjs";
import { markdownTable, textTable, writeReports } from "./bench/report.mjs";
import { ensureBuild } from "./ensure-build.mjs";
import { serverNodeFlags } from "./server-flags.mjs";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 4);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);
const POSTGRES_URL = process.env.BENCH_POSTGRES_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
/** BENCH_SEEDED_DATA_DIR: the DATA_DIR of a stopped shop whose embedded database is seeded; copied instead of seeding afresh. */
const SEEDED_DATA_DIR = process.env.BENCH_SEEDED_DATA_DIR;
const PAGE_ROUTES = ["/", "/shop", "/products/{id}"];
/** /shop rendered on every request: a query string the page cache does not keep. */
const RENDERED = "/shop, rendered";
/** /shop as a signed-in member gets it (the members' kept copy with their own data, decision 044). */
const MEMBER = "/shop, member";
const ASSET_ROUTES = ["/", "/shop", "/products/{id}", "/checkout"];
/** What Chromium sends (issue 31): the kept answers are measured with it as shoppers get them. */
const BROWSER_ENCODING = "gzip, deflate, br, zstd";
/** The kept answers measured with a browser's Accept-Encoding, each beside a bare route sending its very bytes. */
const ENCODED = ["API", "/", "/shop", "/products/{id}", MEMBER];
const encodedKey = (key) => `${key}, browser encoding`;
const bareEncodedKey = (key) => `bare ${key}, browser encoding`;

// memberRatio: members' /shop pages per second ≥ 3× the 145–160 /shop pages/s of 2026-11 (when every
// member's page was rendered), which were 0.012–0.013× the bare JSON route of the same runs
// (docs/performance.md).
const BUDGET = { encodedRatio: 0.5, apiRatio: 0.5, pageRatio: 0.1, pageP99Ms: 50, restartSeconds: 10, rssMb: 300, firstPageJsKb: 150, memberRatio: 3 * 0.0125 };

const log = (message) => console.error(`[bench ${((performance.now() - began) / 1000).toFixed(0).padStart(3)} s] ${message}`);
const began = performance.now();
const tempDirs = [];
let dropDatabase = null;

async function cleanUp() {
  killAllChildren();
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
  if (dropDatabase) await dropDatabase().catch((error) => console.error(`could not drop the bench database: ${error.message}`));
}

for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, () => {
    console.error(`\n${signal}: stopping the servers`);
    void cleanUp().finally(() => process.exit(130));
  });
}

function tempDir(prefix) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  tempDirs.push(dir);
  return dir;
}

async function get(url, headers = {}) {
  const response = await globalThis.fetch(url, { headers });
  const body = Buffer.from(await response.arrayBuffer());
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return body;
}

/** An answer's bytes as they come over the wire (fetch would decompress them) and its Content-Encoding. */
function getRaw(url, headers) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks = [];
        response.on("data", (chunk) => chunks.push(chunk));
        response.on("end", () => {
          if (response.statusCode !== 200) reject(new Error(`GET ${url} answered ${response.statusCode}`));
          else resolve({ body: Buffer.concat(chunks), encoding: response.headers["content-encoding"], vary: response.headers.vary ?? "" });
        });
      })
      .on("error", reject);
  });
}

function decoded({ body, encoding }) {
  if (encoding === "br") return zlib.brotliDecompressSync(body);
  if (encoding === "gzip") return zlib.gunzipSync(body);
  if (encoding === "zstd") return zlib.zstdDecompressSync(body);
  if (encoding === undefined) return body;
  throw new Error(`unexpected Content-Encoding ${encoding}`);
}

/** A fresh database on the PostgreSQL server, or null (with the reason) when it is not reachable. */
async function createPostgresDatabase() {
  if (POSTGRES_URL === "off") return { skipped: "BENCH_POSTGRES_URL=off" };
  const admin = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch (error) {
    return { skipped: `PostgreSQL at ${POSTGRES_URL.replace(/:[^:@/]*@/, ":***@")} is not reachable (${error.message})` };
  }
  const name = `kura_bench_${process.pid}_${Date.now()}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  dropDatabase = async () => {
    const client = new pg.Client({ connectionString: POSTGRES_URL, connectionTimeoutMillis: 3000 });
    await client.connect();
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
    dropDatabase = null;
  };
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), name };
}

/** Everything measured on one database. */
async function runDatabase(label, databaseUrl, { measureAssets }) {
  const dataDir = tempDir("kura-bench-");
  let firstStartMs = NaN;
  if (SEEDED_DATA_DIR && !databaseUrl) {
    // A copy of an embedded database seeded before (seeding takes minutes on a loaded machine).
    log(`${label}: copying the seeded database ${SEEDED_DATA_DIR}…`);
    fs.cpSync(SEEDED_DATA_DIR, dataDir, { recursive: true });
  } else {
    log(`${label}: first start (creates, migrates and seeds a fresh database)…`);
    const first = await startShop({ dataDir, databaseUrl });
    firstStartMs = first.startMs;
    await stopChild(first.child);
  }
  let shop;
  log(`${label}: first start ${(firstStartMs / 1000).toFixed(1)} s; (re)starting on the same database…`);
  shop = await startShop({ dataDir, databaseUrl });
  const restartMs = shop.startMs;
  log(`${label}: restart ${(restartMs / 1000).toFixed(1)} s`);
  let bare;
  try {
    // A returning shopper's browser: the session cookie of a first visit on every request.
    const { cookie } = await browserSession(shop.base);
    const headers = { cookie };
    const member = await memberSession(shop.base);
    // The member's page is theirs: their own address in it, and (the second time) from the kept copy.
    for (let visit = 1; visit <= 2; visit += 1) {
      const response = await globalThis.fetch(`${shop.base}/shop`, { headers: { cookie: member.cookie } });
      const body = await response.text();
      if (response.status !== 200 || !body.includes(member.email))
        throw new Error(`the member's /shop answered ${response.status} without the member's address`);
      if (visit === 2) log(`${label}: signed in as a member; their /shop: page cache ${response.headers.get("x-page-cache")}`);
    }
    const apiBody = await get(`${shop.base}/api/products`, headers);
    const products = JSON.parse(apiBody.toString()).data;
    const productId = (products.find((product) => !product.attributes.sold_out) ?? products[0]).id;
    const route = (template) => template.replace("{id}", productId);
    const html = {};
    for (const template of ASSET_ROUTES) html[template] = await get(`${shop.base}${route(template)}`, headers);

    const files = tempDir("kura-bench-bodies-");
    fs.writeFileSync(path.join(files, "products.json"), apiBody);
    fs.writeFileSync(path.join(files, "shop.html"), html["/shop"]);
    // Each kept answer as a browser gets it (the second time: from the kept copy), its bytes sent as
    // they are by a bare route of their own.
    const encodedAsk = {
      API: { path: "/api/products", headers, type: "application/json; charset=utf-8" },
      ...Object.fromEntries(PAGE_ROUTES.map((template) => [template, { path: route(template), headers, type: "text/html; charset=utf-8" }])),
      [MEMBER]: { path: "/shop", headers: { cookie: member.cookie }, type: "text/html; charset=utf-8" },
    };
    const encoded = {};
    const bareRoutes = {
      "/json": { file: path.join(files, "products.json"), type: "application/json; charset=utf-8" },
      "/html": { file: path.join(files, "shop.html"), type: "text/html; charset=utf-8" },
    };
    for (const [index, key] of ENCODED.entries()) {
      const ask = encodedAsk[key];
      await getRaw(`${shop.base}${ask.path}`, { ...ask.headers, "accept-encoding": BROWSER_ENCODING });
      const answer = await getRaw(`${shop.base}${ask.path}`, { ...ask.headers, "accept-encoding": BROWSER_ENCODING });
      const plain = decoded(answer);
      if (!/accept-encoding/i.test(answer.vary)) throw new Error(`${ask.path} with a browser's Accept-Encoding has no Vary: Accept-Encoding`);
      if (key === "API" && !plain.equals(apiBody)) throw new Error("GET /api/products decompressed is not the uncompressed answer");
      if (key !== "API" && !plain.toString().includes("</html>")) throw new Error(`${ask.path} decompressed is not a page`);
      const file = path.join(files, `encoded-${index}`);
      fs.writeFileSync(file, answer.body);
      bareRoutes[`/encoded/${index}`] = { file, type: ask.type, ...(answer.encoding ? { encoding: answer.encoding } : {}) };
      encoded[key] = { encoding: answer.encoding ?? "identity", wireBytes: answer.body.length, plainBytes: plain.length, barePath: `/encoded/${index}` };
    }
    log(
      `${label}: with a browser's Accept-Encoding: ${ENCODED.map((key) => `${key} ${encoded[key].encoding} ${(encoded[key].wireBytes / 1000).toFixed(1)} kB`).join(", ")}`,
    );
    bare = await startBare(bareRoutes);

    const assets = {};
    if (measureAssets) {
      for (const template of ASSET_ROUTES) {
        const { js, css } = firstPageAssets(html[template].toString());
        assets[template] = { js: gzippedSize(js), css: gzippedSize(css), htmlBytes: html[template].length };
      }
    }

    const endpoints = [
      { key: "bare JSON", url: `${bare.base}/json` },
      { key: "API", url: `${shop.base}/api/products`, headers },
      { key: "API, no cookie", url: `${shop.base}/api/products` },
      { key: "bare HTML", url: `${bare.base}/html`, cpuPid: bare.child.pid },
      ...PAGE_ROUTES.map((template) => ({ key: template, url: `${shop.base}${route(template)}`, headers })),
      { key: RENDERED, url: `${shop.base}/shop`, headers, requests: uniqueQueryRequests("/shop"), cpuPid: shop.child.pid },
      { key: MEMBER, url: `${shop.base}/shop`, headers: { cookie: member.cookie }, cpuPid: shop.child.pid },
      ...ENCODED.flatMap((key) => [
        { key: bareEncodedKey(key), url: `${bare.base}${encoded[key].barePath}`, headers: { "accept-encoding": BROWSER_ENCODING } },
        {
          key: encodedKey(key),
          url: `${shop.base}${encodedAsk[key].path}`,
          headers: { ...encodedAsk[key].headers, "accept-encoding": BROWSER_ENCODING },
          cpuPid: shop.child.pid,
        },
      ]),
    ];
    log(`${label}: warming up`);
    for (const endpoint of endpoints) await measure({ ...endpoint, connections: CONNECTIONS, duration: 1 });

    const max = Object.fromEntries(endpoints.map((endpoint) => [endpoint.key, []]));
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const endpoint of endpoints) {
        const cpuBefore = endpoint.cpuPid ? cpuMs(endpoint.cpuPid) : null;
        const measured = await measure({ ...endpoint, connections: CONNECTIONS, duration: DURATION });
        // CPU the answering process spent per answer: far steadier than req/s on a shared machine.
        if (cpuBefore !== null && measured.ok > 0) measured.cpuMsPerAnswer = (cpuMs(endpoint.cpuPid) - cpuBefore) / measured.ok;
        max[endpoint.key].push(measured);
      }
      log(`${label}: round ${round}/${ROUNDS} at full speed: ${endpoints.map((e) => `${e.key} ${max[e.key].at(-1).rps.toFixed(0)}`).join(", ")} req/s`);
    }

    const fixed = Object.fromEntries(PAGE_ROUTES.map((template) => [template, []]));
    const rates = Object.fromEntries(PAGE_ROUTES.map((template) => [template, Math.max(1, Math.floor(median(max[template].map((m) => m.rps)) / 2))]));
    for (let round = 1; round <= ROUNDS; round += 1) {
      for (const template of PAGE_ROUTES) {
        const endpoint = endpoints.find((e) => e.key === template);
        fixed[template].push(await measure({ ...endpoint, connections: CONNECTIONS, duration: DURATION, overallRate: rates[template] }));
      }
      log(`${label}: round ${round}/${ROUNDS} at half speed: ${PAGE_ROUTES.map((t) => `${t} p99 ${fixed[t].at(-1).p99} ms`).join(", ")}`);
    }

    log(`${label}: checkout under stock contention`);
    const candidates = products.filter((product) => !product.attributes.sold_out && product.attributes.buyable_limit === null).map((product) => product.id);
    const stock = await stockThroughCart(shop.base, candidates);
    const chosen = [...candidates].sort((a, b) => stock[b] - stock[a]).slice(0, 3);
    const checkout = await checkoutContention(shop.base, { products: chosen.map((id) => ({ id })) });
    log(`${label}: ${checkout.orders} orders, ${checkout.ordersPerSecond.toFixed(1)} orders/s, answers ${JSON.stringify(checkout.statuses)}`);

    const peakRss = peakRssMb(shop.child.pid);
    return { label, firstStartMs, restartMs, productId, max, fixed, rates, checkout, peakRss, assets, encoded };
  } finally {
    if (bare) await stopChild(bare.child);
    await stopChild(shop.child);
  }
}

const fmt = (value, digits = 0) =>
  Number.isFinite(value) ? value.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits }) : "n/a";
const verdict = (ok) => (ok ? "pass" : "FAIL");

function rowsFor(result) {
  const db = result.label;
  const rows = [];
  const rps = (key) => median(result.max[key].map((m) => m.rps));
  const ratio = (key, base) => median(result.max[key].map((m, round) => m.rps / result.max[base][round].rps));
  rows.push({ figure: "start-up to first page, fresh database (create, migrate, seed)", database: db, value: `${fmt(result.firstStartMs / 1000, 1)} s` });
  rows.push({
    figure: "start-up to first page, restart",
    database: db,
    value: `${fmt(result.restartMs / 1000, 1)} s`,
    budget: `≤ ${BUDGET.restartSeconds} s`,
    result: verdict(result.restartMs / 1000 <= BUDGET.restartSeconds),
  });
  for (const key of ENCODED) {
    const name = key === "API" ? "/api/products" : key === MEMBER ? "/shop as a signed-in member" : key.replace("{id}", result.productId);
    const { encoding, wireBytes, plainBytes } = result.encoded[key];
    const encodedRatio = ratio(encodedKey(key), bareEncodedKey(key));
    rows.push({
      figure: `GET ${name} req/s with a browser's Accept-Encoding (${BROWSER_ENCODING}; the kept ${encoding}, ${fmt(wireBytes / 1000, 1)} kB of ${fmt(plainBytes / 1000, 1)} kB)`,
      database: db,
      value: `${fmt(rps(encodedKey(key)))} (${fmt(encodedRatio, 2)}×); ${fmt(median(result.max[encodedKey(key)].map((m) => m.cpuMsPerAnswer ?? NaN)), 2)} ms CPU per answer`,
      budget: `≥ ${BUDGET.encodedRatio}× bare, same bytes`,
      baseline: `bare route sending the same ${encoding} bytes ${fmt(rps(bareEncodedKey(key)))}; without Accept-Encoding ${fmt(rps(key))}`,
      result: verdict(encodedRatio >= BUDGET.encodedRatio),
    });
  }
  const apiRatio = ratio("API", "bare JSON");
  rows.push({
    figure: "GET /api/products req/s",
    database: db,
    value: `${fmt(rps("API"))} (${fmt(apiRatio, 2)}×)`,
    budget: `≥ ${BUDGET.apiRatio}× bare`,
    baseline: `bare JSON ${fmt(rps("bare JSON"))}`,
    result: verdict(apiRatio >= BUDGET.apiRatio),
  });
  rows.push({
    figure: "GET /api/products req/s without session cookie (first visit)",
    database: db,
    value: `${fmt(rps("API, no cookie"))} (${fmt(ratio("API, no cookie", "bare JSON"), 2)}×)`,
    baseline: `bare JSON ${fmt(rps("bare JSON"))}`,
  });
  rows.push({
    figure: `GET /api/products p99 at full speed (${CONNECTIONS} conn.)`,
    database: db,
    value: `${fmt(median(result.max.API.map((m) => m.p99)))} ms`,
    baseline: `bare JSON ${fmt(median(result.max["bare JSON"].map((m) => m.p99)))} ms`,
  });
  for (const template of PAGE_ROUTES) {
    const name = template.replace("{id}", result.productId);
    const pageRatio = ratio(template, "bare JSON");
    rows.push({
      figure: `GET ${name} req/s`,
      database: db,
      value: `${fmt(rps(template))} (${fmt(pageRatio, 3)}×)`,
      budget: `≥ ${BUDGET.pageRatio}× bare JSON`,
      baseline: `bare JSON ${fmt(rps("bare JSON"))}; bare HTML ${fmt(rps("bare HTML"))}`,
      result: verdict(pageRatio >= BUDGET.pageRatio),
    });
    const p99 = median(result.fixed[template].map((m) => m.p99));
    rows.push({
      figure: `GET ${name} p99 at ${result.rates[template]} req/s (half max)`,
      database: db,
      value: `${fmt(p99)} ms`,
      budget: `≤ ${BUDGET.pageP99Ms} ms`,
      baseline: `p50 ${fmt(median(result.fixed[template].map((m) => m.p50)))} ms`,
      result: verdict(p99 <= BUDGET.pageP99Ms),
    });
  }
  const memberRatio = ratio(MEMBER, "bare JSON");
  rows.push({
    figure: "GET /shop req/s as a signed-in member (the members' kept copy, their own data written in)",
    database: db,
    value: `${fmt(rps(MEMBER))} (${fmt(memberRatio, 3)}×)`,
    budget: `≥ ${fmt(BUDGET.memberRatio, 4)}× bare JSON (3× 2026-11)`,
    baseline: `bare JSON ${fmt(rps("bare JSON"))}; p99 at full speed ${fmt(median(result.max[MEMBER].map((m) => m.p99)))} ms`,
    result: verdict(memberRatio >= BUDGET.memberRatio),
  });
  rows.push({
    figure: "GET /shop req/s rendered every time (a new query string each request, so never kept; every member's page until decision 044)",
    database: db,
    value: `${fmt(rps(RENDERED))} (${fmt(ratio(RENDERED, "bare JSON"), 3)}×)`,
    baseline: `bare JSON ${fmt(rps("bare JSON"))}; p99 at full speed ${fmt(median(result.max[RENDERED].map((m) => m.p99)))} ms`,
  });
  const cpuOf = (key) => median(result.max[key].map((m) => m.cpuMsPerAnswer ?? NaN));
  rows.push({
    figure: "server CPU per member's /shop page (user + system ÷ answers)",
    database: db,
    value: `${fmt(cpuOf(MEMBER), 2)} ms`,
    baseline: `~8 ms in 2026-11, when it was rendered`,
  });
  rows.push({
    figure: "server CPU per rendered /shop page (user + system ÷ answers)",
    database: db,
    value: `${fmt(cpuOf(RENDERED), 2)} ms (${fmt(cpuOf(RENDERED) / cpuOf("bare HTML"), 1)}× bare)`,
    baseline: `bare HTML server ${fmt(cpuOf("bare HTML"), 2)} ms per answer of the same bytes; ~8 ms in 2026-11`,
  });
  const c = result.checkout;
  const totalStock = Object.values(c.stockBefore).reduce((a, b) => a + b, 0);
  rows.push({
    figure: `POST /api/checkout orders/s (20 guests at once, 3 products, ${totalStock} bottles)`,
    database: db,
    value: `${fmt(c.ordersPerSecond, 1)} orders/s`,
    baseline: `${c.orders} orders, ${c.refusedForStock} refused for stock, ${fmt(c.attemptsPerSecond, 1)} answers/s, p99 ${fmt(c.p99)} ms`,
  });
  const unexpected = Object.entries(c.statuses).filter(([status]) => status !== "200" && status !== "422");
  rows.push({
    figure: "checkout: stock never negative, stock taken = bottles ordered",
    database: db,
    value: `stock ${Object.values(c.stockBefore).join("+")} → ${Object.values(c.stockAfter).join("+")}${unexpected.length ? `; other answers ${JSON.stringify(Object.fromEntries(unexpected))}` : ""}`,
    budget: "exact",
    result: verdict(c.stockNeverNegative && c.stockAddsUp && unexpected.length === 0 && c.errors === 0),
  });
  const embedded = !db.startsWith("PostgreSQL");
  rows.push({
    figure: "peak RSS of the server (VmHWM)",
    database: db,
    value: `${fmt(result.peakRss)} MB`,
    ...(embedded ? { budget: `≤ ${BUDGET.rssMb} MB`, result: verdict(result.peakRss <= BUDGET.rssMb) } : {}),
  });
  return rows;
}

function assetRows(assets, productId) {
  const rows = [];
  for (const [template, { js, css, htmlBytes }] of Object.entries(assets)) {
    const name = template.replace("{id}", productId);
    const missing = [...js.missing, ...css.missing];
    rows.push({
      figure: `first-page JS gzipped ${name} (${js.files} files)`,
      value: `${fmt(js.gzip / 1000, 1)} kB${missing.length ? ` (${missing.length} files missing in build/client)` : ""}`,
      budget: `≤ ${BUDGET.firstPageJsKb} kB`,
      baseline: `${fmt(js.raw / 1000, 1)} kB raw`,
      result: verdict(js.gzip / 1000 <= BUDGET.firstPageJsKb && missing.length === 0),
    });
    rows.push({
      figure: `first-page CSS gzipped ${name} (${css.files} files)`,
      value: `${fmt(css.gzip / 1000, 1)} kB`,
      baseline: `${fmt(css.raw / 1000, 1)} kB raw`,
    });
    rows.push({ figure: `HTML of ${name} as a returning guest gets it`, value: `${fmt(htmlBytes / 1000, 1)} kB` });
  }
  return rows;
}

async function main() {
  ensureBuild();
  const startedAt = new Date().toISOString();
  const machine = {
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? "?",
    node: process.version,
    loadAverage: os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(" "),
  };
  const notes = [
    `Shop started as \`node ${serverNodeFlags().join(" ")} dist/server/main.js\` (the flags of \`npm start\`) with NODE_ENV=production, HOST=127.0.0.1, LOG_LEVEL=warn and RATE_LIMIT_MULTIPLIER=1000 (the checkout limit of 30 per 10 minutes per address would otherwise refuse the bench after 30 orders).`,
    `Requests carry a session cookie (a returning browser). The rows "with a browser's Accept-Encoding" send Chromium's \`${BROWSER_ENCODING}\`, as shoppers do, and compare with a bare Fastify route sending the very bytes the shop answered (fetched once, its Content-Encoding and Vary with them); the other rows send no Accept-Encoding, so neither side compresses (application work, not compression).`,
    `Ratios are the median of the per-round ratios (each endpoint measured right after its baseline in the same round); req/s count 200 answers only.`,
    `p99 at half max: autocannon overallRate = half the median maximum, latencies corrected for coordinated omission.`,
    `Checkout: guests (40 sessions, each with its CSRF token) post bank-transfer or cash-on-delivery orders of one or two of the three products with most stock, one bottle each, until ~1.3× the stock is asked for; orders/s = orders ÷ time to the last order. Stock is read through PUT /api/carts (it clamps to stock).`,
  ];
  const results = [];
  results.push(await runDatabase("embedded (PGlite)", undefined, { measureAssets: true }));
  const postgres = await createPostgresDatabase();
  if (postgres.skipped) {
    notes.push(`PostgreSQL skipped: ${postgres.skipped}.`);
    log(`PostgreSQL skipped: ${postgres.skipped}`);
  } else {
    try {
      results.push(await runDatabase("PostgreSQL", postgres.url, { measureAssets: false }));
    } finally {
      await dropDatabase?.();
    }
  }

  const rows = [...results.flatMap(rowsFor), ...assetRows(results[0].assets, results[0].productId)];
  for (const result of results) {
    for (const [key, runs] of Object.entries({
      ...result.max,
      ...Object.fromEntries(Object.entries(result.fixed).map(([k, v]) => [`${k} (fixed rate)`, v])),
    })) {
      const failed = runs.reduce((sum, run) => sum + run.failed, 0);
      if (failed > 0) notes.push(`${result.label}: ${key} had ${failed} answers that were not 200 or errors.`);
    }
  }
  const seconds = (performance.now() - began) / 1000;
  notes.push(`Total run time ${fmt(seconds)} s.`);
  const report = { startedAt, machine, settings: { rounds: ROUNDS, duration: DURATION, connections: CONNECTIONS }, budgets: BUDGET, rows, results, notes };
  const file = writeReports(report, { notes });
  console.log(`\n${textTable(rows)}\n`);
  for (const note of notes) console.log(`- ${note}`);
  console.log(`\nWritten: ${file} (and .json; latest.md/latest.json beside them)`);
  if (process.env.BENCH_PRINT_MARKDOWN) console.log(`\n${markdownTable(rows)}`);
}

try {
  await main();
} catch (error) {
  console.error(error instanceof Error ? error.stack : error);
  process.exitCode = 1;
} finally {
  await cleanUp();
}
