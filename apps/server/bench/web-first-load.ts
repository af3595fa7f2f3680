// npm run bench "first load": the JavaScript a browser downloads before /login and / are usable.
//
// Builds the web app with Vite into a temporary folder, serves it from the real server (fresh embedded database),
// opens the pages in Playwright's Chromium with the cache off and records every script it fetches until the network
// is idle. The first load is what the page needs before it is usable: the entry, the chunks of the route's screen
// and layout, and everything they import statically (Vite's build output gives each chunk's imports). Chunks that
// load after that by a dynamic import (the home dashboard and its chart, the toasts' holder fetched when the browser
// is idle) are counted apart, under "until network idle". It prints the gzip size of those files (zlib level 9) and
// the bytes Chromium really transferred (whatever encoding the server chose), and says whether any of them holds
// zod (from the module list of each chunk).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page, type Request } from '@playwright/test';
import { BENCH_ADMIN_PASSWORD, benchApp } from './harness.js';

const webRoot = path.resolve(import.meta.dirname, '../../web');

type OutputChunk = {
  type: 'chunk' | 'asset';
  fileName: string;
  moduleIds?: string[];
  imports?: string[];
  isEntry?: boolean;
};

/** The modules whose chunks a route needs before it is usable (its layout and screen), besides the entry. */
const routeModules: Record<'/login' | '/', RegExp[]> = {
  '/login': [/[\\/]src[\\/]pages[\\/]login[\\/]index\.tsx$/],
  '/': [/[\\/]src[\\/]layouts[\\/]DefaultLayout\.tsx$/, /[\\/]src[\\/]pages[\\/]home[\\/]index\.tsx$/],
};
type ViteBuild = (config: Record<string, unknown>) => Promise<{ output: OutputChunk[] } | { output: OutputChunk[] }[]>;

/** Vite is a dependency of the web workspace: resolve it from there. */
async function viteBuild(): Promise<ViteBuild> {
  const entry = createRequire(path.join(webRoot, 'package.json')).resolve('vite');
  return ((await import(pathToFileURL(entry).href)) as { build: ViteBuild }).build;
}

type Loaded = { file: string; raw: number; gzip: number; transferred: number };

/** Records the /assets/*.js files the page fetches while `step` runs. */
async function scriptsDuring(page: Page, outDir: string, step: () => Promise<void>): Promise<Loaded[]> {
  const seen = new Map<string, Loaded>();
  const onFinished = async (req: Request) => {
    const url = new URL(req.url());
    if (!url.pathname.startsWith('/assets/') || !url.pathname.endsWith('.js')) return;
    const file = path.join(outDir, url.pathname);
    const body = fs.readFileSync(file);
    const sizes = await req.sizes();
    seen.set(url.pathname, {
      file: url.pathname.slice('/assets/'.length),
      raw: body.length,
      gzip: zlib.gzipSync(body, { level: 9 }).length,
      transferred: sizes.responseBodySize,
    });
  };
  const listener = (req: Request) => void onFinished(req);
  page.on('requestfinished', listener);
  await step();
  await page.waitForLoadState('networkidle');
  page.off('requestfinished', listener);
  return [...seen.values()];
}

/** The page's sessionStorage, for callbacks that run in the page (this file is compiled without the DOM types). */
type InPage = { sessionStorage: Record<string, string> & { setItem(k: string, v: string): void } };

const kB = (n: number) => (n / 1000).toFixed(1).padStart(7) + ' kB';

