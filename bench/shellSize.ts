/**
 * Budget: at most 250 KB of JavaScript (gzip) before the first screen. Counts the entry script and
 * every chunk index.html preloads (what the browser must fetch before rendering), gzip level 9.
 */
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ShellSize {
  files: { file: string; gzipBytes: number }[];
  totalGzipBytes: number;
  budgetBytes: number;
}

export function measureShellSize(distDir = path.resolve('dist')): ShellSize {
  const html = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const refs = new Set<string>();
  for (const m of html.matchAll(/<script[^>]+src="([^"]+\.js)"/g)) refs.add(m[1]);
  for (const m of html.matchAll(/<link[^>]+rel="modulepreload"[^>]+href="([^"]+\.js)"/g)) refs.add(m[1]);
  const files = [...refs].map((ref) => {
    const buf = fs.readFileSync(path.join(distDir, ref.replace(/^\//, '')));
    return { file: ref, gzipBytes: gzipSync(buf, { level: 9 }).length };
  });
  return { files, totalGzipBytes: files.reduce((s, f) => s + f.gzipBytes, 0), budgetBytes: 250 * 1024 };
}
