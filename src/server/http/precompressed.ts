/**
 * The build's files that ship compressed beside themselves (`name.br`, `name.gz`, made by
 * scripts/precompress.mjs after `react-router build`, decision 066) and are served so by
 * @fastify/static's `preCompressed`: text, which compresses. Keep in step with the script's list.
 */
export const PRECOMPRESSED_EXTENSIONS = /\.(?:js|mjs|css|svg|json|txt|xml|html|webmanifest|map)(?:\.br|\.gz)?$/u;

export function isPrecompressible(filePath: string): boolean {
  return PRECOMPRESSED_EXTENSIONS.test(filePath);
}
