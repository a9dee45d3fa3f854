/**
 * Builds the web app when dist/ is missing or older than its sources, so `npm start` alone suffices.
 * The build runs in a child process: Vite and Rolldown would otherwise stay in the server's heap
 * (about 870 MB instead of about 200 MB).
 */
import fs from 'node:fs';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

function newestMtime(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile()) continue;
    newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

export function webBuildIsCurrent(webDir: string, root = process.cwd()): boolean {
  const built = path.join(webDir, 'index.html');
  const sources = Math.max(
    ...['src', 'sw', 'public'].map((d) => newestMtime(path.join(root, d))),
    ...['index.html', 'vite.config.ts'].map((f) => (fs.existsSync(path.join(root, f)) ? fs.statSync(path.join(root, f)).mtimeMs : 0)),
  );
  return fs.existsSync(built) && fs.statSync(built).mtimeMs >= sources;
}

export async function ensureWebBuild(webDir: string): Promise<void> {
  const root = process.cwd();
  if (webBuildIsCurrent(webDir, root)) return;
  console.log('Building the web app ...');
  const vite = path.join(path.dirname(createRequire(path.join(root, 'package.json')).resolve('vite/package.json')), 'bin', 'vite.js');
  await new Promise<void>((resolve, reject) => {
    const child = spawn(process.execPath, [vite, 'build', '--outDir', webDir, '--emptyOutDir', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
    child.once('error', reject);
    child.once('exit', (code, signal) => (code === 0 ? resolve() : reject(new Error(`The web app build failed (${signal ?? `exit code ${code}`})`))));
  });
}
