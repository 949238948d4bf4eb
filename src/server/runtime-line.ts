/**
 * The start-up line that says what memory settings this process actually runs with: the V8 heap
 * limit (set by --max-old-space-size and --max-semi-space-size) and Node's compile cache (without
 * it, the TypeScript transformer stays loaded). npm start and deploy/placar.service set
 * them; a test starts Placar as npm start does and checks this line against its flags.
 */
import module from 'node:module';
import v8 from 'node:v8';

export function formatRuntimeLine(): string {
  const heapLimitMb = Math.round(v8.getHeapStatistics().heap_size_limit / (1024 * 1024));
  const cacheDir = module.getCompileCacheDir();
  const cache = cacheDir ? `cache de compilação em ${cacheDir}` : 'sem cache de compilação (NODE_COMPILE_CACHE)';
  return `Node ${process.version}: heap do V8 até ${heapLimitMb} MB, ${cache}`;
}
