// The baseline of `npm run bench`: a bare Fastify server answering fixed bytes (the shop's own
// GET /api/products JSON and page HTML, fetched once), so the shop's figures can be read as a share
// of what Fastify and this machine do with no application work at all.
// A route with an "encoding" sends the shop's compressed bytes as they came (with Content-Encoding
// and Vary, as the shop sends them): the baseline of the rows with a browser's Accept-Encoding.
// Usage: node scripts/bench/bare-server.mjs PORT '{"/json": {"file": "…", "type": "…", "encoding"?: "br"}, …}'
import fs from "node:fs";
import Fastify from "fastify";

const port = Number(process.argv[2]);
const routes = JSON.parse(process.argv[3] ?? "{}");

const app = Fastify({ logger: false });
for (const [route, { file, type, encoding }] of Object.entries(routes)) {
  const body = fs.readFileSync(file);
  app.get(route, (_request, reply) => {
    if (encoding) reply.header("content-encoding", encoding).header("vary", "accept-encoding");
    reply.header("content-type", type).send(body);
  });
}
app.get("/healthz", () => ({ ok: true }));

for (const signal of ["SIGTERM", "SIGINT"]) {
  process.on(signal, () => {
    void app.close().then(() => process.exit(0));
  });
}
await app.listen({ port, host: "127.0.0.1" });
