// Writes name.br (brotli 11) and name.gz (gzip 9) beside every text file of the client build, so
// the server sends scripts and styles as they are instead of compressing them per request
// (@fastify/static's preCompressed; decision 066). Run by `npm run build` after `react-router build`.
// The extensions are src/server/http/precompressed.ts's (the server sets Vary on them).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

const TEXT = /\.(?:js|mjs|css|svg|json|txt|xml|html|webmanifest|map)$/u;
/** As the server's compression threshold: smaller files go out as they are. */
const THRESHOLD = 1024;

export function precompress(directory) {
  let files = 0;
  let raw = 0;
  let brotli = 0;
  for (const entry of fs.readdirSync(directory, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !TEXT.test(entry.name)) continue;
    const file = path.join(entry.parentPath, entry.name);
    const content = fs.readFileSync(file);
    if (content.length < THRESHOLD) continue;
    const br = zlib.brotliCompressSync(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    });
    const gz = zlib.gzipSync(content, { level: 9, memLevel: 9 });
    // A form no smaller than the file is not written: the file itself is served.
    if (br.length < content.length) fs.writeFileSync(`${file}.br`, br);
    if (gz.length < content.length) fs.writeFileSync(`${file}.gz`, gz);
    files += 1;
    raw += content.length;
    brotli += Math.min(br.length, content.length);
  }
  return { files, raw, brotli };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const directory = path.resolve(process.argv[2] ?? "build/client");
  const { files, raw, brotli } = precompress(directory);
  console.log(
    `Precompressed ${files} files of ${path.relative(process.cwd(), directory) || "."}: ${(raw / 1024).toFixed(1)} kB → ${(brotli / 1024).toFixed(1)} kB brotli (and gzip beside).`,
  );
}
