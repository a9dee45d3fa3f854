/** Builds the web app when dist/ is missing or older than its sources, so `npm start` alone suffices. */
import fs from 'node:fs';
import path from 'node:path';

function newestMtime(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

export async function ensureWebBuild(webDir: string): Promise<void> {
  const built = path.join(webDir, 'index.html');
  const root = process.cwd();
  const sources = Math.max(
    ...['src', 'sw', 'public'].map((d) => newestMtime(path.join(root, d))),
    ...['index.html', 'vite.config.ts'].map((f) => (fs.existsSync(f) ? fs.statSync(f).mtimeMs : 0)),
  );
  if (fs.existsSync(built) && fs.statSync(built).mtimeMs >= sources) return;
  console.log('Building the web app ...');
  const { build } = await import('vite');
  await build({ root, logLevel: 'warn', build: { outDir: webDir, emptyOutDir: true } });
}