export async function benchWebFirstLoad() {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'fp-bench-web-'));
  const build = await viteBuild();
  const result = await build({ root: webRoot, logLevel: 'error', build: { outDir, emptyOutDir: true } });
  const chunks = (Array.isArray(result) ? result : [result]).flatMap((r) => r.output);
  const js = chunks.filter((c) => c.type === 'chunk');
  const short = (f: string) => f.replace(/^assets\//, '');
  const modulesOf = new Map(js.map((c) => [short(c.fileName), c.moduleIds ?? []]));
  const importsOf = new Map(js.map((c) => [short(c.fileName), (c.imports ?? []).map(short)]));
  /** The entry and the chunks of the route's modules, with all they import statically. */
  const firstLoadOf = (route: '/login' | '/') => {
    const roots = js
      .filter((c) => c.isEntry || routeModules[route].some((re) => (c.moduleIds ?? []).some((id) => re.test(id))))
      .map((c) => short(c.fileName));
    for (const re of routeModules[route])
      if (!js.some((c) => (c.moduleIds ?? []).some((id) => re.test(id)))) throw new Error(`no chunk holds ${re}`);
    const seen = new Set<string>();
    const stack = [...roots];
    while (stack.length) {
      const f = stack.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      stack.push(...(importsOf.get(f) ?? []));
    }
    return seen;
  };

  process.env.WEB_DIST = outDir;
  const b = await benchApp();
  const address = await b.app.listen({ port: 0, host: '127.0.0.1' });
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    // A fresh context has an empty cache; the cache is also turned off, so every script is fetched.
    const open = async (init?: {
      storageState: Awaited<ReturnType<BrowserContext['storageState']>>;
      session: string;
    }) => {
      const context = await browser.newContext({ baseURL: address, storageState: init?.storageState });
      if (init)
        await context.addInitScript(
          (s) =>
            Object.entries(JSON.parse(s) as Record<string, string>).forEach(([k, v]) =>
              (globalThis as unknown as InPage).sessionStorage.setItem(k, v),
            ),
          init.session,
        );
      const page = await context.newPage();
      await (await context.newCDPSession(page)).send('Network.setCacheDisabled', { cacheDisabled: true });
      return page;
    };

    const page = await open();
    const login = await scriptsDuring(page, outDir, async () => {
      await page.goto('/login');
      await page.getByRole('button', { name: 'Log in' }).waitFor();
    });
    await page.getByLabel('Username').fill('admin');
    await page.getByLabel('Password').fill(BENCH_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByText('Xin chào').waitFor();
    // A fresh load of / by a logged-in user: the session cookie and the session storage of the login above.
    const session = await page.evaluate(() => JSON.stringify({ ...(globalThis as unknown as InPage).sessionStorage }));
    const homePage = await open({ storageState: await page.context().storageState(), session });
    const home = await scriptsDuring(homePage, outDir, async () => {
      await homePage.goto('/');
      await homePage.getByText('Xin chào').waitFor();
    });

    console.log(`Web app built into ${outDir}; Chromium with the cache off`);
    for (const [route, fetched] of [
      ['/login', login],
      ['/', home],
    ] as const) {
      const needed = firstLoadOf(route);
      const files = fetched.filter((f) => needed.has(f.file));
      const later = fetched.filter((f) => !needed.has(f.file));
      const missing = [...needed].filter((f) => !fetched.some((g) => g.file === f));
      if (missing.length) throw new Error(`${route} did not fetch ${missing.join(', ')}`);
      const sum = (list: Loaded[], k: 'raw' | 'gzip' | 'transferred') => list.reduce((s, f) => s + f[k], 0);
      const zod = fetched.filter((f) =>
        (modulesOf.get(f.file) ?? []).some((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id)),
      );
      console.log(
        `${route.padEnd(8)} first load ${String(files.length).padStart(3)} scripts  gzip ${kB(sum(files, 'gzip'))}  ` +
          `raw ${kB(sum(files, 'raw'))}  transferred ${kB(sum(files, 'transferred'))}  ` +
          `zod: ${zod.length ? zod.map((f) => f.file).join(', ') : 'none'}`,
      );
      console.log(
        `         until network idle: ${fetched.length} scripts, gzip ${kB(sum(fetched, 'gzip'))} ` +
          `(loaded after the first load: ${later.map((f) => `${f.file} ${(f.gzip / 1000).toFixed(1)}`).join(', ') || 'none'})`,
      );
      const largest = [...files].sort((a, c) => c.gzip - a.gzip).slice(0, 6);
      console.log(
        `         largest (gzip): ${largest.map((f) => `${f.file} ${(f.gzip / 1000).toFixed(1)}`).join(', ')}`,
      );
    }
  } finally {
    await browser.close();
    await b.close();
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}
